import TogglePicture

/// The `/toggle` query parameters (docs/design-facts.md section 4) turned into a `ToggleSpec`.
///
/// Names are case-sensitive. A parameter given twice, or under two of its aliases, is an error;
/// unknown parameters are ignored and reported so the response can name them.
public struct ToggleQuery: Sendable {
    public var spec: ToggleSpec
    /// `theme=auto`: follow the viewer's colour scheme (SVG only; `spec` then holds light).
    public var followsColorScheme = false
    /// Names of parameters that were ignored, in the order sent (empty names left out).
    public var ignored: [String]

    /// `ignored` as a field value for `X-Ignored-Params`: names separated by ", ", each
    /// percent-encoded except for RFC 3986 unreserved characters, so a name can hold neither a
    /// comma nor a byte a field value may not carry. Nil when nothing was ignored.
    public var ignoredFieldValue: String? {
        guard !ignored.isEmpty else { return nil }
        return ignored.map(QueryDecoder.percentEncode).joined(separator: ", ")
    }

    /// Parameter names and their aliases; the first name is canonical.
    static let aliases: [String: String] = [
        "tint": "color", "onSymbol": "on_sym", "offSymbol": "off_sym",
    ]
    static let known: Set<String> = [
        "on", "state", "sym", "on_sym", "off_sym", "color", "off_color", "scale", "size", "theme",
        "disabled", "bg", "pad", "dir", "style", "sources", "label",
    ]

    static let booleanExpected = "1, 0, true, false, yes, no, on or off"

    /// Parses a raw (still percent-encoded) query; `nil` is the same as "".
    /// `impliedScale` is the scale a path form like `/toggle@2x.png` sets (a `scale` parameter
    /// beside it is then a repeat).
    /// - Throws: `ParameterError` for malformed encoding, repeats, and invalid values.
    public init(rawQuery: String?, impliedScale: Double? = nil) throws(ParameterError) {
        try self.init(pairs: QueryDecoder.decode(rawQuery ?? ""), impliedScale: impliedScale)
    }

    /// Parses decoded pairs (for `/row` and `/card`, which take their own parameters out first;
    /// `inRow`: they draw the icon switch only, so `style` and `label` are theirs to refuse).
    /// - Throws: `ParameterError` for repeats and invalid values.
    public init(pairs: [QueryDecoder.Pair], impliedScale: Double? = nil, inRow: Bool = false) throws(ParameterError) {
        var values: [String: QueryDecoder.Pair] = [:]
        var ignored: [String] = []
        for pair in pairs {
            let canonical = Self.aliases[pair.name] ?? pair.name
            guard Self.known.contains(canonical) else {
                if !pair.name.isEmpty, !ignored.contains(pair.name) { ignored.append(pair.name) }
                continue
            }
            if let earlier = values[canonical] {
                throw ParameterError(
                    error: "repeated parameter", parameter: pair.name, value: pair.value,
                    expected: "at most one of \(earlier.name == pair.name ? pair.name : earlier.name + " and " + pair.name)")
            }
            values[canonical] = pair
        }
        if impliedScale != nil, let given = values["scale"] {
            throw ParameterError(error: "repeated parameter", parameter: given.name, value: given.value,
                                 expected: "no scale parameter with an @Nx path")
        }
        self.ignored = ignored
        var spec = ToggleSpec()

        if let on = values["on"], let state = values["state"] {
            throw ParameterError(error: "conflicting parameters", parameter: state.name, value: state.value,
                                 expected: "either on=\(on.value) or state, not both")
        }
        if inRow, let p = values["style"] ?? values["label"] {
            throw ParameterError(error: "invalid value", parameter: p.name, value: p.value,
                                 expected: p.name == "style"
                                     ? "no style: /row and /card draw the icon switch (style= is for /toggle)"
                                     : "one label: the row's own")
        }
        try StyleParameters.checkCombinations(values)
        if let on = values["on"] {
            spec.state = try Self.boolean(on) ? .on : .off
        }
        if let state = values["state"] {
            guard let s = ToggleState(rawValue: state.value.lowercased()) else {
                throw Self.invalid(state, expected: "on, off or mixed")
            }
            spec.state = s
        }
        if let p = values["sources"] { spec.state = MultiValueState.state(of: try StyleParameters.sources(p)) }
        if let p = values["style"] { try StyleParameters.applyStyle(p, to: &spec) }
        if let p = values["label"] { spec.label = try StyleParameters.label(p) }
        if let sym = values["sym"] {
            let stateKey = spec.state == .on ? "on_sym" : (spec.state == .off ? "off_sym" : nil)
            if let key = stateKey, let other = values[key] {
                throw ParameterError(error: "conflicting parameters", parameter: sym.name, value: sym.value,
                                     expected: "either sym or \(other.name) for the \(spec.state.rawValue) state, not both")
            }
        }
        if let p = values["on_sym"] { spec.onSymbol = try Self.symbol(p) }
        if let p = values["off_sym"] { spec.offSymbol = try Self.symbol(p) }
        if let p = values["sym"] {
            let name = try Self.symbol(p)
            switch spec.state {
            case .on: spec.onSymbol = name
            case .off: spec.offSymbol = name
            case .mixed: spec.mixedSymbol = name
            }
        }
        if let p = values["color"] { spec.tint = try Self.color(p) }
        if let p = values["off_color"] { spec.offColor = try Self.color(p) }
        if let p = values["bg"] { spec.background = try Self.color(p) }
        if let scale = impliedScale {
            spec.scale = scale
        } else if let p = values["scale"] {
            spec.scale = try Self.decimal(p, in: 1...4, expected: "a number from 1 to 4, decimals allowed (e.g. 2 or 1.5)")
        }
        if let p = values["size"] {
            guard let size = DynamicTypeSize(name: p.value) else {
                throw Self.invalid(p, expected: "a Dynamic Type size: "
                                   + DynamicTypeSize.allCases.map(\.rawValue).joined(separator: ", "))
            }
            spec.size = size
        }
        if let p = values["theme"] {
            if p.value.lowercased() == "auto" {
                followsColorScheme = true
            } else if let theme = Appearance(rawValue: p.value.lowercased()) {
                spec.appearance = theme
            } else {
                throw Self.invalid(p, expected: "light, dark or auto (auto: .svg only)")
            }
        }
        if let p = values["disabled"] { spec.disabled = try Self.boolean(p) }
        if let p = values["dir"] {
            switch p.value.lowercased() {
            case "ltr", "auto": spec.mirrored = false
            case "rtl": spec.mirrored = true
            default: throw Self.invalid(p, expected: "ltr, rtl or auto")
            }
        }
        if let p = values["pad"] {
            spec.padding = try Self.decimal(p, in: 0...64, expected: "a margin in pt from 0 to 64, decimals allowed")
        }
        self.spec = spec
    }

