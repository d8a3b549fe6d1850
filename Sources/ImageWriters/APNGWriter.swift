import Glibc
import Raster

/// How long a frame is shown: `numerator / denominator` seconds (APNG `fcTL` delay_num and
/// delay_den; a denominator of 0 means 1/100 s per the specification, so it is not allowed here).
public struct FrameDelay: Sendable, Equatable {
    public var numerator: UInt16
    public var denominator: UInt16

    public init(numerator: UInt16, denominator: UInt16) {
        precondition(denominator > 0)
        self.numerator = numerator
        self.denominator = denominator
    }

    /// The delay in seconds.
    public var seconds: Double { Double(numerator) / Double(denominator) }
}

/// Writes an animated PNG (APNG: the APNG specification, now part of PNG third edition,
/// sections 11.3.4 `acTL`, `fcTL`, `fdAT`) from frames of equal size, one frame at a time.
///
/// Debian's libpng has no APNG API, so libpng (through `PNGEncoder`) compresses every frame as a
/// PNG of its own, and this type lifts the compressed data out of its `IDAT` chunks: the first
/// frame is the default image (`fcTL` before its `IDAT`), each later frame becomes an `fcTL` and
/// an `fdAT` carrying that frame's zlib stream. Sequence numbers start at 0 and are shared by
/// `fcTL` and `fdAT`; every chunk gets its CRC-32.
///
/// Frames after the first cover only the rectangle that changed since the previous frame
/// (`fcTL` x/y offsets), with dispose op NONE. The blend op is OVER when every changed pixel is
/// opaque in the new frame (the unchanged pixels inside the rectangle are then written fully
/// transparent, which leaves the previous frame showing and compresses to almost nothing), and
/// SOURCE otherwise (the rectangle replaced whole). An unchanged frame is a 1 x 1 transparent
/// OVER, so every frame keeps its own delay.
///
/// With a `palette` (a `FramePalette` of every frame's colours), the file is a palette image
/// (colour type 3) and every frame's data is one index byte a pixel: APNG frames share the
/// file's one PLTE and tRNS, so the palette must hold the colours of all of them.
public struct APNGWriter: Sendable {
    /// `fcTL` dispose_op and blend_op values (APNG specification).
    enum DisposeOp: UInt8 { case none = 0, background = 1, previous = 2 }
    enum BlendOp: UInt8 { case source = 0, over = 1 }

    public let width: Int
    public let height: Int
    /// Frames announced in `acTL`; exactly this many must be appended.
    public let frameCount: Int
    /// `acTL` num_plays: 0 plays forever, n plays n times.
    public let plays: Int
    public let encoder: PNGEncoder
    public let text: [PNGEncoder.TextChunk]
    /// pHYs pixels per metre for the file (nil: no pHYs), e.g. `PNGEncoder.pixelsPerMetre(scale:)`.
    public let pixelsPerMetre: UInt32?
    /// The palette every frame is written with; nil: RGBA frames.
    public let palette: FramePalette.Lookup?

    private var out: [UInt8] = []
    /// Chunks libpng wrote after the default image's IDAT (other than IEND), written at the end.
    private var trailer: [UInt8] = []
    private var sequence: UInt32 = 0
    private var appended = 0
    /// The previous frame's straight-alpha pixels, as one UInt32 per pixel.
    private var previous: [UInt32] = []

    /// - Parameters: `frameCount` >= 1; `plays` >= 0 (0 forever); `text` goes into tEXt chunks;
    ///   `pixelsPerMetre` into a pHYs chunk (nil: none); `palette`: the colours of every frame
    ///   that will be appended (nil: RGBA).
    public init(width: Int, height: Int, frameCount: Int, plays: Int = 1, encoder: PNGEncoder,
                text: [PNGEncoder.TextChunk] = [], pixelsPerMetre: UInt32? = nil, palette: FramePalette? = nil) {
        precondition(frameCount >= 1 && plays >= 0)
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.plays = plays
        self.encoder = encoder
        self.text = text
        self.pixelsPerMetre = pixelsPerMetre
        self.palette = palette?.lookup()
    }

