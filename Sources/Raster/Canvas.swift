import Geometry
import Scene
/// A raster of premultiplied RGBA8 pixels, composited with source-over in sRGB-encoded space
/// (what iOS and Skia do by default).
///
/// Layout: row-major, 4 bytes per pixel (R, G, B, A), `width * 4` bytes per row, row 0 at the top.
/// Colour channels are premultiplied: each is at most A.
public struct Canvas: Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    /// A fully transparent canvas of `width` x `height` px.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// The premultiplied RGBA bytes of pixel (x, y).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Fills every pixel with `color` composited over what is there: the bytes
    /// `composite(mask, color:)` gives with a mask of ones, drawn as runs (an opaque colour is
    /// stored, not blended).
    public mutating func fillAll(_ color: RGBAColor) {
        let alpha = Float(color.alpha), w = width, h = height
        guard alpha > 0, w > 0 else { return }
        pixels.withUnsafeMutableBufferPointer { px in
            var sink = FillSink(pixels: UnsafeMutableRawPointer(px.baseAddress!), width: w,
                                source: Source(color), alpha: alpha)
            for y in 0..<h {
                sink.beginRow(y, x0: 0)
                sink.run(0, w, coverage: 1)
            }
        }
    }

    /// Composites `color` through `mask` (same size as the canvas): source-over with source
    /// alpha `color.alpha * opacity * coverage`, rounding each channel to the nearest byte.
    /// Only the mask's non-zero box is visited.
    public mutating func composite(_ mask: CoverageMask, color: RGBAColor, opacity: Double = 1) {
        precondition(mask.width == width && mask.height == height, "mask size must match canvas")
        let alpha = Float(color.alpha * min(max(opacity, 0), 1))
        guard alpha > 0, !mask.extent.isEmpty else { return }
        let w = width
        pixels.withUnsafeMutableBufferPointer { px in
            mask.values.withUnsafeBufferPointer { cov in
                Self.composite(into: px.baseAddress, width: w, box: mask.extent, color: color, alpha: alpha,
                               coverage: cov.baseAddress!)
            }
        }
    }

    /// Source-over of `color` at `alpha * coverage[i]` over the pixels `i` of `box`. A source
    /// alpha below 0.5 / 255 changes no byte (every channel moves by less than half a level), so
    /// such pixels are skipped: the faint tails of a blurred shadow.
    private static func composite(into px: UnsafeMutablePointer<UInt8>?, width: Int, box: PixelBox,
                                  color: RGBAColor, alpha: Float, coverage: UnsafePointer<Float>) {
        guard let px, !box.isEmpty else { return }
        let r = Float(color.red), g = Float(color.green), b = Float(color.blue)
        let solid = UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16 | 0xFF00_0000
        let opaque = alpha >= 1
        let threshold: Float = 0.5 / 255
        let raw = UnsafeMutableRawPointer(px)
        for y in box.y0..<box.y1 {
            let rowStart = y &* width &+ box.x0
            for i in rowStart..<(rowStart &+ box.width) {
                let c = coverage[i]
                // Source alpha quantized to 1/255 steps first, as an RGBA8 source is, so colour
                // and alpha round consistently (straight colours stay within 255 / (2 a)).
                let sa = (alpha * c * 255).rounded() / 255
                if sa < threshold { continue }
                let offset = i &* 4
                if opaque && c >= 1 {
                    raw.storeBytes(of: solid.littleEndian, toByteOffset: offset, as: UInt32.self)
                } else {
                    let keep = 1 - sa                 // what source-over keeps of the destination
                    let j = offset
                    px[j] = byte(r * sa + Float(px[j]) * keep)
                    px[j &+ 1] = byte(g * sa + Float(px[j &+ 1]) * keep)
                    px[j &+ 2] = byte(b * sa + Float(px[j &+ 2]) * keep)
                    px[j &+ 3] = byte(255 * sa + Float(px[j &+ 3]) * keep)
                }
            }
        }
    }

    @inline(__always) static func byte(_ v: Float) -> UInt8 {
        UInt8(min(max(v + 0.5, 0), 255))
    }

    /// The pixels with straight (non-premultiplied) alpha, as PNG stores them: each colour
    /// channel divided by alpha, rounded to nearest; fully transparent pixels become 0,0,0,0.
    public func straightAlphaPixels() -> [UInt8] {
        straightAlphaWords().withUnsafeBytes { Array($0) }
    }

    /// The pixels with straight alpha, one UInt32 per pixel holding its 4 bytes in memory order
    /// (R, G, B, A), as `straightAlphaPixels()` lists them. A pixel equal to the one before, and
    /// opaque and fully transparent pixels, take a word's test each, so an animation's frames
    /// convert at a few instructions a pixel (`Benchmarks/worst/run.sh toggle-anim-edge`).
    public func straightAlphaWords() -> [UInt32] {
        straightAlphaWords(in: PixelBox(x0: 0, y0: 0, x1: width, y1: height))
    }

    /// `straightAlphaWords()` of the pixels inside `box` only (which must lie within the canvas),
    /// row by row: `box.width * box.height` words.
    public func straightAlphaWords(in box: PixelBox) -> [UInt32] {
        precondition(box.isEmpty || (box.x0 >= 0 && box.y0 >= 0 && box.x1 <= width && box.y1 <= height))
        let count = box.isEmpty ? 0 : box.width * box.height
        let w = width
        return pixels.withUnsafeBytes { bytes in
            Self.straightChannel.withUnsafeBufferPointer { straight in
                [UInt32](unsafeUninitializedCapacity: count) { out, initialized in
                    guard count > 0, let src = bytes.baseAddress, let dst = out.baseAddress else { return }
                    var o = 0
                    // Runs of one colour (a track, a transparent margin) convert once.
                    var lastIn: UInt32 = 0, lastOut: UInt32 = 0
                    for y in box.y0..<box.y1 {
                        let rowStart = y &* w &+ box.x0
                        for i in rowStart..<(rowStart &+ box.width) {
                            let word = src.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
                            if word != lastIn {
                                lastIn = word
                                lastOut = Self.straightWord(word, straight: straight)
                            }
                            dst[o] = lastOut
                            o &+= 1
                        }
                    }
                    initialized = count
                }
            }
        }
    }

    /// One premultiplied pixel (as stored) with straight alpha.
    @inline(__always)
    private static func straightWord(_ word: UInt32, straight: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let value = UInt32(littleEndian: word), a = value >> 24
        if a == 255 { return word }
        if a == 0 { return 0 }
        let row = Int(a) << 8
        let r = UInt32(straight[row | Int(value & 0xFF)])
        let g = UInt32(straight[row | Int(value >> 8 & 0xFF)])
        let b = UInt32(straight[row | Int(value >> 16 & 0xFF)])
        return (r | g << 8 | b << 16 | a << 24).littleEndian
    }

    /// Copies the pixels inside `box` from `source`, a canvas of the same size (restoring a
    /// region of a frame from the picture under it).
    public mutating func copy(_ box: PixelBox, from source: Canvas) {
        precondition(source.width == width && source.height == height)
        let box = box.clipped(width: width, height: height)
        guard !box.isEmpty else { return }
        let w = width
        pixels.withUnsafeMutableBufferPointer { dst in
            source.pixels.withUnsafeBufferPointer { src in
                for y in box.y0..<box.y1 {
                    let start = (y * w + box.x0) * 4
                    (dst.baseAddress! + start).update(from: src.baseAddress! + start, count: box.width * 4)
                }
            }
        }
    }

    /// Straight colour of premultiplied channel c at alpha a, at index a x 256 + c: c x 255 / a
    /// rounded to nearest, at most 255; row 0 is unused.
    private static let straightChannel: [UInt8] = (0..<65_536).map { i in
        let a = UInt32(i >> 8), c = UInt32(i & 0xFF)
        return a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
    }

    /// The premultiplied pixels without a copy: the canvas is consumed (what the PNG encoder
    /// takes, converting to straight alpha itself).
    public consuming func takePixels() -> [UInt8] {
        let out = pixels
        pixels = []
        return out
    }
}
