/// The byte budget of every process-wide cache together (`--cache-bytes`), split into one share
/// per cache. The split is written here once, in 64ths of the total:
///
/// | cache (owner)                              | share | of 64 MiB |
/// |--------------------------------------------|-------|-----------|
/// | `images`: encoded responses (ImageCache)   | rest  | 21 MiB    |
/// | `shadows`: blurred shadows (ShadowCache)   | 10/64 | 10 MiB    |
/// | `preparedRequests`: parsed requests (memo) | 8/64  | 8 MiB     |
/// | `fills`: fill coverage (FillCache)         | 4/64  | 4 MiB     |
/// | `colorGlyphs`: decoded emoji (TextLayout)  | 4/64  | 4 MiB     |
/// | `shapedRuns`: HarfBuzz runs (TextLayout)   | 2/64  | 2 MiB     |
/// | `glyphOutlines`: glyph paths (TextLayout)  | 2/64  | 2 MiB     |
/// | `resampledImages`: scaled emoji            | 2/64  | 2 MiB     |
/// | `symbols`: parsed symbol outlines          | 2/64  | 2 MiB     |
/// | `imageData`: PNG IDAT chunks (CPNGEncoder) | 4/64  | 4 MiB     |
/// | `paletteClasses`: coverage classes (PNG)   | 2/64  | 2 MiB     |
/// | `svgPathData`: path text (SVGWriter)       | 1/64  | 1 MiB     |
/// | `svgDocuments`: templates (SVGWriter)      | 1/64  | 1 MiB     |
/// | `styleShapes`: tracks and knobs            | 1/64  | 1 MiB     |
///
/// `images` gets what the others leave (so the shares add up to `totalBytes` exactly, whatever
/// the rounding). A total of 0 gives every cache 0 bytes: nothing is cached anywhere. Each cache
/// counts an entry as its payload's bytes plus `entryOverheadBytes`.
public struct Caches: Sendable, Equatable {
    /// The budget of all caches together, bytes (at least 0).
    public let totalBytes: Int

    /// The default budget, 64 MiB (`--cache-bytes`'s default).
    public static let defaultTotalBytes = 64 << 20
    /// The split of the default budget: what `render`, tests and a cache made without a size use.
    public static let standard = Caches(totalBytes: defaultTotalBytes)

    /// What every cache adds to an entry's payload bytes: the table slot, the key's and value's
    /// fixed fields and the headers of their heap buffers (two or three 32-byte allocations).
    public static let entryOverheadBytes = 128

    /// Each share but `images`'s, in 64ths of the total.
    private static let sixtyFourths = (shadows: 10, preparedRequests: 8, fills: 4, colorGlyphs: 4,
                                       shapedRuns: 2, glyphOutlines: 2, resampledImages: 2, symbols: 2,
                                       imageData: 4, paletteClasses: 2, svgPathData: 1, svgDocuments: 1, styleShapes: 1)

    /// - Parameter totalBytes: the budget of all caches together; 0 (or less) disables caching.
    public init(totalBytes: Int) {
        self.totalBytes = max(0, totalBytes)
    }

    private func share(_ parts: Int) -> Int { totalBytes / 64 * parts + totalBytes % 64 * parts / 64 }

    /// Blurred shadow coverage (SceneRaster's `ShadowCache`), bytes.
    public var shadows: Int { share(Self.sixtyFourths.shadows) }
    /// Parsed requests by target (ToggleService's `PreparedPictures`), bytes.
    public var preparedRequests: Int { share(Self.sixtyFourths.preparedRequests) }
    /// Fill coverage runs (SceneRaster's `FillCache`), bytes.
    public var fills: Int { share(Self.sixtyFourths.fills) }
    /// Decoded colour glyphs (TextLayout's `colorGlyphs`), bytes.
    public var colorGlyphs: Int { share(Self.sixtyFourths.colorGlyphs) }
    /// Shaped runs (TextLayout's `runs`), bytes.
    public var shapedRuns: Int { share(Self.sixtyFourths.shapedRuns) }
    /// Glyph outlines (TextLayout's `outlines`), bytes.
    public var glyphOutlines: Int { share(Self.sixtyFourths.glyphOutlines) }
    /// Bitmaps scaled to their drawn size (SceneRaster's `ResampledImageCache`), bytes.
    public var resampledImages: Int { share(Self.sixtyFourths.resampledImages) }
    /// Parsed symbol outlines (TogglePicture's `SymbolCache`), bytes.
    public var symbols: Int { share(Self.sixtyFourths.symbols) }
    /// Compressed image data of palette PNGs (ImageWriters' `PNGEncoder.imageDataCacheBytes`,
    /// the C cache in CPNGEncoder), bytes.
    public var imageData: Int { share(Self.sixtyFourths.imageData) }
    /// Toggle stills' coverage classes with their compressed image data (ImageWriters'
    /// `PaletteClasses`), bytes.
    public var paletteClasses: Int { share(Self.sixtyFourths.paletteClasses) }
    /// SVG path data by path and transform (ImageWriters' `SVGPathDataCache`), bytes.
    public var svgPathData: Int { share(Self.sixtyFourths.svgPathData) }
    /// SVG documents kept as templates (ImageWriters' `SVGDocumentTemplates`), bytes.
    public var svgDocuments: Int { share(Self.sixtyFourths.svgDocuments) }
    /// The styles' track capsules and knob circles (TogglePicture's `StyleShapes`), bytes.
    public var styleShapes: Int { share(Self.sixtyFourths.styleShapes) }
    /// Encoded images (ToggleService's `ImageCache`): what the other shares leave, bytes.
    public var images: Int { totalBytes - others.reduce(0, +) }

    private var others: [Int] {
        [shadows, preparedRequests, fills, colorGlyphs, shapedRuns, glyphOutlines, resampledImages, symbols,
         imageData, paletteClasses, svgPathData, svgDocuments, styleShapes]
    }

    /// Every share, by cache name, for tests and reports; they add up to `totalBytes`.
    public var shares: [String: Int] {
        ["images": images, "shadows": shadows, "preparedRequests": preparedRequests, "fills": fills,
         "colorGlyphs": colorGlyphs, "shapedRuns": shapedRuns, "glyphOutlines": glyphOutlines,
         "resampledImages": resampledImages, "symbols": symbols, "imageData": imageData, "paletteClasses": paletteClasses,
         "svgPathData": svgPathData, "svgDocuments": svgDocuments, "styleShapes": styleShapes]
    }
}
