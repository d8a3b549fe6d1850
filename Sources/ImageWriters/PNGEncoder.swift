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

/// PNG encoding through libpng (Debian `libpng-dev`): 8 bits per channel, straight alpha,
/// non-interlaced; RGBA, or a palette of the same pixels when `allowsPalette` and the image has
/// at most 256 distinct RGBA values.
public struct PNGEncoder: Sendable {
    /// One text chunk: a Latin-1 keyword such as `Title`, `Description` or `Software` (1-79
    /// characters; others become `?`) and its text. Text that is all Latin-1 goes into a tEXt
    /// chunk (PNG 1.2 section 4.2.3.1); any other text into an iTXt chunk as UTF-8, uncompressed,
    /// with an empty language tag (section 4.2.3.3).
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
    /// One step of the zlib level policy: image data (rows with their filter bytes, after any
    /// palette reduction: height x (1 + width x bytes per pixel)) under `belowBytes` bytes is
    /// compressed at `level`.
    public struct LevelStep: Sendable, Equatable {
        public var belowBytes: Int
        public var level: Int32
        public init(belowBytes: Int, level: Int32) {
            self.belowBytes = belowBytes
            self.level = level
        }
    }

    /// zlib compression level 0...9 for image data that no step of `smallImageLevels` takes;
    /// -1 is zlib's default (6).
    public var compressionLevel: Int32 = -1
    /// Levels for smaller images, the first step whose bound the data is under wins: small
    /// images are cheap in bytes and dear in time per byte, large ones the other way round.
    public var smallImageLevels: [LevelStep] = []
    /// Levels for a palette image's data (one byte per pixel) in place of `smallImageLevels`;
    /// nil: `smallImageLevels`. Palette data compresses to a fraction of the bytes, so a
    /// higher level costs less there.
    public var paletteImageLevels: [LevelStep]? = nil
    /// A level for every image (RGBA or palette data), whatever the steps above say: a still
    /// whose cost at the steps' levels would pass the budget takes the cheapest level
    /// (`StillCost`, `PNGEncoder.cheapest`); nil: the steps decide.
    public var overridingLevel: Int32? = nil
    /// zlib strategy (Z_DEFAULT_STRATEGY 0, Z_FILTERED 1, Z_HUFFMAN_ONLY 2, Z_RLE 3); -1 default.
    public var strategy: Int32 = -1
    /// zlib memLevel 1...9 (a hash table of 2^(memLevel + 7) entries); 0 picks the smallest table
    /// with about one entry per 4 bytes of image data, between 4 and 8.
    public var memoryLevel: Int32 = 0
    /// Writes colour type 3 (PLTE, plus tRNS for translucent entries) when the image has at most
    /// 256 distinct RGBA values: the same pixels, a quarter of the data to compress. Off, every
    /// image is RGBA (an APNG's frames, which share one header, take `encode(indices:)` instead).
    public var allowsPalette = false
    /// With `allowsPalette`: 0 writes a palette only when it holds the pixels exactly. Above 0, an
    /// image with 257 to 512 distinct RGBA values is written as a palette too when drawing its
    /// rarest colours with their nearest neighbours keeps at least this PSNR in dB against the
    /// pixels given (R, G and B composited on black and, separately, on white: the measure of the
    /// fidelity tests); else as RGBA.
    public var paletteMinimumPSNR = 0.0
    /// Writes an sRGB chunk (rendering intent perceptual, PNG 1.2 section 4.2.2.4): the canvas
    /// composites in sRGB-encoded space, so its bytes are sRGB.
    public var writesSRGB = true
    /// Lets a palette image take its compressed image data (IDAT) from a process-wide cache when
    /// an image with the same palette indices, size and settings was encoded before (an off
    /// toggle in another tint, for one), instead of running zlib again: the file's bytes are the
    /// same either way, since libpng compresses the index bytes alone (CPNGEncoder's
    /// ImageDataCache.c says why). The cache holds at most `imageDataCacheBytes`; with 0 it
    /// holds nothing and every image is compressed. Off, every image is compressed (what the
    /// tests compare against).
    public var reusesImageData = true

    /// The most memory the image-data cache of `reusesImageData` holds, in bytes (index bytes,
    /// IDAT chunks and a record per entry): `Caches.imageData` once the server has applied its
    /// budget (`setImageDataCacheBytes`), `Caches.standard`'s share until then.
    public static var imageDataCacheBytes: Int { tis_png_image_data_cache_capacity() }

