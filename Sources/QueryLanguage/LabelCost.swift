import ImageWriters
import TextLayout

/// What laying out and drawing labels costs besides their pixels, in instructions as callgrind
/// counts them with every cache off: shaping each outline glyph (`perOutline`; a combining mark
/// is a glyph of its own), reading, flattening and rasterizing its outline's segments
/// (`perSegment` x (1 + scale), twice that at the encoders' own zlib levels, which spend the most
/// on detailed text), decoding and resampling each distinct colour glyph (`perColorGlyph` plus
/// `perColorGlyphPixel` per px of its size as drawn: an emoji is a 136 x 128 px PNG) and
/// compressing the many colours of every one drawn (`perColorPixel`). Fitted to
/// `Benchmarks/worst/run.sh` runs (docs/performance.md, Worst requests): 200 W's 20 M (no
/// segments past an ordinary letter's), the most detailed CJK characters (龘: 212 segments) at
/// scale 1.5 about 1.2 M each; a row of 60 distinct emoji across 1200 pt at scale 2 measured
/// 177 M in all.
enum LabelCost {
    static let perOutline = 100_000
    /// Per glyph of a label a style draws itself (`button`, `symbol`): the style lays the label
    /// out again to size and to draw it, three more times.
    static let perStyleLayout = 100_000
    static let perSegment = 1_500
    static let perColorGlyph = 2_000_000
    static let perColorGlyphPixel = 60_000
    static let perColorPixel = 100
    /// An SVG writes each glyph's outline as path data, whatever the scale: `perOutlineSVG` a
    /// glyph (a curvy letter's path data costs 55,000-60,000) and `perSegment` a segment (12 rows of 200 W's 124 M, 200 Egyptian hieroglyphs of 916
    /// segments 254 M), for each colour scheme it holds (two for `theme=auto`).
    static let perOutlineSVG = 60_000

    /// The instructions of `count` drawn at `scale` and compressed with `compression`.
    static func instructions(_ count: GlyphCount, scale: Double, compression: StillCost.Compression = .cheapest) -> Int {
        let segment = Double(perSegment * (compression == .best ? 2 : 1)) * (1 + scale)
        return count.outlines * perOutline + Int(Double(count.outlineSegments) * segment) + emoji(count, scale: scale)
    }

    /// The colour glyphs' part of `count` drawn at `scale`: decoding, resampling, compressing.
    static func emoji(_ count: GlyphCount, scale: Double) -> Int {
        count.distinctColorGlyphs * perColorGlyph + Int(count.distinctColorGlyphSizes * scale) * perColorGlyphPixel
            + Int(count.colorGlyphArea * scale * scale) * perColorPixel
    }

    /// Characters (grapheme clusters) of labels past which a card is refused before any is laid
    /// out: each costs at least a glyph and, where a style draws the label, its layouts.
    static let maximumCardCharacters = StillCost.budget / (perOutline + perStyleLayout)

    /// The instructions of `count` in an SVG with `schemes` colour schemes, drawn at `scale`.
    static func svgInstructions(_ count: GlyphCount, scale: Double, schemes: Int) -> Int {
        schemes * (count.outlines * perOutlineSVG + count.outlineSegments * perSegment + emoji(count, scale: scale))
    }

    /// `count` as a 400 names it: "200 glyphs with 9600 outline segments of detail, 12 distinct
    /// emoji".
    static func described(_ count: GlyphCount) -> String {
        let glyphs = count.outlines
        return "\(glyphs) glyph\(glyphs == 1 ? "" : "s")"
            + (count.outlineSegments > 0 ? " with \(count.outlineSegments) outline segments of detail" : "")
            + (count.distinctColorGlyphs > 0 ? ", \(count.distinctColorGlyphs) distinct emoji" : "")
    }
}
