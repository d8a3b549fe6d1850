import Geometry
import Utilities

/// Lays out labels in the bundled fonts: font runs, shaping (HarfBuzz), line breaking, and
/// glyph outlines as paths. Shaped runs are cached by font, size, direction and text; outlines by
/// font and glyph (in font units, so every size shares them). Safe to use from any thread.
public final class TextLayout: Sendable {
    private let fonts: [BundledFont: Font]
    /// Shaped runs: labels come back in bursts, so a full table starts over.
    private let runs = BoundedCache<RunKey, ShapedRun>(capacity: 4096, whenFull: .startOver)
    /// Glyph outlines: the bundled fonts have a few thousand glyphs, and few are ever drawn.
    private let outlines = BoundedCache<GlyphKey, Path>(capacity: 8192, whenFull: .startOver)

    private struct RunKey: Hashable, Sendable {
        var font: BundledFont
        var size: Double
        var direction: TextDirection
        var text: String
    }

    private struct GlyphKey: Hashable, Sendable {
        var font: BundledFont
        var glyph: UInt32
    }

    /// How far, in px, the straight segments that fill glyph outlines may stray from the curves:
    /// 0.02 px changes a pixel's coverage by at most 0.02 (5 of 255 levels, at an edge), and
    /// needs about a third of the segments of Flattening.defaultTolerance (0.002 px), which the
    /// toggle's large shapes use. `LabelPixelTests` holds labels filled with it to >= 35 dB
    /// against FreeType.
    public static let flatteningTolerance = 0.02

    public init(fonts: [BundledFont: Font]) {
        self.fonts = fonts
    }

    /// The bundled fonts, loaded once on first use. A missing font is a packaging fault, so
    /// this stops the process with a message saying which resource folder to ship.
    public static let shared: TextLayout = {
        do {
            return try TextLayout.bundled()
        } catch {
            fatalError("\(error)")
        }
    }()

    /// Loads every bundled font from the resources.
    /// - Throws: `TextLayoutError.fontMissing` / `.fontUnreadable`.
    public static func bundled() throws -> TextLayout {
        var fonts: [BundledFont: Font] = [:]
        for font in BundledFont.allCases { fonts[font] = try Font.load(font) }
        return TextLayout(fonts: fonts)
    }

    /// The loaded font object for `font`.
    public func font(_ font: BundledFont) -> Font { fonts[font]! }

    /// Shapes `text` in one font, cached. Lengths in the result are pt at `size`.
    public func shape(_ text: String, font: BundledFont, size: Double, direction: TextDirection) -> ShapedRun {
        runs.value(for: RunKey(font: font, size: size, direction: direction, text: text), orMake: { () -> ShapedRun in
            fonts[font]!.shape(Array(text.unicodeScalars), size: size, direction: direction,
                               language: font.languageTag, as: font)
        })
    }

    /// Checks that every character of `text` is in a bundled font.
    /// - Throws: `TextLayoutError.uncoveredCharacter` naming the first one that is not.
    public func checkCoverage(of text: String) throws {
        _ = try fontAssignment(of: Array(text.unicodeScalars), fonts: fonts)
    }

    /// The font of each scalar of `scalars` (`fontAssignment`).
    func assignFonts(_ scalars: [Unicode.Scalar]) throws -> [BundledFont] {
        try fontAssignment(of: scalars, fonts: fonts)
    }

    /// How many shaped runs and glyph outlines the caches hold (for tests and metrics).
    var cachedCounts: (runs: Int, outlines: Int) { (runs.count, outlines.count) }

    /// The outline of `glyph` in font units, y down, cached.
    public func outline(font: BundledFont, glyph: UInt32) -> Path {
        outlines.value(for: GlyphKey(font: font, glyph: glyph), orMake: { () -> Path in fonts[font]!.outline(of: glyph) })
    }

    /// Every glyph of `block` as one path in pixels: the block's box has its top-left corner at
    /// (`x`, `y`) pt and is `boxWidth` pt wide (right-to-left lines end at its right edge); pixels
    /// = pt x `scale`, y down. Fill it with the nonzero rule.
    public func path(of block: TextBlock, x: Double, y: Double, boxWidth: Double, scale: Double) -> Path {
        var path = Path()
        for (index, line) in block.lines.enumerated() {
            let baseline = y + block.baseline(ofLine: index)
            var pen = x + block.lineStart(ofLine: index, boxWidth: boxWidth)
            for run in line.runs {
                let perUnit = run.size / Double(fonts[run.font]!.unitsPerEm)
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
}