    /// The image-data cache's capacity before `setImageDataCacheBytes` is first called, bytes
    /// (the C default, which must be `Caches.standard.imageData`).
    package static var defaultImageDataCacheBytes: Int { Int(TIS_PNG_IMAGE_DATA_CACHE_DEFAULT_BYTES) }

    /// Sets the image-data cache's capacity to `bytes` (0 or less: nothing is kept), dropping
    /// entries until it holds no more. Process-wide; thread-safe.
    public static func setImageDataCacheBytes(_ bytes: Int) {
        tis_png_image_data_cache_set_capacity(max(0, bytes))
    }

    /// The image-data cache's counters: encodes that took their IDAT from it and entries stored,
    /// since the process started, and the bytes it holds now.
    package static var imageDataCacheCounts: (hits: Int, stores: Int, bytes: Int) {
        var hits: UInt64 = 0, stores: UInt64 = 0, bytes = 0
        tis_png_image_data_cache_counts(&hits, &stores, &bytes)
        return (Int(hits), Int(stores), bytes)
    }

    /// Empties the image-data cache, so that the next encodes compress (tests).
    package static func clearImageDataCache() { tis_png_image_data_cache_clear() }

    /// For tests: offers `idat` for `indices` (a `width` x `height` index image) to the image-data
    /// cache under a hash chosen by the caller, so that different images can share one.
    package static func offerToImageDataCache(width: Int, height: Int, hash: UInt64, indices: [UInt8], idat: [UInt8]) {
        precondition(indices.count == width * height)
        tis_png_image_data_cache_test_offer(UInt32(width), UInt32(height), hash, indices, idat, idat.count)
    }

    /// For tests: the size of the IDAT bytes the image-data cache holds for `indices` under
    /// `hash`, 0 when it holds none.
    package static func imageDataCacheLookup(width: Int, height: Int, hash: UInt64, indices: [UInt8]) -> Int {
        precondition(indices.count == width * height)
        return tis_png_image_data_cache_test_lookup(UInt32(width), UInt32(height), hash, indices)
    }

    public init() {}

    /// pHYs pixels per metre for a picture drawn at `scale` px per pt: 72 dpi (2835 px/m, PNG
    /// 1.2 section 4.2.4.2's example) times the scale, rounded, so a @2x image opens at its point size.
    public static func pixelsPerMetre(scale: Double) -> UInt32 {
        UInt32(min(max((2835 * scale).rounded(), 1), Double(Int32.max)))
    }

    /// Encodes a canvas (premultiplied) as PNG: the pixels are converted to straight alpha, in
    /// place, or for a palette image only the palette's entries (the same bytes either way).
    /// `pixelsPerMetre` writes a pHYs chunk (nil: none). With `classes` of the canvas's geometry
    /// and `allowsPalette`, the palette is numbered by coverage class and the classes' image data
    /// is written, when the pixels fit them (`PaletteClasses`); else the encode is as without.
    public func encode(_ canvas: consuming Canvas, text: [TextChunk] = [], pixelsPerMetre: UInt32? = nil,
                       classes: PaletteClasses? = nil) throws(PNGEncodingError) -> [UInt8] {
        let width = canvas.width, height = canvas.height
        var pixels = canvas.takePixels()
        guard pixels.count == width * height * 4 else { throw .invalidDimensions(width: width, height: height) }
        defer { withExtendedLifetime(classes) {} }  // the C classes live while the encode reads them
        return try pixels.withUnsafeMutableBufferPointer { px throws(PNGEncodingError) in
            try encode(UnsafePointer(px.baseAddress), premultiplied: true, width: width, height: height,
                       text: text, pixelsPerMetre: pixelsPerMetre, classes: classes?.pointer)
        }
    }

    /// Encodes `width * height` straight-alpha RGBA8 pixels, rows packed top to bottom.
    /// `pixelsPerMetre` writes a pHYs chunk (nil: none).
    public func encode(straightRGBA pixels: [UInt8], width: Int, height: Int,
                       text: [TextChunk] = [], pixelsPerMetre: UInt32? = nil) throws(PNGEncodingError) -> [UInt8] {
        guard pixels.count == width * height * 4 else { throw .invalidDimensions(width: width, height: height) }
        return try pixels.withUnsafeBufferPointer { px throws(PNGEncodingError) in
            try encode(px.baseAddress, premultiplied: false, width: width, height: height,
                       text: text, pixelsPerMetre: pixelsPerMetre)
        }
    }