    /// Whether `format` can show what was asked.
    /// - Throws: `ParameterError` for `theme=auto` in a PNG, which has one colour scheme.
    public func check(for format: ImageFormat) throws(ParameterError) {
        if followsColorScheme && format != .svg {
            throw ParameterError(error: "invalid value", parameter: "theme", value: "auto",
                                 expected: "light or dark; theme=auto needs .svg (/toggle.svg follows the viewer's colour scheme)")
        }
    }

    static func invalid(_ p: QueryDecoder.Pair, expected: String) -> ParameterError {
        ParameterError(error: "invalid value", parameter: p.name, value: p.value, expected: expected)
    }

    static func boolean(_ p: QueryDecoder.Pair) throws(ParameterError) -> Bool {
        switch p.value.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw invalid(p, expected: booleanExpected)
        }
    }

    static func color(_ p: QueryDecoder.Pair) throws(ParameterError) -> ColorSpecifier {
        guard let c = ColorSpecifier.parse(p.value) else { throw invalid(p, expected: ColorSpecifier.expected) }
        return c
    }

    static func symbol(_ p: QueryDecoder.Pair) throws(ParameterError) -> String {
        guard SymbolCatalog.path(named: p.value) != nil else {
            throw invalid(p, expected: SymbolCatalog.expectation(forUnknown: p.value))
        }
        return p.value
    }

    /// A plain decimal: digits, optionally a point and more digits (no sign, exponent, or
    /// spaces), within `range`.
    static func decimal(_ p: QueryDecoder.Pair, in range: ClosedRange<Double>,
                        expected: String) throws(ParameterError) -> Double {
        let bytes = Array(p.value.utf8)
        let digits = bytes.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
        let points = bytes.filter { $0 == UInt8(ascii: ".") }.count
        guard !bytes.isEmpty, bytes.count <= 16, digits + points == bytes.count, points <= 1, digits >= 1,
              bytes.first != UInt8(ascii: "."), bytes.last != UInt8(ascii: "."),
              let v = Double(p.value), range.contains(v) else {
            throw invalid(p, expected: expected)
        }
        return v
    }
}