    /// Appends the next frame, shown for `delay`.
    /// - Throws: `PNGEncodingError.invalidDimensions` if the canvas size differs or more frames
    ///   than announced are appended; libpng's errors.
    public mutating func append(_ canvas: Canvas, delay: FrameDelay) throws(PNGEncodingError) {
        guard canvas.width == width, canvas.height == height else {
            throw .invalidDimensions(width: canvas.width, height: canvas.height)
        }
        try append(straightPixels: Self.straightPixels(canvas), delay: delay)
    }

    /// A canvas's straight-alpha RGBA8 pixels, one UInt32 each in memory order (what
    /// `append(straightPixels:delay:)` and `FramePalette` take).
    public static func straightPixels(_ canvas: Canvas) -> [UInt32] {
        canvas.straightAlphaWords()
    }

    /// Appends the next frame, `width * height` straight-alpha pixels as `straightPixels(_:)`
    /// gives them, shown for `delay`.
    /// - Throws: `PNGEncodingError.invalidDimensions` if the size differs, more frames than
    ///   announced are appended, or a pixel's colour is not in `palette`; libpng's errors.
    public mutating func append(straightPixels pixels: [UInt32], delay: FrameDelay) throws(PNGEncodingError) {
        try append(FrameUpdate(box: PixelBox(x0: 0, y0: 0, x1: width, y1: height), pixels: pixels), delay: delay)
    }

    /// Appends the next frame as `update`: the pixels inside its box, every other pixel as in
    /// the frame before (the first frame's box must be the whole canvas). Only the box is
    /// compared and copied, so a frame that changes a small part costs that part.
    /// - Throws: `PNGEncodingError.invalidDimensions` if the box is not within the canvas (or not
    ///   the whole of it for the first frame), the pixels do not fill it, more frames than
    ///   announced are appended, or a pixel's colour is not in `palette`; libpng's errors.
    public mutating func append(_ update: FrameUpdate, delay: FrameDelay) throws(PNGEncodingError) {
        let box = update.box
        let whole = PixelBox(x0: 0, y0: 0, x1: width, y1: height)
        guard appended < frameCount, update.pixels.count == box.width * box.height,
              box.clipped(width: width, height: height) == box, appended > 0 || box == whole else {
            throw .invalidDimensions(width: width, height: height)
        }
        if appended == 0 {
            try writeDefaultImage(update.pixels, delay: delay)
            previous = update.pixels
        } else {
            try writeFrame(update, delay: delay)
            if box == whole { previous = update.pixels } else { update.copy(into: &previous, width: width) }
        }
        appended += 1
    }

    /// The finished file.
    /// - Throws: `PNGEncodingError.invalidDimensions` if fewer frames than announced were appended.
    public func finish() throws(PNGEncodingError) -> [UInt8] {
        guard appended == frameCount else { throw .invalidDimensions(width: width, height: height) }
        var file = out
        file.append(contentsOf: trailer)
        PNGChunks.append(type: "IEND", data: [], to: &file)
        return file
    }

    private mutating func writeDefaultImage(_ pixels: [UInt32], delay: FrameDelay) throws(PNGEncodingError) {
        let png = try encode(pixels, width: width, height: height, text: text, pixelsPerMetre: pixelsPerMetre)
        guard let chunks = PNGChunks.parse(png), chunks.first?.type == "IHDR" else {
            throw .libpng("unreadable PNG from libpng")
        }
        out = PNGChunks.signature
        var seenIDAT = false
        for chunk in chunks {
            switch chunk.type {
            case "IHDR":
                PNGChunks.append(type: "IHDR", data: chunk.data, to: &out)
                var actl: [UInt8] = []
                PNGChunks.appendUInt32(UInt32(frameCount), to: &actl)
                PNGChunks.appendUInt32(UInt32(plays), to: &actl)
                PNGChunks.append(type: "acTL", data: actl, to: &out)
            case "IDAT":
                if !seenIDAT {
                    appendFrameControl(x: 0, y: 0, width: width, height: height, delay: delay, blend: .source)
                    seenIDAT = true
                }
                PNGChunks.append(type: "IDAT", data: chunk.data, to: &out)
            case "IEND":
                break
            default:
                if seenIDAT {
                    PNGChunks.append(type: chunk.type, data: chunk.data, to: &trailer)
                } else {
                    PNGChunks.append(type: chunk.type, data: chunk.data, to: &out)
                }
            }
        }
        guard seenIDAT else { throw .libpng("no IDAT from libpng") }
    }

