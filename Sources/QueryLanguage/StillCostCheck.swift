import ImageWriters
import TextLayout

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
                            glyphs: GlyphCount, styledGlyphs: Int = 0, symbolSegments: Int,
                            blamed: @autoclosure () -> QueryDecoder.Pair?,
                            fallback: @autoclosure () -> (name: String, value: String),
                            causes: @autoclosure () -> String,
                            smaller: @autoclosure () -> [String]) throws(ParameterError) -> StillCost.Compression {
        let pixels = width * height
        if let fitting = StillCost.compression(kind, pixels: pixels, labelPixels: labelPixels,
                                               text: { LabelCost.instructions(glyphs, scale: scale, compression: $0)
                                                   + SymbolCost.instructions(symbolSegments, scale: scale, compression: $0)
                                                   + styledGlyphs * LabelCost.perStyleLayout }) {
            return fitting
        }
        let text = LabelCost.instructions(glyphs, scale: scale)
            + SymbolCost.instructions(symbolSegments, scale: scale, compression: .cheapest) + styledGlyphs * LabelCost.perStyleLayout
        let estimate = StillCost.instructions(kind, .cheapest, pixels: pixels, labelPixels: labelPixels, text: text)
        let share = Int((Double(min(labelPixels, pixels)) / Double(max(pixels, 1)) * 100).rounded())
        let counted = ["\(width) x \(height) px", labelPixels > 0 ? "\(share)% of it label lines" : nil,
                       text > 0 ? LabelCost.described(glyphs) + " in the label" : nil].compactMap { $0 }
        let named = blamed()
        throw ParameterError(error: "picture too large", parameter: named?.name ?? fallback().name,
                             value: named?.value ?? fallback().value,
                             expected: "a PNG that costs at most about \(StillCost.budget / 1_000_000) million instructions "
                                 + "to lay out, draw and compress (this one about \(estimate / 1_000_000) million: "
                                 + counted.joined(separator: ", ") + ", at \(causes())): "
                                 + PictureSize.either(smaller() + ["the .svg of the same picture"]))
    }

    /// Checks what writing labels of `glyphs` into an SVG with `schemes` colour schemes costs
    /// against the budget (`LabelCost.svgInstructions`): the writer outlines every glyph and
    /// decodes every distinct emoji, for each scheme.
    /// - Throws: `ParameterError` "label too long" on `label` (a card names its longest).
    static func checkLabel(_ glyphs: GlyphCount, scale: Double, schemes: Int, symbolSegments: Int = 0,
                           label: @autoclosure () -> QueryDecoder.Pair) throws(ParameterError) {
        let text = LabelCost.svgInstructions(glyphs, scale: scale, schemes: schemes)
            + schemes * symbolSegments * SymbolCost.perSegment
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
