import ImageWriters
import TextLayout
import TogglePicture

/// The `/toggle` query parameters (docs/design-facts.md section 4) turned into a `ToggleSpec`.
///
/// Names are case-sensitive. A parameter given twice, or under two of its aliases, is an error;
/// so is an unknown name within a small edit distance of a known one (`colour`: did you mean
/// `color`?). Other unknown parameters are ignored and reported so the response can name them.
public struct ToggleQuery: Sendable {
    public var spec: ToggleSpec
    /// The transition into `spec.state` when `animate=1` was asked (an APNG), else nil.
    public var animation: ToggleAnimation?
    /// `theme=auto`: follow the viewer's colour scheme (SVG only; `spec` then holds light).
    public var followsColorScheme = false
    /// Names of parameters that were ignored, in the order sent (empty names left out).
    public var ignored: [String]
    /// The still picture's size in px (`PictureSize.of(spec)`) when it was checked here (a still
    /// `/toggle`, not in a row), so that deciding where to draw it need not lay it out again.
    public var stillSize: (width: Int, height: Int)?
    /// How hard zlib may work on the still PNG within the cost bound (`StillCostCheck`); `.best`
    /// for SVG and animations, which are bounded otherwise.
    public var compression: StillCost.Compression = .best

    /// `ignored` as a field value for `X-Ignored-Params`: names separated by ", ", each
    /// percent-encoded except for RFC 3986 unreserved characters, so a name can hold neither a
    /// comma nor a byte a field value may not carry. Nil when nothing was ignored.
    public var ignoredFieldValue: String? {
        guard !ignored.isEmpty else { return nil }
        return ignored.map(QueryDecoder.percentEncode).joined(separator: ", ")
    }

    static let booleanExpected = "1, 0, true, false, yes, no, on or off"

    /// Parses a raw (still percent-encoded) query; `nil` is the same as "".
    /// `impliedScale` is the scale a path form like `/toggle@2x.png` sets (a `scale` parameter
    /// beside it is then a repeat). Each parameter of `parameters` that is present sets its part
    /// of the query, in the table's order.
    /// `format` is the picture's: an animation is bounded by what drawing its frames costs for a
    /// PNG, by its frames' size for an SVG (`AnimationCost`).
    /// - Throws: `ParameterError` for malformed encoding, repeats, conflicts, a misspelt
    ///   parameter name, and invalid values.
    public init(rawQuery: String?, impliedScale: Double? = nil, format: ImageFormat = .png) throws(ParameterError) {
        try self.init(pairs: QueryDecoder.decode(rawQuery ?? ""), impliedScale: impliedScale, format: format)
    }

    /// Parses decoded pairs (for `/row` and `/card`, which take their own parameters out first;
    /// `inRow`: the row's label is the toggle's, so a style that draws its label needs no `label`).
    /// - Throws: `ParameterError` as `init(rawQuery:impliedScale:)` does, but for encoding.
    public init(pairs: [QueryDecoder.Pair], impliedScale: Double? = nil, inRow: Bool = false,
                format: ImageFormat = .png) throws(ParameterError) {
        let (values, ignored) = try Self.collect(pairs)
        try Self.checkCombinations(values, impliedScale: impliedScale)
        try StyleParameters.checkCombinations(values, labelRequired: !inRow)
        spec = ToggleSpec()
        self.ignored = ignored
        // In table order (`values` keeps its entries so): only the rows given.
        for entry in values.entries {
            try Self.parameters[entry.row].apply(&self, entry.pair)
        }
        // dir=auto (the default): a label whose first strong character is right to left mirrors
        // the toggle, as it mirrors a row.
        if values[.dir].map({ $0.value.lowercased() == "auto" }) ?? true,
           TextDirection.firstStrong(in: spec.label) == .rightToLeft {
            spec.mirrored = true
        }
        if let impliedScale { spec.scale = impliedScale }
        animation = try Self.animation(values, spec: spec, format: format)
        if animation == nil, !inRow {
            let still = try PictureSize.checkStill(spec, values: values, format: format)
            stillSize = (still.width, still.height)
            compression = still.compression
        }
    }

