import ImageWriters
import TextLayout
import TogglePicture
import Utilities

/// The `/card` query: rows as `rowN.label`, `rowN.on`, `rowN.sym`, ... (N = 1...12,
/// every `/toggle` parameter under the prefix, plus `dir`), and `theme`, `size`, `scale`, `width`
/// for the whole card. No rows: the seed demo's four.
public struct CardQuery: Sendable {
    /// One row of the card.
    public struct Row: Sendable {
        public var spec: ToggleSpec
        public var label: String
        public var direction: TextDirection?
        public var row: LabelledRow
    }

    public var rows: [Row]
    /// How hard zlib may work on the still PNG within the cost bound (`StillCostCheck`); `.best`
    /// for SVG and animations, which are bounded otherwise.
    public var compression: StillCost.Compression = .best
    /// The image's width, pt.
    public var width: Double
    public var size: DynamicTypeSize
    public var scale: Double
    public var appearance: Appearance
    /// Parameters that were ignored, in the order sent.
    public var ignored: [String]
    /// `theme=auto` (SVG only): `appearance` is light, the file follows the viewer's.
    public var followsColorScheme: Bool

    public static let maximumRows = 12
    static let widths: ClosedRange<Double> = 240...1200
    static let widthExpected = "a width in pt from 240 to 1200, decimals allowed"
    /// Card-wide parameters; under a row prefix they are an error.
    static let cardWide: Set<String> = ["theme", "size", "scale"]
    static let rowNames: Set<String> = Set(ToggleQuery.canonicalNames.keys).union(["label", "dir"])
        .subtracting(cardWide).subtracting(["pad"])
    static var rowExpected: String {
        "label, dir or a /toggle parameter: " + rowNames.subtracting(["label", "dir"]).sorted().joined(separator: ", ")
    }

    /// The seed demo (`000`): four rows with its initial states, symbols and tints.
    static let seedRows: [(label: String, query: String)] = [
        ("Automatic Updates", "on=1"),
        ("Dark Mode", "on=0&on_sym=moon.fill&off_sym=sun.max.fill&color=indigo"),
        ("Sound", "on=1&on_sym=speaker.wave.2.fill&off_sym=speaker.slash.fill&color=orange"),
        ("Share Location", "on=0&on_sym=location.fill&off_sym=location.slash.fill&color=blue"),
    ]

    /// - Throws: `ParameterError` for a prefix outside row1 ... row12, an unknown name under a
    ///   prefix, a card-wide name under a prefix, a row without a label, a bad label, width or dir,
    ///   and any error `/toggle` would give (named with its prefix).
    /// `format`: a PNG is also held to what drawing it costs (`StillCostCheck`).
    public init(rawQuery: String?, format: ImageFormat = .png) throws(ParameterError) {
        let pairs = try QueryDecoder.decode(rawQuery ?? "")
        var wide: [QueryDecoder.Pair] = []
        var widthPair: QueryDecoder.Pair?
        var rowPairs: [Int: [QueryDecoder.Pair]] = [:]
        var ignored: [String] = []
        for pair in pairs {
            if let (n, name) = try Self.rowPrefix(pair) {
                rowPairs[n, default: []].append(QueryDecoder.Pair(name: name, value: pair.value))
            } else if pair.name == "width" {
                if widthPair != nil {
                    throw ParameterError(error: "repeated parameter", parameter: pair.name, value: pair.value,
                                         expected: "at most one width")
                }
                widthPair = pair
            } else if Self.cardWide.contains(pair.name) {
                wide.append(pair)
            } else if let error = Self.misplaced(pair) {
                throw error
            } else if !pair.name.isEmpty, !ignored.contains(pair.name) {
                ignored.append(pair.name)
            }
        }
        let card = try ToggleQuery.still(pairs: wide)
        size = card.spec.size
        scale = card.spec.scale
        appearance = card.spec.appearance
        followsColorScheme = card.followsColorScheme
        width = try widthPair.map { p throws(ParameterError) in
            try ToggleQuery.decimal(p, in: Self.widths, expected: Self.widthExpected)
        } ?? CardLayout.defaultWidth
        self.ignored = ignored

        var given = rowPairs.keys.sorted().map { n in (n, rowPairs[n]!) }
        if given.isEmpty {
            given = Self.seedRows.enumerated().map { index, seed in
                let decoded = (try? QueryDecoder.decode(seed.query)) ?? []
                return (index + 1, [QueryDecoder.Pair(name: "label", value: seed.label)] + decoded)
            }
        }
        try Self.checkCharacters(given)
        let rowWidth = CardLayout.rowWidth(imageWidth: width)
        var rows: [Row] = []
        for (n, pairs) in given {
            rows.append(try Self.row(n, pairs, cardWide: wide, size: size, width: rowWidth))
        }
        self.rows = rows
        let layout = CardLayout(width: width, rowHeights: rows.map(\.row.layout.height))
        let scalePair = wide.first { $0.name == "scale" }
        try LabelParameter.checkArea(widthPt: layout.width, heightPt: layout.height, scale: scale,
                                     scalePair: scalePair, widthPair: widthPair)
        let glyphs = TextLayout.shared.glyphCount(of: rows.map(\.row.text))
        if format == .png {
            compression = try stillCompression(scalePair: scalePair, widthPair: widthPair, glyphs: glyphs)
        } else {
            try checkSVGLabels(glyphs, numbers: given.map(\.0))
        }
    }