    /// A later frame: the rectangle that changed since the previous frame, as `fcTL` + `fdAT`.
    private mutating func writeFrame(_ update: FrameUpdate, delay: FrameDelay) throws(PNGEncodingError) {
        guard let box = Self.changedBox(previous, width: width, update) else {
            appendFrameControl(x: 0, y: 0, width: 1, height: 1, delay: delay, blend: .over)
            try appendFrameData([0], width: 1, height: 1)
            return
        }
        let (crop, masked) = Self.crop(update, previous, width: width, box: box)
        let blend: BlendOp = masked != nil ? .over : .source
        appendFrameControl(x: box.x0, y: box.y0, width: box.width, height: box.height, delay: delay, blend: blend)
        try appendFrameData(masked ?? crop, width: box.width, height: box.height)
    }

    /// `update`'s pixels inside `box` (within the update's box), and the same with every pixel
    /// equal to `previous` (the whole previous frame) made transparent when each changed pixel
    /// is opaque (nil otherwise). OVER works only then: source-over of an opaque pixel gives it
    /// exactly, and a transparent pixel leaves the previous one showing.
    static func crop(_ update: FrameUpdate, _ previous: [UInt32], width: Int,
                     box: PixelBox) -> (crop: [UInt32], masked: [UInt32]?) {
        let w = box.width, source = update.box, pixels = update.pixels
        let whole = box == source
        var crop: [UInt32] = whole ? pixels : [], masked: [UInt32] = []
        if !whole { crop.reserveCapacity(w * box.height) }
        masked.reserveCapacity(w * box.height)
        var allChangedOpaque = true
        for y in box.y0..<box.y1 {
            let row = (y - source.y0) * source.width + (box.x0 - source.x0)
            if !whole { crop.append(contentsOf: pixels[row..<(row + w)]) }
            guard allChangedOpaque else { continue }
            let back = y * width + box.x0
            for i in 0..<w {
                let p = pixels[row + i]
                // Alpha is the last byte in memory of each pixel, the high byte of its little-endian value.
                guard p != previous[back + i] else { masked.append(0); continue }
                if UInt32(littleEndian: p) >> 24 != 255 { allChangedOpaque = false; break }
                masked.append(p)
            }
        }
        return (crop, allChangedOpaque ? masked : nil)
    }

    /// The smallest box holding every pixel that differs between `a` and `b` (whole frames of
    /// `width` x `height`); nil when none does.
    static func changedBox(_ a: [UInt32], _ b: [UInt32], width: Int, height: Int) -> PixelBox? {
        precondition(a.count == width * height && b.count == a.count)
        return changedBox(a, width: width, FrameUpdate(box: PixelBox(x0: 0, y0: 0, x1: width, y1: height), pixels: b))
    }

    /// The smallest box holding every pixel of `update` that differs from `previous` (a whole
    /// frame `width` px wide); nil when none does. Equal rows are skipped whole by `memcmp`; a
    /// changed row is searched from both ends.
    static func changedBox(_ previous: [UInt32], width: Int, _ update: FrameUpdate) -> PixelBox? {
        let source = update.box, w = source.width
        var x0 = Int.max, y0 = Int.max, x1 = 0, y1 = 0
        previous.withUnsafeBufferPointer { a in
            update.pixels.withUnsafeBufferPointer { b in
                guard let pa = a.baseAddress, let pb = b.baseAddress, w > 0 else { return }
                for y in source.y0..<source.y1 {
                    let ra = pa + y * width + source.x0, rb = pb + (y - source.y0) * w
                    guard memcmp(ra, rb, w * 4) != 0 else { continue }
                    var first = 0, last = w - 1
                    while ra[first] == rb[first] { first += 1 }
                    while ra[last] == rb[last] { last -= 1 }
                    x0 = min(x0, source.x0 + first); x1 = max(x1, source.x0 + last + 1)
                    y0 = min(y0, y); y1 = y + 1
                }
            }
        }
        return x1 > x0 ? PixelBox(x0: x0, y0: y0, x1: x1, y1: y1) : nil
    }

