import Geometry
import Scene
import Utilities

/// Lays out labels in a font set (Inter and the system's Noto faces): fonts per grapheme
/// cluster, bidi, line breaking, shaping (HarfBuzz), and glyph outlines as paths. Shaped runs are
/// cached by font, size, direction, language and text; outlines by font and glyph (in font units,
/// so every size shares them). Safe to use from any thread.
public final class TextLayout: Sendable {
    /// The fonts, found once when the layout is made.
    public let fontSet: FontSet
    /// Shaped runs, in bytes (`Caches.shapedRuns`): labels come back in bursts, so a full table
    /// starts over.
    private let runs = BoundedCache<RunKey, ShapedRun>(capacity: Caches.standard.shapedRuns, whenFull: .startOver,
                                                       cost: TextLayout.runCost)
    /// Glyph outlines, in bytes (`Caches.glyphOutlines`): a label draws a few dozen of the fonts' glyphs.
    private let outlines = BoundedCache<GlyphKey, Path>(capacity: Caches.standard.glyphOutlines, whenFull: .startOver,
                                                        cost: { _, path in path.byteCount + Caches.entryOverheadBytes })
    /// Colour glyphs (emoji) decoded from their PNGs, in bytes (`Caches.colorGlyphs`): 4 MiB
    /// holds about 55 of Noto Color Emoji's 136 x 128 bitmaps.
    private let colorGlyphs = BoundedCache<GlyphKey, RGBABitmap?>(capacity: Caches.standard.colorGlyphs,
                                                                  whenFull: .startOver, cost: TextLayout.colorGlyphCost)

    /// What a shaped run costs `runs`, bytes: its glyphs, its key's text and language twice (key
    /// and run) and `Caches.entryOverheadBytes`.
    private static func runCost(_ key: RunKey, _ run: ShapedRun) -> Int {
        run.glyphs.count * MemoryLayout<ShapedGlyph>.stride + key.text.utf8.count + 2 * key.language.utf8.count
            + Caches.entryOverheadBytes
    }

    /// What a decoded colour glyph costs `colorGlyphs`, bytes: its pixels, its PNG and
    /// `Caches.entryOverheadBytes`.
    private static func colorGlyphCost(_ key: GlyphKey, _ bitmap: RGBABitmap?) -> Int {
        guard let bitmap else { return Caches.entryOverheadBytes }
        return bitmap.pixels.count + bitmap.png.count + Caches.entryOverheadBytes
    }

    /// Sets the budgets of the three caches from their shares of `caches`; entries held beyond
    /// a new budget are dropped.
    public func setCacheBudget(_ caches: Caches) {
        runs.setCapacity(caches.shapedRuns)
        outlines.setCapacity(caches.glyphOutlines)
        colorGlyphs.setCapacity(caches.colorGlyphs)
    }

    /// The budgets of the runs, outlines and colour glyph caches, bytes.
    public var cacheCapacities: (runs: Int, outlines: Int, colorGlyphs: Int) {
        (runs.capacity, outlines.capacity, colorGlyphs.capacity)
    }

    /// The bytes the runs, outlines and colour glyph caches hold.
    public var cacheBytesHeld: (runs: Int, outlines: Int, colorGlyphs: Int) {
        (runs.totalCost, outlines.totalCost, colorGlyphs.totalCost)
    }

    private struct RunKey: Hashable, Sendable {
        var font: FontID
        var size: Double
        var direction: TextDirection
        var language: String
        var text: String
    }

    private struct GlyphKey: Hashable, Sendable {
        var font: FontID
        var glyph: UInt32
    }

    /// How far, in px, the straight segments that fill glyph outlines may stray from the curves:
    /// 0.02 px changes a pixel's coverage by at most 0.02 (5 of 255 levels, at an edge), and
    /// needs about a third of the segments of Flattening.defaultTolerance (0.002 px), which the
    /// toggle's large shapes use. `LabelPixelTests` holds labels filled with it to >= 40 dB
    /// against FreeType.
    public static let flatteningTolerance = 0.02

    public init(fontSet: FontSet) {
        self.fontSet = fontSet
    }

    /// Inter and the system's fonts (`FontSet.system()`), found once, on first use (the server
    /// asks at start-up). A missing Inter is a packaging fault, so this stops the process with a
    /// message saying which resource folder to ship.
    public static let shared: TextLayout = {
        do {
            return TextLayout(fontSet: try FontSet.system())
        } catch {
            fatalError("\(error)")
        }
    }()

    /// The loaded font `id`.
    public func font(_ id: FontID) -> Font { fontSet[id] }

    /// Shapes `text` in one font, cached. Lengths in the result are pt at `size`; `language` is
    /// the BCP 47 tag HarfBuzz gets (it selects `locl` forms).
    public func shape(_ text: String, font: FontID, size: Double, direction: TextDirection,
                      language: String) -> ShapedRun {
        let key = RunKey(font: font, size: size, direction: direction, language: language, text: text)
        return runs.value(for: key, orMake: { () -> ShapedRun in
            fontSet[font].shape(Array(text.unicodeScalars), size: size, direction: direction, language: language, as: font)
        })
    }