    /// The zlib effort for the still PNG within the cost bound (`StillCostCheck`).
    /// - Throws: `ParameterError` "picture too large" on `scale` as sent, else `width`.
    func stillCompression(scalePair: QueryDecoder.Pair?, widthPair: QueryDecoder.Pair?,
                          glyphs: GlyphCount) throws(ParameterError) -> StillCost.Compression {
        let (w, h) = pixelSize
        let widthText = widthPair?.value ?? PictureSize.number(width)
        let labels = rows.reduce(0) { $0 + StillCostCheck.labelPixels($1.row.text, scale: scale) }
        let styledGlyphs = rows.filter { ToggleStyles.style(of: $0.spec).needsLabel }
            .reduce(0) { $0 + $1.row.text.glyphCount }
        return try StillCostCheck.compression(.labelled, width: w, height: h, scale: scale, labelPixels: labels,
                                              glyphs: glyphs, styledGlyphs: styledGlyphs,
                                              symbolSegments: rows.reduce(0) { $0 + SymbolCost.segments($1.spec) },
                                              blamed: scalePair ?? widthPair, fallback: ("width", widthText),
                                              causes: "width \(widthText), scale \(PictureSize.number(scale)), size "
                                                  + "\(size.rawValue), \(rows.count) row(s)",
                                              smaller: (scale > 1 ? ["a lower scale"] : [])
                                                  + (size == DynamicTypeSize.allCases.first ? [] : ["a smaller size"])
                                                  + ["a narrower width", "fewer rows", "shorter labels"])
    }

    /// Checks what writing the rows' labels and symbols into an SVG costs (`StillCostCheck`).
    /// - Throws: `ParameterError` "label too long" on the longest label (its row's `numbers` entry).
    func checkSVGLabels(_ glyphs: GlyphCount, numbers: [Int]) throws(ParameterError) {
        let longest = zip(numbers, rows).max { $0.1.label.count < $1.1.label.count }!
        try StillCostCheck.checkLabel(glyphs, scale: scale, schemes: followsColorScheme ? 2 : 1,
                                      symbolSegments: rows.reduce(0) { $0 + SymbolCost.segments($1.spec) },
                                      label: QueryDecoder.Pair(name: "row\(longest.0).label", value: longest.1.label))
    }

    /// Refuses labels too long to lay out within the budget before any is laid out
    /// (`LabelCost.maximumCardCharacters`), so that such a 400 costs little.
    /// - Throws: `ParameterError` "label too long" on the longest row's label.
    static func checkCharacters(_ given: [(Int, [QueryDecoder.Pair])]) throws(ParameterError) {
        let labels = given.map { n, pairs in (n, pairs.first { $0.name == "label" }?.value ?? "") }
        let characters = labels.reduce(0) { $0 + $1.1.count }
        guard characters > LabelCost.maximumCardCharacters, let longest = labels.max(by: { $0.1.count < $1.1.count }) else {
            return
        }
        throw ParameterError(error: "label too long", parameter: "row\(longest.0).label", value: longest.1,
                             expected: "labels of at most \(LabelCost.maximumCardCharacters) characters on a card in all "
                                 + "(this one has \(characters)), about \(StillCost.budget / 1_000_000) million instructions "
                                 + "to lay out and draw: shorter labels or fewer rows")
    }

