import Utilities

/// A bitmap of premultiplied RGBA8 pixels with the PNG file it was decoded from: raster
/// backends scale the pixels, vector backends (SVG) embed the PNG as it is.
public struct RGBABitmap: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// Row-major, 4 bytes per pixel, premultiplied (each colour channel at most the alpha).
    public let pixels: [UInt8]
    /// The same picture as a PNG file.
    public let png: [UInt8]
    /// 64-bit FNV-1a of `png`: what equal bitmaps share and what the bitmap is hashed by.
    public let contentHash: UInt64

    /// - Precondition: `pixels.count == width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8], png: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4)
        self.width = width
        self.height = height
        self.pixels = pixels
        self.png = png
        contentHash = StableHash.fnv1a(png)
    }

    public static func == (a: RGBABitmap, b: RGBABitmap) -> Bool {
        a.contentHash == b.contentHash && a.width == b.width && a.height == b.height && a.png == b.png
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(contentHash) }
}

/// A bitmap drawn into a rectangle of whole pixels (a colour emoji glyph): scaled to it with a
/// proper filter by a raster backend (an area average when shrinking, smooth when growing),
/// composited source-over at `opacity`; an SVG `<image>` with the PNG in a `data:` URI.
public struct SceneImage: Sendable, Hashable {
    public var bitmap: RGBABitmap
    /// The rectangle, px: its top-left corner and its size (at least 1 x 1).
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    /// 0...1, applied to the whole image.
    public var opacity: Double

    public init(_ bitmap: RGBABitmap, x: Int, y: Int, width: Int, height: Int, opacity: Double = 1) {
        self.bitmap = bitmap
        self.x = x
        self.y = y
        self.width = max(1, width)
        self.height = max(1, height)
        self.opacity = opacity
    }
}
