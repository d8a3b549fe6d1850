import ImageWriters
import TextLayout
import TogglePicture

/// The `/row` query: `label`, `width` (pt), `dir`, plus every `/toggle` parameter
/// (`animate` and its companions included: the row's switch animates, its label stays still).
public struct RowQuery: Sendable {
    /// The switch, as `/toggle` would parse the same parameters.
    public var spec: ToggleSpec
    public var label: String
    /// The row's width, pt.
    public var width: Double
    /// `dir`, or nil for the label's first strong character.
    public var direction: TextDirection?
    /// The label laid out and the row around it.
    public var row: LabelledRow
    /// With `animate=1`: the switch's animation, built over the row's body (`LabelledRow.body(_:)`,
    /// the label too for a style that draws it), as `/toggle` parses `from`, `motion`, `loop` and
    /// `fps`; nil for a still row.
    public var animation: ToggleAnimation?
    /// Parameters that were ignored, in the order sent.
    public var ignored: [String]
    /// How hard zlib may work on the still PNG within the cost bound (`StillCostCheck`); `.best`
    /// for SVG and animations, which are bounded otherwise.
    public var compression: StillCost.Compression = .best
    /// What laying out and drawing the label costs, instructions (`LabelCost`), for an
    /// animation's zlib level to leave room for.
    public var labelInstructions = 0
    /// `theme=auto` (SVG only): `spec` holds the light theme, the file follows the viewer's.
    public var followsColorScheme: Bool

    /// The parameters `/row` has beside the switch's.
    static let ownNames = ["label", "width", "dir"]

    /// Widths `width=` accepts, pt.
    static let widths: ClosedRange<Double> = 200...1200
    static let widthExpected = "a width in pt from 200 to 1200, decimals allowed"

    /// - Throws: `ParameterError` for a missing or bad label, a bad width or dir, or any error
    ///   `/toggle` would give for the switch's parameters.
    /// `format` as for `ToggleQuery.init(rawQuery:impliedScale:format:)`.
    public init(rawQuery: String?, format: ImageFormat = .png) throws(ParameterError) {
        let pairs = try QueryDecoder.decode(rawQuery ?? "")
        var own: [String: QueryDecoder.Pair] = [:]
        var rest: [QueryDecoder.Pair] = []
        for pair in pairs {
            guard Self.ownNames.contains(pair.name) else {
                if let known = ParameterNames.misspelling(of: pair.name, alsoAmong: Self.ownNames),
                   Self.ownNames.contains(known) {
                    throw ParameterError(error: "unknown parameter", parameter: pair.name, value: pair.value,
                                         expected: "did you mean \(known)? /row takes label, width, dir and every "
                                             + "/toggle parameter")
                }
                rest.append(pair)
                continue
            }
            if own[pair.name] != nil {
                throw ParameterError(error: "repeated parameter", parameter: pair.name, value: pair.value,
                                     expected: "at most one \(pair.name)")
            }
            own[pair.name] = pair
        }
        // The switch's parameters first: a misspelt name (`lable`) is a 400 that says so, before
        // a missing label is.
        let toggle = try ToggleQuery(pairs: rest, inRow: true, format: format)
        guard let labelPair = own["label"] else {
            throw ParameterError(error: "missing parameter", parameter: "label", value: "",
                                 expected: "label=TEXT, 1 to \(LabelParameter.maximumLength) characters")
        }
        label = try LabelParameter.parse(labelPair)
        spec = toggle.spec
        ignored = toggle.ignored
        followsColorScheme = toggle.followsColorScheme
        width = try own["width"].map { p throws(ParameterError) in
            try ToggleQuery.decimal(p, in: Self.widths, expected: Self.widthExpected)
        } ?? LabelledRow.defaultWidth
        direction = try own["dir"].map { p throws(ParameterError) in try LabelParameter.direction(p) } ?? nil
        row = try LabelParameter.row(label: label, parameter: labelPair, spec: spec, width: width,
                                     direction: direction)
        spec.mirrored = row.layout.direction == .rightToLeft
        let scalePair = rest.first { $0.name == "scale" }
        try LabelParameter.checkArea(widthPt: row.layout.width + 2 * spec.padding,
                                     heightPt: row.layout.height + 2 * spec.padding, scale: spec.scale,
                                     scalePair: scalePair, widthPair: own["width"])
        let glyphs = TextLayout.shared.glyphCount(of: [row.text])
        labelInstructions = LabelCost.instructions(glyphs, scale: spec.scale)
        compression = try stillCompression(format, animated: toggle.animation != nil, glyphs: glyphs, labelPair: labelPair,
                                           blamed: scalePair ?? own["width"])
        if let motion = toggle.animation {
            let t = motion.transition
            let rowMotion = ToggleAnimation(transition: ToggleTransition(spec: row.body(spec), from: t.from, motion: t.motion),
                                            loops: motion.loops)
            animation = rowMotion
            let animatePair = rest.first { ToggleQuery.canonicalNames[$0.name] == "animate" }
            try checkAnimationArea(animatePair: animatePair)
            try AnimationCost.check(rowMotion, animatePair: animatePair, label: labelInstructions, causes: causes,
                                    smaller: PictureSize.smaller(spec, labelGrows: row.text.lines.count > 1),
                                    row: canvasSize, format: format)
        }
    }