    /// The card's canvas, px: its layout's width and height x scale, rounded (`RowScene`).
    public var pixelSize: (width: Int, height: Int) {
        let layout = CardLayout(width: width, rowHeights: rows.map(\.row.layout.height))
        return (RowScene.pixels(layout.width, scale: scale), RowScene.pixels(layout.height, scale: scale))
    }

    /// - Throws: `ParameterError` on `theme` for `theme=auto` in any format but SVG.
    public func check(for format: ImageFormat) throws(ParameterError) {
        if followsColorScheme && format != .svg {
            throw ParameterError(error: "invalid value", parameter: "theme", value: "auto",
                                 expected: "light or dark; theme=auto needs .svg (/card.svg follows the viewer's colour scheme)")
        }
    }

    /// The parameters the whole card takes, as the 400s list them.
    static let cardExpected = "card-level parameters: theme, size, scale, width; everything else under a row "
        + "prefix, row1. to row\(maximumRows)."

    /// The 400 for a card-level parameter that belongs to a row (`color=red`: did you mean
    /// `row1.color`?) or is a misspelling of one (`colour`) or of a card-level one (`thme`); nil
    /// for other names, which are ignored (cache-busters such as `v=3`).
    static func misplaced(_ pair: QueryDecoder.Pair) -> ParameterError? {
        let name = pair.name
        if let meant = mistypedRowPrefix(name) {
            return ParameterError(error: "unknown parameter", parameter: name, value: pair.value,
                                  expected: "did you mean \(meant)? Row prefixes are row1. to row\(maximumRows)., "
                                      + "lower case; " + cardExpected)
        }
        if let canonical = ToggleQuery.canonicalNames[name], !rowNames.contains(name) {   // pad
            return ParameterError(error: "invalid parameter", parameter: name, value: pair.value,
                                  expected: "\(canonical) is for /toggle and /row, not /card; " + cardExpected)
        }
        if rowNames.contains(name) {
            return ParameterError(error: "invalid parameter", parameter: name, value: pair.value,
                                  expected: "did you mean row1.\(name)? \(name) is a row's; " + cardExpected)
        }
        guard let known = ParameterNames.misspelling(of: name, alsoAmong: ["width", "label"])
            .map({ ToggleQuery.canonicalNames[$0] ?? $0 }) else {
            return nil
        }
        let suggestion = cardWide.contains(known) || known == "width" ? known : "row1.\(known)"
        return ParameterError(error: "unknown parameter", parameter: name, value: pair.value,
                              expected: "did you mean \(suggestion)? " + cardExpected)
    }

    /// `rowN.name` split into N and name; nil for names without the `row<digits>.` prefix.
    static func rowPrefix(_ pair: QueryDecoder.Pair) throws(ParameterError) -> (Int, String)? {
        let name = pair.name
        guard name.hasPrefix("row"), let dot = name.firstIndex(of: ".") else { return nil }
        let digits = name[name.index(name.startIndex, offsetBy: 3)..<dot]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        guard digits.first != "0", digits.count <= 2, let n = Int(digits), (1...maximumRows).contains(n) else {
            throw ParameterError(error: "invalid parameter", parameter: name, value: pair.value,
                                 expected: "row prefixes row1. to row\(maximumRows). (at most \(maximumRows) rows)")
        }
        let rest = String(name[name.index(after: dot)...])
        if cardWide.contains(rest) || rest == "width" {
            throw ParameterError(error: "invalid parameter", parameter: name, value: pair.value,
                                 expected: "\(rest) for the whole card, without a row prefix (\(rest)=\(pair.value))")
        }
        guard rowNames.contains(rest) else {
            var hint = ""
            if let known = suggestion(forRowName: rest) {
                hint = cardWide.contains(known) || known == "width"
                    ? "did you mean \(known)? It is for the whole card, without a row prefix; "
                    : "did you mean row\(n).\(known)? "
            }
            throw ParameterError(error: "unknown parameter", parameter: name, value: pair.value,
                                 expected: hint + "under row\(n).: " + rowExpected)
        }
        return (n, rest)
    }

