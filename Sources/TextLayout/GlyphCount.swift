/// What drawing laid-out labels asks of the raster backend, counted before anything is drawn
/// (the query's cost bounds use it): outline glyphs by how detailed their fonts' glyphs are, and
/// colour glyphs by how many distinct ones each label decodes and resamples.
public struct GlyphCount: Sendable, Equatable {
    /// Outline glyphs of every face but Noto Sans CJK (a few curves each; a combining mark is
    /// a glyph of its own).
    public var outlines = 0
    /// Outline glyphs of Noto Sans CJK: up to 60 strokes, many times a Latin glyph's curves.
    public var ideographs = 0
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
    /// describes: every glyph of every run, colour glyphs distinct within each block.
    public func glyphCount(of blocks: [TextBlock]) -> GlyphCount {
        var count = GlyphCount()
        for block in blocks {
            var colour: Set<UInt64> = []
            for line in block.lines {
                for run in line.runs {
                    let font = fontSet[run.font]
                    if font.hasColorBitmaps {
                        for glyph in run.glyphs where colour.insert(UInt64(run.font.rawValue) << 32 | UInt64(glyph.glyph)).inserted {
                            count.distinctColorGlyphSizes += run.size
                        }
                        count.colorGlyphArea += Double(run.glyphs.count) * run.size * run.size
                    } else if font.family.hasPrefix(SystemFonts.cjkPrefix) {
                        count.ideographs += run.glyphs.count
                    } else {
                        count.outlines += run.glyphs.count
                    }
                }
            }
            count.distinctColorGlyphs += colour.count
        }
        return count
    }
}