    /// Encodes `width * height` palette indices (one byte a pixel, rows packed top to bottom) as
    /// a palette PNG (colour type 3) with `palette`'s entries: straight-alpha RGBA8 values as
    /// UInt32 in memory order, the translucent ones (alpha below 255) first, at most 256. The
    /// zlib level is `level(forPaletteDataBytes:)`'s. An APNG's frames share one palette this way.
    /// - Throws: `PNGEncodingError.invalidDimensions` for a size or palette that does not fit
    ///   (an index past the palette, more than 256 entries, an opaque entry before a translucent one).
    public func encode(indices: [UInt8], width: Int, height: Int, palette: [UInt32], text: [TextChunk] = [],
                       pixelsPerMetre: UInt32? = nil) throws(PNGEncodingError) -> [UInt8] {
        guard indices.count == width * height, (1...256).contains(palette.count), width > 0, height > 0,
              width <= 1 << 20, height <= 1 << 20 else {
            throw .invalidDimensions(width: width, height: height)
        }
        let alphas = palette.map { withUnsafeBytes(of: $0) { $0[3] } }
        let translucent = alphas.firstIndex(of: 255) ?? alphas.count
        guard alphas[translucent...].allSatisfy({ $0 == 255 }) else { throw .invalidDimensions(width: width, height: height) }
        var options = self.options(width: width, height: height, pixelsPerMetre: pixelsPerMetre ?? 0, premultiplied: false)
        return try withTextChunks(text) { chunks, count, buffer, message, capacity in
            palette.withUnsafeBytes { entries in
                tis_png_encode_indexed(indices, UInt32(width), UInt32(height),
                                       entries.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(palette.count),
                                       Int32(translucent), &options, chunks, count, buffer, message, capacity)
            }
        } orThrow: { () throws(PNGEncodingError) in throw .invalidDimensions(width: width, height: height) }
    }

    /// Encodes `width * height` RGBA8 pixels at `pixels`, which the C encoder overwrites with
    /// straight alpha when `premultiplied`.
    private func encode(_ pixels: UnsafePointer<UInt8>?, premultiplied: Bool, width: Int, height: Int,
                        text: [TextChunk], pixelsPerMetre: UInt32?,
                        classes: OpaquePointer? = nil) throws(PNGEncodingError) -> [UInt8] {
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20, let pixels else {
            throw .invalidDimensions(width: width, height: height)
        }
        var options = self.options(width: width, height: height, pixelsPerMetre: pixelsPerMetre ?? 0,
                                   premultiplied: premultiplied)
        options.classes = classes
        return try withTextChunks(text, sizeHint: width * height * 4 / 10) { chunks, count, buffer, message, capacity in
            tis_png_encode_rgba(pixels, UInt32(width), UInt32(height), width * 4, &options, chunks, count,
                                buffer, message, capacity)
        } orThrow: { () throws(PNGEncodingError) in throw .invalidDimensions(width: width, height: height) }
    }