    /// Checks that every grapheme cluster of `text` is in one font of the set.
    /// - Throws: `TextLayoutError.uncoveredCharacter` naming a character of the first one that is not.
    public func checkCoverage(of text: String, language: LanguageTag? = nil) throws {
        let scalars = Array(text.unicodeScalars)
        _ = try fontSet.assignment(of: scalars, clusterEnds: TextBoundaries.graphemeClusterEnds(scalars),
                                   region: HanRegion.of(scalars, language: language))
    }

    /// How many shaped runs and glyph outlines the caches hold (for tests and metrics).
    var cachedCounts: (runs: Int, outlines: Int) { (runs.count, outlines.count) }

    /// The outline of `glyph` in font units, y down, cached.
    public func outline(font: FontID, glyph: UInt32) -> Path {
        outlines.value(for: GlyphKey(font: font, glyph: glyph), orMake: { () -> Path in fontSet[font].outline(of: glyph) })
    }

    /// The decoded bitmap of colour glyph `glyph` of `font`, cached; nil for a glyph without one.
    public func colorGlyph(font: FontID, glyph: UInt32) -> RGBABitmap? {
        colorGlyphs.value(for: GlyphKey(font: font, glyph: glyph), orMake: { () -> RGBABitmap? in
            fontSet[font].colorGlyphPNG(glyph).flatMap(PNGDecoding.bitmap)
        })
    }

    /// Every outline glyph of `block` as one path in pixels (colour glyphs are `images(of:)`): the block's box has its top-left corner at
    /// (`x`, `y`) pt and is `boxWidth` pt wide (right-to-left lines end at its right edge); pixels
    /// = pt x `scale`, y down. Fill it with the nonzero rule.
    public func path(of block: TextBlock, x: Double, y: Double, boxWidth: Double, scale: Double) -> Path {
        var path = Path()
        for (index, line) in block.lines.enumerated() {
            let baseline = y + block.baseline(ofLine: index)
            var pen = x + block.lineStart(ofLine: index, boxWidth: boxWidth)
            for run in line.runs {
                let perUnit = run.size / Double(fontSet[run.font].unitsPerEm)
                if fontSet[run.font].hasColorBitmaps {
                    pen += run.width
                    continue
                }
                for glyph in run.glyphs {
                    let outline = outline(font: run.font, glyph: glyph.glyph)
                    if !outline.isEmpty {
                        let placement = AffineTransform.scale(perUnit * scale, perUnit * scale)
                            .then(.translation((pen + glyph.xOffset) * scale, (baseline - glyph.yOffset) * scale))
                        path.append(outline.applying(placement))
                    }
                    pen += glyph.advance
                }
            }
        }
        return path
    }

    /// The colour glyphs (emoji) of `block` as bitmaps placed in whole pixels, where `path(of:)`
    /// would put outlines: each glyph's box (`CBLC` metrics through HarfBuzz) scaled to the
    /// run's size, pt x `scale`, its corners rounded to the pixel grid. Opacity 1.
    public func images(of block: TextBlock, x: Double, y: Double, boxWidth: Double, scale: Double) -> [SceneImage] {
        var images: [SceneImage] = []
        // A label's repeated emoji decode once, also when `colorGlyphs` keeps nothing.
        var decoded: [GlyphKey: RGBABitmap?] = [:]
        for (index, line) in block.lines.enumerated() {
            let baseline = y + block.baseline(ofLine: index)
            var pen = x + block.lineStart(ofLine: index, boxWidth: boxWidth)
            for run in line.runs {
                let font = fontSet[run.font]
                guard font.hasColorBitmaps else {
                    pen += run.width
                    continue
                }
                let perUnit = run.size / Double(font.unitsPerEm)
                for glyph in run.glyphs {
                    defer { pen += glyph.advance }
                    let key = GlyphKey(font: run.font, glyph: glyph.glyph)
                    let made = decoded[key] ?? colorGlyph(font: run.font, glyph: glyph.glyph)
                    decoded[key] = made
                    guard let bitmap = made,
                          let box = font.glyphBox(glyph.glyph) else { continue }
                    let left = ((pen + glyph.xOffset + box.left * perUnit) * scale).rounded()
                    let top = ((baseline - glyph.yOffset - box.top * perUnit) * scale).rounded()
                    let right = ((pen + glyph.xOffset + (box.left + box.width) * perUnit) * scale).rounded()
                    let bottom = ((baseline - glyph.yOffset - (box.top - box.height) * perUnit) * scale).rounded()
                    images.append(SceneImage(bitmap, x: Int(left), y: Int(top), width: Int(right - left),
                                             height: Int(bottom - top)))
                }
            }
        }
        return images
    }
}
