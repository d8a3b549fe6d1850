import TextLayout
import TogglePicture

/// The `/row` query (issue 14): `label`, `width` (pt), `dir`, plus every `/toggle` parameter.
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
    /// Parameters that were ignored, in the order sent.
    public var ignored: [String]
    /// `theme=auto` (SVG only): `spec` holds the light theme, the file follows the viewer's.
    public var followsColorScheme: Bool

    /// The parameters `/row` has beside the switch's.
    static let ownNames = ["label", "width", "dir"]

    /// Widths `width=` accepts, pt.
    static let widths: ClosedRange<Double> = 200...1200
    static let widthExpected = "a width in pt from 200 to 1200, decimals allowed"

    /// - Throws: `ParameterError` for a missing or bad label, a bad width or dir, or any error
    ///   `/toggle` would give for the switch's parameters.
    public init(rawQuery: String?) throws(ParameterError) {
        let pairs = try QueryDecoder.decode(rawQuery ?? "")
        var own: [String: QueryDecoder.Pair] = [:]
        var rest: [QueryDecoder.Pair] = []
        for pair in pairs {
            guard Self.ownNames.contains(pair.name) else {
                if let known = ParameterNames.misspelling(of: pair.name, alsoAmong: Self.ownNames),
                   Self.ownNames.contains(known) {
                    throw ParameterError(error: "unknown parameter", parameter: pair.name, value: pair.value,
                                         expected: "did you mean \(known)? /row takes label, width, dir and every "
                                             + "/toggle parameter but animate")
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
        let toggle = try ToggleQuery.still(pairs: rest)
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
        try LabelParameter.checkArea(widthPt: row.layout.width + 2 * spec.padding,
                                     heightPt: row.layout.height + 2 * spec.padding, scale: spec.scale,
                                     scalePair: rest.first { $0.name == "scale" }, widthPair: own["width"])
    }

    /// - Throws: `ParameterError` on `theme` for `theme=auto` in any format but SVG.
    public func check(for format: ImageFormat) throws(ParameterError) {
        if followsColorScheme && format != .svg {
            throw ParameterError(error: "invalid value", parameter: "theme", value: "auto",
                                 expected: "light or dark; theme=auto needs .svg (/row.svg follows the viewer's colour scheme)")
        }
    }
}
