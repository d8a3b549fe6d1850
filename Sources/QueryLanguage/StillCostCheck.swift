import ImageWriters
import TextLayout

/// What laying out and drawing labels costs besides their pixels, in instructions as callgrind
/// counts them with every cache off: shaping and outlining each outline glyph (`perOutline`; a
/// combining mark is a glyph of its own), the many strokes of a Noto Sans CJK glyph
/// (`perIdeograph`), decoding and resampling each distinct colour glyph (`perColorGlyph`: an
/// emoji is a 136 x 128 px PNG) and compressing the many colours of every one drawn
/// (`perColorPixel`). Fitted to `Benchmarks/worst/run.sh` runs (docs/performance.md,
/// Worst requests): 200 W's 16 M, 200 of the most detailed CJK characters 95 M, 150 distinct
/// emoji about 330 M.
enum LabelCost {
    static let perOutline = 80_000
    /// Per Noto Sans CJK glyph and unit of (1 + scale): more strokes to rasterize, and text
    /// that deflate compresses poorly, the larger it is drawn; twice that at the encoders' own
    /// zlib levels, which spend the most on such text.
    static let perIdeograph = 300_000
    static let perColorGlyph = 2_000_000
    /// Per px of a distinct colour glyph's size as drawn (its size x the scale).
    static let perColorGlyphPixel = 60_000
    /// Per px of colour glyphs drawn (their em squares at the picture's scale).
    static let perColorPixel = 100

    /// The instructions of `count` drawn at `scale` and compressed with `compression`.
    static func instructions(_ count: GlyphCount, scale: Double, compression: StillCost.Compression = .cheapest) -> Int {
        let ideograph = Double(perIdeograph * (compression == .best ? 2 : 1)) * (1 + scale)
        return count.outlines * perOutline + Int(Double(count.ideographs) * ideograph)
            + count.distinctColorGlyphs * perColorGlyph
            + Int(count.distinctColorGlyphSizes * scale) * perColorGlyphPixel + Int(count.colorGlyphArea * scale * scale) * perColorPixel
    }

    /// `count` as a 400 names it: "200 glyphs, 12 distinct emoji".
    static func described(_ count: GlyphCount) -> String {
        let glyphs = count.outlines + count.ideographs
        return "\(glyphs) glyph\(glyphs == 1 ? "" : "s")"
            + (count.distinctColorGlyphs > 0 ? ", \(count.distinctColorGlyphs) distinct emoji" : "")
    }
}

/// The bound on a still PNG's work, checked while parsing: `StillCost` estimates what laying
/// out, drawing and compressing the picture costs from its size, its label's line boxes and its
/// glyphs (`LabelCost`), and the cheapest zlib effort must fit `StillCost.budget`
/// (docs/performance.md, Worst requests). SVG is not drawn here: it is held to the size bound
/// (`LabelParameter.maximumPixels`) and its labels' glyphs to the budget (`checkLabel`).
enum StillCostCheck {
    /// The zlib effort for a still PNG of `kind`, `width` x `height` px, `labelPixels` of them
    /// in label line boxes, with `glyphs` in its labels: the best that fits.
    /// - Parameters: blamed: the parameter the 400 names, as sent (`scale`, else `width`, ...),
    ///   or `fallback` when none was sent (this and the other texts are made only for a 400);
    ///   causes: what makes the picture large, as the 400 names it ("width 1200, scale 2, size
    ///   accessibility5, pad 0, 9 line(s) of label"); smaller: what would make it cheaper
    ///   (`PictureSize.smaller`).
    /// - Throws: `ParameterError` "picture too large" when not even the cheapest fits, with the
    ///   estimate, what it counts (size, label share, glyphs) and the remedies, the SVG among
    ///   them.
    static func compression(_ kind: PictureScenes.Kind, width: Int, height: Int, scale: Double, labelPixels: Int,
                            glyphs: GlyphCount,
                            blamed: @autoclosure () -> QueryDecoder.Pair?,
                            fallback: @autoclosure () -> (name: String, value: String),
                            causes: @autoclosure () -> String,
                            smaller: @autoclosure () -> [String]) throws(ParameterError) -> StillCost.Compression {
        let pixels = width * height
        if let fitting = StillCost.compression(kind, pixels: pixels, labelPixels: labelPixels,
                                               text: { LabelCost.instructions(glyphs, scale: scale, compression: $0) }) {
            return fitting
        }
        let text = LabelCost.instructions(glyphs, scale: scale)
        let estimate = StillCost.instructions(kind, .cheapest, pixels: pixels, labelPixels: labelPixels, text: text)
        let share = Int((Double(min(labelPixels, pixels)) / Double(max(pixels, 1)) * 100).rounded())
        let counted = ["\(width) x \(height) px", labelPixels > 0 ? "\(share)% of it label lines" : nil,
                       text > 0 ? LabelCost.described(glyphs) + " of label" : nil].compactMap { $0 }
        let named = blamed()
        throw ParameterError(error: "picture too large", parameter: named?.name ?? fallback().name,
                             value: named?.value ?? fallback().value,
                             expected: "a PNG that costs at most about \(StillCost.budget / 1_000_000) million instructions "
                                 + "to lay out, draw and compress (this one about \(estimate / 1_000_000) million: "
                                 + counted.joined(separator: ", ") + ", at \(causes())): "
                                 + PictureSize.either(smaller() + ["the .svg of the same picture"]))
    }

    /// Checks what laying out and drawing labels of `glyphs` costs on its own against the budget:
    /// the bound of an SVG, whose writer outlines every glyph and decodes every distinct emoji,
    /// and of an animation's label, laid out once for all its frames.
    /// - Throws: `ParameterError` "label too long" on `label` (the first label a card names).
    static func checkLabel(_ glyphs: GlyphCount, scale: Double, label: @autoclosure () -> QueryDecoder.Pair) throws(ParameterError) {
        let text = LabelCost.instructions(glyphs, scale: scale)
        guard text > StillCost.budget else { return }
        let p = label()
        throw ParameterError(error: "label too long", parameter: p.name, value: p.value,
                             expected: "labels that cost at most about \(StillCost.budget / 1_000_000) million instructions "
                                 + "to lay out and draw (these about \(text / 1_000_000) million: "
                                 + LabelCost.described(glyphs) + "; an emoji costs as much as about 30 other "
                                 + "glyphs): shorter labels or fewer distinct emoji")
    }

    /// The px of `text`'s line boxes (each line's width x the line height) drawn at `scale`.
    static func labelPixels(_ text: TextBlock, scale: Double) -> Int {
        let area = text.lines.reduce(0) { $0 + $1.width * text.lineHeight }
        return Int((area * scale * scale).rounded(.up))
    }
}