    /// The known parameters by canonical name, and the unknown names in the order sent.
    /// - Throws: for a repeated parameter (also under two of its names) and for an unknown
    ///   name that looks like a misspelt known one.
    static func collect(_ pairs: [QueryDecoder.Pair]) throws(ParameterError)
        -> (values: GivenParameters, ignored: [String]) {
        var values = GivenParameters()
        var ignored: [String] = []
        for pair in pairs {
            guard let row = ParameterNameTable.row(named: pair.name) else {
                if let known = ParameterNames.misspelling(of: pair.name) {
                    throw ParameterError(error: "unknown parameter", parameter: pair.name, value: pair.value,
                                         expected: "did you mean \(known)? " + ParameterNames.expected)
                }
                if !pair.name.isEmpty, !ignored.contains(pair.name) { ignored.append(pair.name) }
                continue
            }
            if let earlier = values.pair(atRow: row) {
                throw ParameterError(
                    error: "repeated parameter", parameter: pair.name, value: pair.value,
                    expected: "at most one of \(earlier.name == pair.name ? pair.name : earlier.name + " and " + pair.name)")
            }
            values.insert(pair, row: row)
        }
        return (values, ignored)
    }

    /// Rules between parameters: a scale beside an `@Nx` path, `on` with `state`, and `sym`
    /// with the per-state symbol of the state drawn.
    static func checkCombinations(_ values: GivenParameters,
                                  impliedScale: Double?) throws(ParameterError) {
        if let implied = impliedScale, let given = values[.scale] {
            throw ParameterError(error: "repeated parameter", parameter: given.name, value: given.value,
                                 expected: "no scale parameter with an @Nx path, which sets the scale already "
                                     + "(@\(Int(implied))x is scale=\(Int(implied))): "
                                     + "drop scale, or drop the @Nx and keep scale")
        }
        if let on = values[.on], let state = values[.state] {
            throw ParameterError(error: "conflicting parameters", parameter: state.name, value: state.value,
                                 expected: "either on=\(on.value) or state, not both")
        }
        guard let sym = values[.sym] else { return }
        var state = ToggleState.off
        if let on = values[.on] { state = try boolean(on) ? .on : .off }
        if let given = values[.state] {
            guard let s = ToggleState(rawValue: given.value.lowercased()) else { return }  // its row reports it
            state = s
        }
        let stateKey: ParameterRow? = state == .on ? .onSym : (state == .off ? .offSym : nil)
        if let key = stateKey, let other = values[key] {
            throw ParameterError(error: "conflicting parameters", parameter: sym.name, value: sym.value,
                                 expected: "either sym or \(other.name) for the \(state.rawValue) state, not both")
        }
    }