    /// `fcTL`: sequence number, size, offset, delay, dispose op NONE, `blend`.
    private mutating func appendFrameControl(x: Int, y: Int, width: Int, height: Int, delay: FrameDelay,
                                             blend: BlendOp) {
        var data: [UInt8] = []
        PNGChunks.appendUInt32(sequence, to: &data)
        for v in [width, height, x, y] { PNGChunks.appendUInt32(UInt32(v), to: &data) }
        PNGChunks.appendUInt16(delay.numerator, to: &data)
        PNGChunks.appendUInt16(delay.denominator, to: &data)
        data.append(DisposeOp.none.rawValue)
        data.append(blend.rawValue)
        PNGChunks.append(type: "fcTL", data: data, to: &out)
        sequence += 1
    }

    /// `fdAT`: sequence number, then the zlib stream libpng made of `pixels` (all its IDAT
    /// chunks' data, in order, as one chunk).
    private mutating func appendFrameData(_ pixels: [UInt32], width: Int, height: Int) throws(PNGEncodingError) {
        let png = try encode(pixels, width: width, height: height)
        guard let chunks = PNGChunks.parse(png) else { throw .libpng("unreadable PNG from libpng") }
        var data: [UInt8] = []
        PNGChunks.appendUInt32(sequence, to: &data)
        for chunk in chunks where chunk.type == "IDAT" { data.append(contentsOf: chunk.data) }
        PNGChunks.append(type: "fdAT", data: data, to: &out)
        sequence += 1
    }

    /// `pixels` as a PNG of their own: palette indices with `palette`, else RGBA.
    private func encode(_ pixels: [UInt32], width: Int, height: Int, text: [PNGEncoder.TextChunk] = [],
                        pixelsPerMetre: UInt32? = nil) throws(PNGEncodingError) -> [UInt8] {
        guard let palette else {
            return try encoder.encode(straightRGBA: pixels.withUnsafeBytes { Array($0) }, width: width, height: height,
                                      text: text, pixelsPerMetre: pixelsPerMetre)
        }
        guard let indices = palette.indices(of: pixels) else { throw .invalidDimensions(width: width, height: height) }
        return try encoder.encode(indices: indices, width: width, height: height, palette: palette.entries,
                                  text: text, pixelsPerMetre: pixelsPerMetre)
    }
}

/// One frame as the part that may have changed: the straight-alpha pixels (as
/// `APNGWriter.straightPixels(_:)` gives them) inside `box`, row by row; outside it the frame
/// is the one before.
public struct FrameUpdate: Sendable {
    /// Where the pixels go, within the canvas.
    public var box: PixelBox
    /// `box.width * box.height` pixels.
    public var pixels: [UInt32]

    /// The update of `box` to `pixels` (`box.width * box.height` of them, row by row).
    public init(box: PixelBox, pixels: [UInt32]) {
        self.box = box
        self.pixels = pixels
    }

    /// Writes the pixels into `frame`, a whole frame `width` px wide.
    func copy(into frame: inout [UInt32], width: Int) {
        let w = box.width
        guard w > 0 else { return }
        frame.withUnsafeMutableBufferPointer { dst in
            pixels.withUnsafeBufferPointer { src in
                for y in box.y0..<box.y1 {
                    (dst.baseAddress! + y * width + box.x0).update(from: src.baseAddress! + (y - box.y0) * w, count: w)
                }
            }
        }
    }
}
