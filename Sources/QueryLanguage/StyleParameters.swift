import TogglePicture
import Utilities

/// The parameters of the toggle styles (docs/design-facts.md section 11): `style`,
/// `sources` and `label`, and the rules between them and the other parameters.
enum StyleParameters {
    /// `style`: a name from `ToggleStyles.all`. Sets the spec's style and the style's default
    /// symbols and colours, which `sym`, `on_sym`, `off_sym`, `color` and `off_color` (applied
    /// after it) override.
    /// - Throws: `ParameterError` for a name not in the table.
    static func applyStyle(_ p: QueryDecoder.Pair, to spec: inout ToggleSpec) throws(ParameterError) {
        guard let style = style(named: p.value) else {
            let hint = nearestStyle(to: p.value).map { "did you mean \($0)? " } ?? ""
            throw ToggleQuery.invalid(p, expected: hint + expectedStyles)
        }
        spec.style = style.name
        if let symbols = style.symbols {
            spec.onSymbol = symbols.on
            spec.offSymbol = symbols.off
            spec.mixedSymbol = symbols.mixed
        }
        if let colors = style.defaultColors {
            spec.tint = .named(colors.tint)
            spec.offColor = colors.offColor.map { .named($0) }
        }
    }

    /// What `style` accepts, for its 400.
    static let expectedStyles = "a style: " + ToggleStyles.names.joined(separator: ", ") + ", or "
        + ToggleStyles.aliases.map { "\($0.alias) (SwiftUI's default style: \($0.style) on iOS)" }.joined(separator: ", ")
        + " (any case)"

    /// The style called `name`, compared case-insensitively (`Switch`, `iconswitch`), as
    /// `theme`, `state` and `dir` are, or by an alias (`automatic`, `Automatic`: the switch);
    /// nil for a name that is neither.
    static func style(named name: String) -> (any ToggleStyle)? {
        if let exact = ToggleStyles.style(named: name) { return exact }
        let key = EditDistance.lowercasedASCII(name)
        if let alias = ToggleStyles.aliases.first(where: { Array($0.alias.utf8) == key }) {
            return ToggleStyles.style(named: alias.style)
        }
        return ToggleStyles.all.first { EditDistance.lowercasedASCII($0.name) == key }
    }

    /// The style name or alias `name` is probably a misspelling of (`swich`: `switch`, `buton`:
    /// `button`, `automatc`: `automatic`), by optimal string alignment distance ignoring case:
    /// within 1 edit for names of up to 5 bytes, else 2; the nearest wins, the earlier style
    /// among equals, aliases last. Nil when none is that close.
    static func nearestStyle(to name: String) -> String? {
        let key = EditDistance.lowercasedASCII(name)
        guard !key.isEmpty, key.count <= 64 else { return nil }
        let bound = key.count <= 5 ? 1 : 2
        var rows: [Int] = []
        var best: (distance: Int, name: String)?
        for candidate in ToggleStyles.names + ToggleStyles.aliases.map(\.alias) {
            let d = EditDistance.distance(key, EditDistance.lowercasedASCII(candidate), bound: bound, rows: &rows)
            if d != Int.max, d < (best?.distance ?? Int.max) { best = (d, candidate) }
        }
        return best?.name
    }

    static let sourcesExpected = "1 to \(MultiValueState.maximumCount) booleans separated by commas "
        + "(each 1, 0, true, false, yes, no, on or off), e.g. 1,0,1"

    /// `sources=1,0,1`: the states of 1 to 12 sources, each a boolean as `on` takes.
    /// - Throws: `ParameterError` for no items, an empty item, a non-boolean item, or more than 12.
    static func sources(_ p: QueryDecoder.Pair) throws(ParameterError) -> [Bool] {
        let items = p.value.split(separator: ",", omittingEmptySubsequences: false)
        guard items.count <= MultiValueState.maximumCount else {
            throw ToggleQuery.invalid(p, expected: sourcesExpected + " (\(items.count) given)")
        }
        var states: [Bool] = []
        for (index, item) in items.enumerated() {
            switch item.lowercased() {
            case "1", "true", "yes", "on": states.append(true)
            case "0", "false", "no", "off": states.append(false)
            case "":
                throw ToggleQuery.invalid(p, expected: sourcesExpected + " (item \(index + 1) is empty)")
            default:
                throw ToggleQuery.invalid(p, expected: sourcesExpected + " (item \(index + 1) is not a boolean)")
            }
        }
        return states
    }

    /// `label` on `/toggle`: as `/row` takes it (`LabelParameter`: 1 to 200 characters, no
    /// control characters, every grapheme cluster in one font of the set).
    /// - Throws: `ParameterError` naming the label and what is wrong with it.
    static func label(_ p: QueryDecoder.Pair) throws(ParameterError) -> String {
        try LabelParameter.parse(p)
    }

    /// Rules between parameters, checked before any value applies: `sources` with `on` or
    /// `state`; a symbol on a style without one; a style whose picture is its label without
    /// `label` (`labelRequired`: on `/toggle`, where nothing else gives a label).
    /// - Throws: `ParameterError` naming the parameter that does not fit.
    static func checkCombinations(_ values: GivenParameters, labelRequired: Bool = true) throws(ParameterError) {
        if let sources = values[.sources], let other = values[.on] ?? values[.state] {
            throw ParameterError(error: "conflicting parameters", parameter: sources.name, value: sources.value,
                                 expected: "either sources or \(other.name), not both (sources sets the state)")
        }
        guard let given = values[.style], let style = Self.style(named: given.value) else { return }  // its row reports it
        if style.symbols == nil {
            for row in [ParameterRow.sym, .onSym, .offSym] {
                guard let p = values[row] else { continue }
                throw ParameterError(error: "conflicting parameters", parameter: p.name, value: p.value,
                                     expected: "no symbol: style \(style.name) has no symbol (styles with symbols: "
                                         + ToggleStyles.all.filter { $0.symbols != nil }.map(\.name).joined(separator: ", ") + ")")
            }
        }
        if let p = values[.contrast], p.value.lowercased() == "auto", !style.drawsSymbolOnKnob {
            throw ParameterError(error: "conflicting parameters", parameter: p.name, value: p.value,
                                 expected: "no contrast: style \(style.name) draws no symbol on a knob (styles that do: "
                                     + ToggleStyles.all.filter(\.drawsSymbolOnKnob).map(\.name).joined(separator: ", ") + ")")
        }
        if labelRequired, style.needsLabel, values[.label] == nil {
            throw ParameterError(error: "missing parameter", parameter: "label", value: "",
                                 expected: "a label (label=...): style \(style.name) draws its label")
        }
    }
}