    /// `animate`, `from`, `motion`, `loop`, `fps` (docs/design-facts.md section 2, Animation): the animation asked for,
    /// or nil without `animate=1`. The other four need `animate=1`; `from` must differ from the
    /// state drawn (the default is off for on and mixed, on for off).
    static func animation(_ values: GivenParameters, spec: ToggleSpec,
                          format: ImageFormat = .png) throws(ParameterError) -> ToggleAnimation? {
        let animates = try values[.animate].map { p throws(ParameterError) in try boolean(p) } ?? false
        guard animates else {
            if let p = values[.from] ?? values[.motion] ?? values[.loop] ?? values[.fps] {
                throw ParameterError(error: "needs animate=1", parameter: p.name, value: p.value,
                                     expected: "animate=1 with \(p.name) (it only applies to an animation)")
            }
            return nil
        }
        var from: ToggleState = spec.state == .off ? .on : .off
        if let p = values[.from] {
            guard let state = ToggleState(rawValue: p.value.lowercased()) else {
                throw invalid(p, expected: "on, off or mixed")
            }
            guard state != spec.state else {
                throw invalid(p, expected: "a state other than the one drawn (\(spec.state.rawValue)): "
                              + ToggleState.allCases.filter { $0 != spec.state }.map(\.rawValue).joined(separator: " or "))
            }
            from = state
        }
        var motion = ToggleMotion()
        if let p = values[.motion] {
            guard let curve = ToggleMotion.Curve(rawValue: p.value.lowercased()) else {
                throw invalid(p, expected: "spring (the default) or reduce (Reduce Motion: ease-in-out over 0.15 s, crossfade)")
            }
            motion.curve = curve
        }
        if let p = values[.fps] {
            let range = ToggleMotion.framesPerSecondRange
            guard p.value.utf8.count <= 2, p.value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                  let n = Int(p.value), range.contains(n) else {
                throw invalid(p, expected: "a whole number of frames per second from \(range.lowerBound) to \(range.upperBound)")
            }
            motion.framesPerSecond = n
        }
        let loops = try values[.loop].map { p throws(ParameterError) in try boolean(p) } ?? false
        let animation = ToggleAnimation(transition: ToggleTransition(spec: spec, from: from, motion: motion), loops: loops)
        // The style's picture (a style that draws its label grows with it). A symbol that cannot
        // be drawn is reported when the picture is drawn; no size to check here.
        if let (width, height) = try? animation.canvasSize(), width * height > maximumAnimationFramePixels,
           let p = values[.animate] {
            throw ParameterError(error: "picture too large", parameter: p.name, value: p.value,
                                 expected: "an animation frame of at most \(maximumAnimationFramePixels) px (this one is "
                                     + "\(width) x \(height) px at \(PictureSize.causes(spec))): lower scale, size or pad"
                                     + (ToggleStyles.style(of: spec).needsLabel ? " or a shorter label" : ""))
        }
        if let p = values[.animate] {
            try AnimationCost.check(animation, animatePair: p, label: LabelCost.instructions(PictureSize.labelGlyphs(spec), scale: spec.scale),
                                    causes: PictureSize.causes(spec),
                                    smaller: PictureSize.smaller(spec, labelGrows: PictureSize.drawsLabel(spec)),
                                    format: format)
        }
        return animation
    }

    /// The largest animation frame, px: every frame is drawn and compressed, so an animation
    /// costs 40-100 times its still. 400,000 px admits scale 4 at every Dynamic Type size
    /// (649 x 361 px at accessibility5) with a margin of a few pt; the QA worst case
    /// (`scale=4&size=accessibility5&pad=64&loop=1`, 1,161 x 873 px, 1.7 MB, 0.85 s of CPU)
    /// is refused.
    static let maximumAnimationFramePixels = 400_000

    /// Parses `pairs` for a still picture that holds switches (a `/card`).
    /// - Throws: what `init(pairs:)` throws, and a 400 on `animate` when an animation was asked
    ///   (cards are not animated; `/row` animates one row).
    static func still(pairs: [QueryDecoder.Pair]) throws(ParameterError) -> ToggleQuery {
        let query = try ToggleQuery(pairs: pairs, inRow: true)
        if query.animation != nil, let p = pairs.first(where: { canonicalNames[$0.name] == "animate" }) {
            throw ParameterError(error: "invalid parameter", parameter: p.name, value: p.value,
                                 expected: "a card is a still picture: animate one row with /row")
        }
        return query
    }

    /// Whether `format` can show what was asked.
    /// - Throws: `ParameterError` for `theme=auto` in a PNG, which has one colour scheme, and for
    ///   `theme=auto` with `animate=1` (an animated SVG has one colour scheme).
    public func check(for format: ImageFormat) throws(ParameterError) {
        if followsColorScheme && format != .svg {
            throw ParameterError(error: "invalid value", parameter: "theme", value: "auto",
                                 expected: "light or dark; theme=auto needs .svg (/toggle.svg follows the viewer's colour scheme)")
        }
        if animation != nil && followsColorScheme {
            throw ParameterError(error: "conflicting parameters", parameter: "theme", value: "auto",
                                 expected: "light or dark with animate=1 (an animated SVG has one colour scheme)")
        }
    }

    static func invalid(_ p: QueryDecoder.Pair, expected: String) -> ParameterError {
        ParameterError(error: "invalid value", parameter: p.name, value: p.value, expected: expected)
    }