    /// The zlib effort for the still PNG within the cost bound (`StillCostCheck`); `.best` for an
    /// animation (bounded by `AnimationCost`) and an SVG, whose label is held to the budget.
    /// - Throws: `ParameterError` "picture too large" on `blamed` (else on the label), "label too
    ///   long" on `labelPair` for an SVG.
    func stillCompression(_ format: ImageFormat, animated: Bool, glyphs: GlyphCount, labelPair: QueryDecoder.Pair,
                          blamed: QueryDecoder.Pair?) throws(ParameterError) -> StillCost.Compression {
        if format == .svg {
            try StillCostCheck.checkLabel(glyphs, scale: spec.scale, schemes: followsColorScheme ? 2 : 1,
                                          symbolSegments: SymbolCost.segments(spec), label: labelPair)
        }
        guard format == .png, !animated else { return .best }
        return try StillCostCheck.compression(.labelled, width: canvasSize.width, height: canvasSize.height, scale: spec.scale,
                                       labelPixels: StillCostCheck.labelPixels(row.text, scale: spec.scale),
                                       glyphs: glyphs, styledGlyphs: ToggleStyles.style(of: spec).needsLabel ? glyphs.outlines : 0,
                                       symbolSegments: SymbolCost.segments(spec), blamed: blamed, fallback: ("label", label), causes: causes,
                                       smaller: PictureSize.smaller(spec, labelGrows: true) + ["a narrower width"])
    }

    /// What makes the row large, as a too-large 400 names it.
    var causes: String {
        "width \(PictureSize.number(width)), scale \(PictureSize.number(spec.scale)), size \(spec.size.rawValue), pad "
            + "\(PictureSize.number(spec.padding)), \(row.text.lines.count) line(s) of label"
    }

    /// The row's canvas, px: `round((width + 2 pad) s)` x `round((height + 2 pad) s)` (`RowScene`).
    public var canvasSize: (width: Int, height: Int) {
        (RowScene.pixels(row.layout.width + 2 * spec.padding, scale: spec.scale),
         RowScene.pixels(row.layout.height + 2 * spec.padding, scale: spec.scale))
    }

    /// An animated row's frame is the row's canvas: at most `ToggleQuery.maximumAnimationFramePixels`,
    /// as a toggle's frame.
    /// - Throws: `ParameterError` on `animate` for a larger row.
    func checkAnimationArea(animatePair: QueryDecoder.Pair?) throws(ParameterError) {
        let (w, h) = canvasSize, limit = ToggleQuery.maximumAnimationFramePixels
        guard w * h > limit else { return }
        throw ParameterError(error: "picture too large", parameter: animatePair?.name ?? "animate",
                             value: animatePair?.value ?? "1",
                             expected: "an animation frame of at most \(limit) px (this row is \(w) x \(h) px at "
                                 + "\(causes)): lower scale, width, size or pad, or use a shorter label")
    }

    /// - Throws: `ParameterError` on `theme` for `theme=auto` in any format but SVG, and for
    ///   `theme=auto` with `animate=1` (an animated SVG has one colour scheme).
    public func check(for format: ImageFormat) throws(ParameterError) {
        if followsColorScheme && format != .svg {
            throw ParameterError(error: "invalid value", parameter: "theme", value: "auto",
                                 expected: "light or dark; theme=auto needs .svg (/row.svg follows the viewer's colour scheme)")
        }
        if animation != nil && followsColorScheme {
            throw ParameterError(error: "conflicting parameters", parameter: "theme", value: "auto",
                                 expected: "light or dark with animate=1 (an animated SVG has one colour scheme)")
        }
    }
}
