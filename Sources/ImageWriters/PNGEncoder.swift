import CPNGEncoder
import Geometry
import Raster

/// Errors from PNG encoding.
public enum PNGEncodingError: Error, Equatable, Sendable {
    /// Zero width or height, or dimensions libpng cannot take.
    case invalidDimensions(width: Int, height: Int)
    case outOfMemory
    /// libpng refused; its message.
    case libpng(String)
}

/// PNG encoding through libpng (Debian `libpng-dev`): 8-bit RGBA, straight alpha, non-interlaced.
public struct PNGEncoder: Sendable {
    /// One tEXt chunk (PNG 1.2 section 4.2.3.1): a Latin-1 keyword such as `Title`,
    /// `Description` or `Software`, and its text. Characters outside Latin-1 become `?`.
    public struct TextChunk: Sendable, Equatable {
        public var keyword: String
        public var text: String
        public init(keyword: String, text: String) {
            self.keyword = keyword
            self.text = text
        }
    }

    /// Bit mask of libpng's row filters (PNG_FILTER_NONE 0x08, SUB 0x10, UP 0x20, AVG 0x40,
    /// PAETH 0x80); 0 lets libpng choose.
    public var filters: Int32 = 0
    /// zlib compression level 0...9; -1 is zlib's default (6).
    public var compressionLevel: Int32 = -1
    /// zlib strategy (Z_DEFAULT_STRATEGY 0, Z_FILTERED 1, Z_HUFFMAN_ONLY 2, Z_RLE 3); -1 default.
    public var strategy: Int32 = -1

    public init() {}

    /// Encodes a canvas (premultiplied) as PNG, converting to straight alpha first.
    public func encode(_ canvas: Canvas, text: [TextChunk] = []) throws(PNGEncodingError) -> [UInt8] {
        try encode(straightRGBA: canvas.straightAlphaPixels(), width: canvas.width,
                   height: canvas.height, text: text)
    }

    /// Encodes `width * height` straight-alpha RGBA8 pixels, rows packed top to bottom.
    public func encode(straightRGBA pixels: [UInt8], width: Int, height: Int,
                       text: [TextChunk] = []) throws(PNGEncodingError) -> [UInt8] {
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20,
              pixels.count == width * height * 4 else {
            throw .invalidDimensions(width: width, height: height)
        }
        // Keep the C strings alive for the duration of the call.
        let keywords = text.map { Self.latin1CString($0.keyword, maxLength: 79) }
        let texts = text.map { Self.latin1CString($0.text, maxLength: 1 << 16) }
        var options = tis_png_options(filters: filters, compression_level: compressionLevel,
                                      strategy: strategy)
        var buffer = tis_png_buffer(data: nil, size: 0, capacity: 0)
        var message = [CChar](repeating: 0, count: 256)
        let status: Int32 = keywords.withUnsafeCStrings { keywordPointers in
            texts.withUnsafeCStrings { textPointers in
                var chunks = zip(keywordPointers, textPointers).map { tis_png_text(keyword: $0, text: $1) }
                return pixels.withUnsafeBufferPointer { px in
                    chunks.withUnsafeMutableBufferPointer { chunkBuffer in
                        message.withUnsafeMutableBufferPointer { msg in
                            tis_png_encode_rgba(px.baseAddress, UInt32(width), UInt32(height), width * 4,
                                                &options, chunkBuffer.baseAddress, Int32(chunkBuffer.count),
                                                &buffer, msg.baseAddress, msg.count)
                        }
                    }
                }
            }
        }
        defer { tis_png_buffer_free(&buffer) }
        switch Int(status) {
        case TIS_PNG_OK:
            guard let data = buffer.data else { throw .libpng("no output") }
            return Array(UnsafeBufferPointer(start: data, count: buffer.size))
        case TIS_PNG_ERROR_MEMORY:
            throw .outOfMemory
        case TIS_PNG_ERROR_ARGUMENT:
            throw .invalidDimensions(width: width, height: height)
        default:
            throw .libpng(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }

    /// Latin-1 bytes of `s` (non-Latin-1 scalars and NUL become `?`), NUL-terminated.
    static func latin1CString(_ s: String, maxLength: Int) -> [CChar] {
        var bytes: [CChar] = s.unicodeScalars.prefix(maxLength).map { scalar in
            scalar.value > 0 && scalar.value < 256 ? CChar(bitPattern: UInt8(scalar.value)) : CChar(UInt8(ascii: "?"))
        }
        bytes.append(0)
        return bytes
    }
}

extension Array where Element == [CChar] {
    /// Calls `body` with pointers to each NUL-terminated element, valid during the call.
    fileprivate func withUnsafeCStrings<R>(_ body: ([UnsafePointer<CChar>]) -> R) -> R {
        var pointers: [UnsafePointer<CChar>] = []
        func recurse(_ index: Int) -> R {
            if index == count { return body(pointers) }
            return self[index].withUnsafeBufferPointer { buffer in
                pointers.append(buffer.baseAddress!)
                return recurse(index + 1)
            }
        }
        return recurse(0)
    }
}