    /// The name `name` (under a row prefix) is probably a misspelling of, as `/toggle` and `/row`
    /// suggest one (`colour`: `color`, `styl`: `style`, `source`: `sources`), canonical; nil when
    /// it is close to none.
    static func suggestion(forRowName name: String) -> String? {
        ParameterNames.misspelling(of: name, alsoAmong: ["label", "dir", "width"])
            .map { ToggleQuery.canonicalNames[$0] ?? $0 }
    }

    /// What a name that looks like a mistyped row prefix (`rows1.label`, `Row1.label`, `row_2.on`,
    /// `raw1.sym`, `row.label`) meant, e.g. `row1.label`; nil for other names. The part before
    /// the first dot, without its trailing digits, must be within one edit of `row` (letters
    /// compared case-insensitively) and differ from `rowN` itself; the row number is kept when
    /// it is one of 1 to 12 (else 1) and the name after the dot is corrected as under a right prefix.
    static func mistypedRowPrefix(_ name: String) -> String? {
        guard let dot = name.firstIndex(of: "."), dot != name.startIndex else { return nil }
        let head = name[..<dot]
        let digits = head.reversed().prefix { $0.isASCII && $0.isNumber }.reversed()
        let letters = String(head.dropLast(digits.count))
        let n = Int(String(digits)).flatMap { (1...maximumRows).contains($0) ? $0 : nil } ?? 1
        guard letters != "row" || digits.isEmpty else { return nil }   // rowN. is rowPrefix's
        var rows: [Int] = []
        let d = EditDistance.distance(EditDistance.lowercasedASCII(letters), Array("row".utf8), bound: 1, rows: &rows)
        guard d <= 1, letters.count >= 2 else { return nil }
        let rest = String(name[name.index(after: dot)...])
        let meant = rowNames.contains(rest) ? rest : (suggestion(forRowName: rest) ?? rest)
        return "row\(n).\(meant)"
    }

    static func row(_ n: Int, _ pairs: [QueryDecoder.Pair], cardWide: [QueryDecoder.Pair], size: DynamicTypeSize,
                    width: Double) throws(ParameterError) -> Row {
        let prefix = "row\(n)."
        func named(_ p: QueryDecoder.Pair) -> QueryDecoder.Pair { QueryDecoder.Pair(name: prefix + p.name, value: p.value) }
        var labelPair: QueryDecoder.Pair?
        var dirPair: QueryDecoder.Pair?
        var rest: [QueryDecoder.Pair] = []
        for p in pairs {
            switch p.name {
            case "label", "dir":
                if (p.name == "label" ? labelPair : dirPair) != nil {
                    throw ParameterError(error: "repeated parameter", parameter: prefix + p.name, value: p.value,
                                         expected: "at most one \(prefix + p.name)")
                }
                if p.name == "label" { labelPair = named(p) } else { dirPair = named(p) }
            default:
                rest.append(p)
            }
        }
        guard let labelPair else {
            throw ParameterError(error: "missing parameter", parameter: prefix + "label", value: "",
                                 expected: "a label for every row given (\(prefix)label=TEXT)")
        }
        let label = try LabelParameter.parse(labelPair)
        let direction = try dirPair.map { p throws(ParameterError) in try LabelParameter.direction(p) } ?? nil
        let spec: ToggleSpec
        do {
            spec = try ToggleQuery.still(pairs: rest + cardWide).spec
        } catch {
            var named = error
            if rest.contains(where: { $0.name == error.parameter }) { named.parameter = prefix + error.parameter }
            throw named
        }
        let row = try LabelParameter.row(label: label, parameter: labelPair, spec: spec, width: width,
                                         direction: direction)
        var mirrored = spec
        mirrored.mirrored = row.layout.direction == .rightToLeft
        return Row(spec: mirrored, label: label, direction: direction, row: row)
    }
}
