/// What drawing laid-out labels asks of the raster backend, counted before anything is drawn
/// (the query's cost bounds use it): outline glyphs and their outlines' segments (an Egyptian
/// hieroglyph has 900, a Latin letter a dozen), and colour glyphs by how many distinct ones each
/// label decodes and resamples.
public struct GlyphCount: Sendable, Equatable {
    /// Outline glyphs (a combining mark is a glyph of its own).
    public var outlines = 0
    /// The segments (lines and curves) of those glyphs' outlines past `ordinarySegments` each,
    /// each glyph as often as drawn: the detail an ordinary letter does not have.
    public var outlineSegments = 0
    /// Segments of an ordinary letter's outline, at most (Inter's W has 18): not counted.
    public static let ordinarySegments = 24
    /// Colour glyphs (emoji), counted once per label: `TextLayout.images(of:...)` decodes each
    /// distinct one from its PNG and resamples it once per label.
    public var distinctColorGlyphs = 0
    /// Every colour glyph's em square, pt² (size x size, each time it is drawn): emoji are
    /// many-coloured pixels, which deflate compresses several times worse than text's.
    public var colorGlyphArea = 0.0
    /// The sizes of the distinct colour glyphs, pt, together: resampling one to its size costs
    /// more the larger it is drawn.
    public var distinctColorGlyphSizes = 0.0

    public init() {}
}

extension TextLayout {
    /// The glyphs of `blocks` (a row's label, or each row of a card), counted as `GlyphCount`
    /// describes: every glyph of every run, colour glyphs distinct within each block. Each
    /// distinct outline is read once (`outline(font:glyph:)`, which the drawing reuses).
    public func glyphCount(of blocks: [TextBlock]) -> GlyphCount {
        var count = GlyphCount()
        var segments: [UInt64: Int] = [:]
        for block in blocks {
            var colour: Set<UInt64> = []
            for line in block.lines {
                for run in line.runs {
                    let font = fontSet[run.font]
                    for glyph in run.glyphs {
                        let key = UInt64(run.font.rawValue) << 32 | UInt64(glyph.glyph)
                        if font.hasColorBitmaps {
                            if colour.insert(key).inserted { count.distinctColorGlyphs += 1; count.distinctColorGlyphSizes += run.size }
                            count.colorGlyphArea += run.size * run.size
                        } else {
                            count.outlines += 1
                            if let known = segments[key] {
                                count.outlineSegments += known
                            } else {
                                let n = max(0, outline(font: run.font, glyph: glyph.glyph).elements.count - GlyphCount.ordinarySegments)
                                segments[key] = n
                                count.outlineSegments += n
                            }
                        }
                    }
                }
            }
        }
        return count
    }
}
