import ImageWriters
import TextLayout
import TogglePicture

/// The size in px of a `/toggle` picture, known from the query before anything is drawn, and the
/// bound on it: a style that draws its label grows with the label (200 W's at accessibility5,
/// scale 4 and pad 64 were 42,087 x 895 px, 150 MB of canvas), so a still picture is held to
/// `LabelParameter.maximumPixels` as `/row` and `/card` are, in PNG and SVG alike.
public enum PictureSize {
    /// The picture's width and height, px: the style's ideal size x scale, each rounded to whole
    /// pixels, plus `round(pad x scale)` on every side (`ToggleStyle.makeBody`'s contract).
    public static func of(_ spec: ToggleSpec) -> (width: Int, height: Int) {
        let ideal = ToggleStyles.style(of: spec).idealSize(spec)
        func px(_ pt: Double) -> Int { Int((pt * spec.scale).rounded()) }
        let pad = px(spec.padding)
        return (px(ideal.width) + 2 * pad, px(ideal.height) + 2 * pad)
    }

    /// What makes this picture large, for a 400's `expected`: scale, size, pad and the label's
    /// length as they are.
    static func causes(_ spec: ToggleSpec) -> String {
        var parts = ["scale \(number(spec.scale))", "size \(spec.size.rawValue)", "pad \(number(spec.padding))"]
        if drawsLabel(spec) {
            parts.append("a label of \(spec.label.count) character\(spec.label.count == 1 ? "" : "s")")
        }
        return parts.joined(separator: ", ")
    }

    /// Whether the toggle's picture holds its label (a style that needs one, or a label given),
    /// so that the label's length sizes it.
    static func drawsLabel(_ spec: ToggleSpec) -> Bool {
        ToggleStyles.style(of: spec).needsLabel || !spec.label.isEmpty
    }

    /// What would make this picture smaller, the parts that apply: a lower scale above 1 (the
    /// lowest `scale` takes), a smaller size above xSmall, less pad above 0, a shorter label when
    /// `labelGrows` (the label is drawn and wraps or widens the picture). For a 400's `expected`.
    static func smaller(_ spec: ToggleSpec, labelGrows: Bool) -> [String] {
        (spec.scale > 1 ? ["a lower scale"] : []) + (spec.size == DynamicTypeSize.allCases.first ? [] : ["a smaller size"])
            + (spec.padding > 0 ? ["less pad"] : []) + (labelGrows ? ["a shorter label"] : [])
    }

    /// `items` as an English list: "a", "a or b", "a, b or c".
    static func either(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }

    /// The parameter named by a too-large 400: the first of scale, size, pad, label that was sent.
    static func blamed(_ values: GivenParameters) -> QueryDecoder.Pair? {
        values[.scale] ?? values[.size] ?? values[.pad] ?? values[.label]
    }

    /// Checks a still `/toggle` picture against `LabelParameter.maximumPixels` and, as a PNG,
    /// against what drawing it costs (`StillCostCheck`: its label's glyphs count, not its line
    /// boxes: a style draws its label over a flat shape, a palette image of about 100
    /// instructions a pixel, under what the pixel term counts); an SVG's label against the
    /// budget alone.
    /// - Throws: `ParameterError` "picture too large" naming the scale (else size, pad or label)
    ///   as sent, the picture's size, what makes it large and the limit.
    /// - Returns: the picture's size (`of(spec)`), for callers that need it again, and the zlib
    ///   effort that keeps a PNG within the cost bound.
    static func checkStill(_ spec: ToggleSpec, values: GivenParameters, format: ImageFormat) throws(ParameterError)
        -> (width: Int, height: Int, compression: StillCost.Compression) {
        let (w, h) = of(spec)
        if w * h <= LabelParameter.maximumPixels {
            let glyphs = labelGlyphs(spec)
            guard format == .png else {
                if !spec.label.isEmpty, let label = values[.label] {
                    let schemes = values[.theme]?.value.lowercased() == "auto" ? 2 : 1
                    try StillCostCheck.checkLabel(glyphs, scale: spec.scale, schemes: schemes, label: label)
                }
                return (w, h, .best)
            }
            let compression = try StillCostCheck.compression(.toggle, width: w, height: h, scale: spec.scale, labelPixels: 0,
                                                             glyphs: glyphs,
                                                             styledGlyphs: glyphs.outlines > 0 && ToggleStyles.style(of: spec).needsLabel
                                                                 ? glyphs.outlines : 0,
                                                             symbolSegments: SymbolCost.segments(spec),
                                                             blamed: blamed(values), fallback: ("scale", number(spec.scale)),
                                                             causes: causes(spec),
                                                             smaller: smaller(spec, labelGrows: drawsLabel(spec)))
            return (w, h, compression)
        }
        let p = blamed(values)
        throw ParameterError(error: "picture too large", parameter: p?.name ?? "scale", value: p?.value ?? number(spec.scale),
                             expected: "a picture of at most \(LabelParameter.maximumPixels) px (this one is \(w) x \(h) px "
                                 + "at \(causes(spec))): a lower scale, a smaller size, less pad or a shorter label")
    }

    /// The glyphs of the toggle's label where its picture draws it (`StyleLabel.measured`), else none.
    static func labelGlyphs(_ spec: ToggleSpec) -> GlyphCount {
        guard !spec.label.isEmpty, drawsLabel(spec), let text = StyleLabel.measured(spec).text else { return GlyphCount() }
        return TextLayout.shared.glyphCount(of: [text])
    }

    static func number(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : "\(v)" }
}