    static func boolean(_ p: QueryDecoder.Pair) throws(ParameterError) -> Bool {
        switch p.value.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        case "": throw invalid(p, expected: "a value: \(p.name)=1 or \(p.name)=0 (a bare \(p.name) gives none); " + booleanExpected)
        default: throw invalid(p, expected: booleanExpected)
        }
    }

    static func color(_ p: QueryDecoder.Pair) throws(ParameterError) -> ColorSpecifier {
        guard let c = ColorSpecifier.parse(p.value) else {
            let empty = "a colour, and none was given: if you wrote a raw # (\(p.name)=#ff9500), the browser or "
                + "curl took it as the start of the URL's fragment and sent nothing after it; write %23 "
                + "(\(p.name)=%23ff9500) or leave the # out (\(p.name)=ff9500). Accepted: "
            let twice = "a colour encoded once: this value still starts with %23 after decoding, so the # was "
                + "percent-encoded twice (%2523); write %23 once (\(p.name)=%23ff9500). Accepted: "
            let hint = p.value.isEmpty ? empty : p.value.hasPrefix("%23") ? twice : ""
            throw invalid(p, expected: hint + ColorSpecifier.expected)
        }
        return c
    }

    /// A symbol name: as the catalogue spells it, or in another case (`Moon.Fill`: `moon.fill`;
    /// every name in it is lower case, as every other value is case-insensitive).
    static func symbol(_ p: QueryDecoder.Pair) throws(ParameterError) -> String {
        if SymbolCatalog.path(named: p.value) == nil, p.value.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) {
            let lower = p.value.lowercased()
            if SymbolCatalog.path(named: lower) != nil { return lower }
        }
        if p.value.lowercased() == "mdi:" {
            throw invalid(p, expected: "an icon name after mdi: (it is empty), e.g. mdi:weather-night; /symbols lists them")
        }
        guard SymbolCatalog.path(named: p.value) != nil else {
            // On an event loop the search is left to a worker (`SuggestionSearch`).
            if SuggestionSearch.isDeferred {
                SuggestionSearch.skipped()
                throw invalid(p, expected: "")
            }
            throw invalid(p, expected: SymbolCatalog.expectation(forUnknown: p.value))
        }
        return p.value
    }

    /// A plain decimal: digits, optionally a point and more digits (no sign, exponent, or
    /// spaces), within `range`.
    static func decimal(_ p: QueryDecoder.Pair, in range: ClosedRange<Double>,
                        expected: String) throws(ParameterError) -> Double {
        let parsed = p.value.utf8.withContiguousStorageIfAvailable { plainDecimal($0) } ?? plainDecimal(Array(p.value.utf8))
        guard let v = parsed, range.contains(v) else { throw invalid(p, expected: expected) }
        return v
    }

    /// The value of a plain decimal of at most 16 bytes (digits, at most one point, neither
    /// first nor last), or nil for any other text. Its digits read as a whole number `m` over
    /// `10^k`: when `m <= 2^53` both are exact doubles and their quotient is the correctly
    /// rounded value (Clinger's fast path), which is what `Double(String)` gives; else through
    /// `Double(String)`.
    static func plainDecimal<C: Collection<UInt8>>(_ bytes: C) -> Double? {
        var digits = 0, points = 0, count = 0, first: UInt8 = 0, last: UInt8 = 0
        var m: UInt64 = 0, fractionDigits = 0
        for b in bytes {
            if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                digits += 1
                m = m &* 10 &+ UInt64(b - UInt8(ascii: "0"))
                if points == 1 { fractionDigits += 1 }
            } else if b == UInt8(ascii: ".") {
                points += 1
            }
            if count == 0 { first = b }
            last = b
            count += 1
        }
        guard count > 0, count <= 16, digits + points == count, points <= 1, digits >= 1,
              first != UInt8(ascii: "."), last != UInt8(ascii: ".") else { return nil }
        // At most 16 digits: m < 10^16 < 2^64, no overflow.
        if m <= 1 << 53 { return Double(m) / powersOfTen[fractionDigits] }
        return Double(String(decoding: bytes, as: UTF8.self))
    }

    /// 10^0 ... 10^16, each exact in a `Double`.
    private static let powersOfTen: [Double] = (0...16).map { k in (0..<k).reduce(1.0) { acc, _ in acc * 10 } }
}
