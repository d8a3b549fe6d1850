import CLibPNG

/// A PNG decoded by libpng's simplified read API into straight-alpha RGBA8, for tests that
/// check our encoder's output with an independent decoder.
public struct DecodedPNG: Sendable {
    public let width: Int
    public let height: Int
    /// Row-major RGBA8, straight alpha.
    public let pixels: [UInt8]

    /// Decodes `bytes`; nil if libpng rejects them.
    public init?(_ bytes: [UInt8]) {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let began = bytes.withUnsafeBytes { raw in
            png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count)
        }
        guard began != 0 else { return nil }
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // PNG_FORMAT_RGBA
        var out = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
        let finished = bytes.withUnsafeBytes { _ in
            out.withUnsafeMutableBytes { buffer in
                png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
            }
        }
        png_image_free(&image)
        guard finished != 0 else { return nil }
        width = Int(image.width)
        height = Int(image.height)
        pixels = out
    }

    /// Straight-alpha RGBA of pixel (x, y).
    public func rgba(_ x: Int, _ y: Int) -> [Int] {
        let i = (y * width + x) * 4
        return pixels[i..<i + 4].map(Int.init)
    }
}

/// The tEXt and uncompressed iTXt chunks of a PNG file, read straight from its bytes (PNG 1.2
/// sections 4.2.3.1 and 4.2.3.3).
public func pngTextChunks(_ bytes: [UInt8]) -> [String: String] {
    var result: [String: String] = [:]
    var i = 8
    while i + 8 <= bytes.count {
        let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
        let type = String(decoding: bytes[i + 4..<i + 8], as: UTF8.self)
        guard i + 12 + length <= bytes.count else { break }
        if type == "tEXt" {
            let data = bytes[i + 8..<i + 8 + length]
            if let nul = data.firstIndex(of: 0) {
                let key = String(decoding: data[..<nul], as: UTF8.self)
                let text = String(data[(nul + 1)...].map { Character(Unicode.Scalar($0)) })
                result[key] = text
            }
        } else if type == "iTXt" {
            // keyword NUL, compression flag, method, language tag NUL, translated keyword NUL,
            // UTF-8 text (PNG 1.2 section 4.2.3.3); uncompressed chunks only.
            let data = Array(bytes[i + 8..<i + 8 + length])
            if let nul = data.firstIndex(of: 0), nul + 2 < data.count, data[nul + 1] == 0,
               let langEnd = data[(nul + 3)...].firstIndex(of: 0),
               let translatedEnd = data[(langEnd + 1)...].firstIndex(of: 0) {
                let key = String(decoding: data[..<nul], as: UTF8.self)
                result[key] = String(decoding: data[(translatedEnd + 1)...], as: UTF8.self)
            }
        }
        i += 12 + length
    }
    return result
}