    /// Runs one C encode with `text` as C chunks and an output buffer of at least `sizeHint`
    /// bytes (a first guess saves reallocations), and turns its status into the file or an error;
    /// `argumentError` throws for TIS_PNG_ERROR_ARGUMENT.
    private func withTextChunks(
        _ text: [TextChunk], sizeHint: Int = 0,
        _ call: (UnsafePointer<tis_png_text>?, Int32, UnsafeMutablePointer<tis_png_buffer>, UnsafeMutablePointer<CChar>?, Int) -> Int32,
        orThrow argumentError: () throws(PNGEncodingError) -> Never
    ) throws(PNGEncodingError) -> [UInt8] {
        // Every keyword and text as NUL-terminated C strings in one array (alive for the call),
        // found by their offsets.
        var strings: [CChar] = []
        strings.reserveCapacity(text.reduce(0) { $0 + $1.keyword.utf8.count + $1.text.utf8.count + 2 })
        var offsets: [(keyword: Int, text: Int, utf8: Int32)] = []
        offsets.reserveCapacity(text.count)
        for chunk in text {
            let keyword = strings.count
            Self.appendLatin1CString(chunk.keyword, maxLength: 79, to: &strings)
            let latin1 = Self.isASCII(chunk.text) || chunk.text.unicodeScalars.allSatisfy { $0.value > 0 && $0.value < 256 }
            let textOffset = strings.count
            if latin1 {
                Self.appendLatin1CString(chunk.text, maxLength: 1 << 16, to: &strings)
            } else {
                strings.append(contentsOf: Self.utf8CString(chunk.text, maxLength: 1 << 16))
            }
            offsets.append((keyword, textOffset, latin1 ? 0 : 1))
        }
        var buffer = tis_png_buffer(data: nil, size: 0, capacity: max(4096, sizeHint))
        var message = [CChar](repeating: 0, count: 256)
        let status: Int32 = strings.withUnsafeBufferPointer { stringBuffer in
            let base = stringBuffer.baseAddress
            var chunks = offsets.map { tis_png_text(keyword: base! + $0.keyword, text: base! + $0.text, utf8: $0.utf8) }
            return chunks.withUnsafeMutableBufferPointer { chunkBuffer in
                message.withUnsafeMutableBufferPointer { msg in
                    call(chunkBuffer.baseAddress, Int32(chunkBuffer.count), &buffer, msg.baseAddress, msg.count)
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
            try argumentError()
        default:
            throw .libpng(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }

    /// The zlib level for `bytes` of image data: the first step of `smallImageLevels` that takes
    /// it, else `compressionLevel`.
    public func level(forDataBytes bytes: Int) -> Int32 {
        smallImageLevels.first { bytes < $0.belowBytes }?.level ?? compressionLevel
    }

    /// The zlib level for `bytes` of palette image data: the first step of `paletteImageLevels`
    /// (or `smallImageLevels`) that takes it, else `compressionLevel`.
    public func level(forPaletteDataBytes bytes: Int) -> Int32 {
        (paletteImageLevels ?? smallImageLevels).first { bytes < $0.belowBytes }?.level ?? compressionLevel
    }

    /// The C settings for a `width` x `height` image (no classes).
    func options(width: Int, height: Int, pixelsPerMetre: UInt32, premultiplied: Bool) -> tis_png_options {
        tis_png_options(filters: filters, compression_level: overridingLevel ?? level(forDataBytes: height * (1 + width * 4)),
                        palette_compression_level: overridingLevel ?? level(forPaletteDataBytes: height * (1 + width)),
                        strategy: strategy, memory_level: memoryLevel, allow_palette: allowsPalette ? 1 : 0,
                        palette_min_psnr: paletteMinimumPSNR, srgb: writesSRGB ? 1 : 0,
                        pixels_per_metre: pixelsPerMetre, premultiplied: premultiplied ? 1 : 0,
                        reuse_image_data: reusesImageData ? 1 : 0, classes: nil)
    }

    /// Whether `s` is ASCII without NUL: then its UTF-8 and Latin-1 bytes are the same.
    static func isASCII(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { bytes in
            for b in bytes where b >= 0x80 || b == 0 { return false }
            return true
        }
    }

    /// Appends the Latin-1 bytes of `s` (at most `maxLength` characters; non-Latin-1 scalars and
    /// NUL become `?`) and a NUL to `bytes`.
    static func appendLatin1CString(_ s: String, maxLength: Int, to bytes: inout [CChar]) {
        if s.utf8.count <= maxLength, isASCII(s) {  // the usual case, without a walk over scalars
            var s = s
            s.withUTF8 { utf8 in
                utf8.withMemoryRebound(to: CChar.self) { bytes.append(contentsOf: $0) }
            }
            bytes.append(0)
            return
        }
        bytes.append(contentsOf: s.unicodeScalars.prefix(maxLength).map { scalar in
            scalar.value > 0 && scalar.value < 256 ? CChar(bitPattern: UInt8(scalar.value)) : CChar(UInt8(ascii: "?"))
        })
        bytes.append(0)
    }

    /// UTF-8 bytes of `s`, at most `maxLength` bytes of whole scalars, NULs left out, NUL-terminated.
    static func utf8CString(_ s: String, maxLength: Int) -> [CChar] {
        var bytes: [CChar] = []
        for scalar in s.unicodeScalars where scalar.value != 0 {
            let encoded = Array(String(scalar).utf8)
            if bytes.count + encoded.count > maxLength { break }
            bytes.append(contentsOf: encoded.map { CChar(bitPattern: $0) })
        }
        bytes.append(0)
        return bytes
    }
}
