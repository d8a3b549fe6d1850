import TextLayout
import TogglePicture
import Utilities

/// One `/toggle` query parameter: its canonical name, its aliases, and how a value sets the spec.
///
/// `ToggleQuery.parameters` lists them in the order they apply, so a parameter whose meaning
/// depends on another (`sym` on the state) comes after it. A new parameter is one row there.
public struct ToggleParameter: Sendable {
    /// The canonical name (case-sensitive), as in the README's API table.
    public let name: String
    /// Other names for the same parameter; giving two of them is a repeat.
    public let aliases: [String]
    /// Sets its part of the query (usually of `spec`) from the value, or throws the 400 that
    /// names what is accepted.
    let apply: @Sendable (inout ToggleQuery, QueryDecoder.Pair) throws(ParameterError) -> Void

    init(_ name: String, aliases: [String] = [],
         apply: @escaping @Sendable (inout ToggleQuery, QueryDecoder.Pair) throws(ParameterError) -> Void) {
        self.name = name
        self.aliases = aliases
        self.apply = apply
    }

    /// The name and the aliases.
    public var names: [String] { [name] + aliases }
}

extension ToggleQuery {
    /// Every `/toggle` parameter, in the order they apply (docs/design-facts.md section 4).
    public static let parameters: [ToggleParameter] = [
        ToggleParameter("on") { q, p throws(ParameterError) in q.spec.state = try boolean(p) ? .on : .off },
        ToggleParameter("state") { q, p throws(ParameterError) in
            guard let state = ToggleState(rawValue: p.value.lowercased()) else {
                throw invalid(p, expected: "on, off or mixed")
            }
            q.spec.state = state
        },
        // sources sets the state as on/state do (checkCombinations refuses it beside them).
        ToggleParameter("sources") { q, p throws(ParameterError) in
            q.spec.state = MultiValueState.state(of: try StyleParameters.sources(p))
        },
        // Before the symbols and colours: a style sets its own defaults, which they override.
        ToggleParameter("style") { q, p throws(ParameterError) in try StyleParameters.applyStyle(p, to: &q.spec) },
        ToggleParameter("label") { q, p throws(ParameterError) in q.spec.label = try StyleParameters.label(p) },
        ToggleParameter("on_sym", aliases: ["onSymbol"]) { q, p throws(ParameterError) in q.spec.onSymbol = try symbol(p) },
        ToggleParameter("off_sym", aliases: ["offSymbol"]) { q, p throws(ParameterError) in q.spec.offSymbol = try symbol(p) },
        // After `on` and `state`: the symbol of whichever state is drawn.
        ToggleParameter("sym") { q, p throws(ParameterError) in
            let name = try symbol(p)
            switch q.spec.state {
            case .on: q.spec.onSymbol = name
            case .off: q.spec.offSymbol = name
            case .mixed: q.spec.mixedSymbol = name
            }
        },
        ToggleParameter("color", aliases: ["tint"]) { q, p throws(ParameterError) in q.spec.tint = try color(p) },
        ToggleParameter("off_color") { q, p throws(ParameterError) in q.spec.offColor = try color(p) },
        ToggleParameter("bg") { q, p throws(ParameterError) in q.spec.background = try color(p) },
        ToggleParameter("scale") { q, p throws(ParameterError) in
            q.spec.scale = try decimal(p, in: 1...4, expected: "a number from 1 to 4, decimals allowed (e.g. 2 or 1.5)")
        },
        ToggleParameter("size") { q, p throws(ParameterError) in
            guard let size = DynamicTypeSize(name: p.value) else {
                throw invalid(p, expected: "a Dynamic Type size: "
                              + DynamicTypeSize.allCases.map(\.rawValue).joined(separator: ", "))
            }
            q.spec.size = size
        },
        ToggleParameter("theme") { q, p throws(ParameterError) in
            if p.value.lowercased() == "auto" {
                q.followsColorScheme = true  // SVG only: `check(for:)` refuses it for PNG
            } else if let theme = Appearance(rawValue: p.value.lowercased()) {
                q.spec.appearance = theme
            } else {
                let hint = nearestTheme(to: p.value).map { "did you mean \($0)? " } ?? ""
                throw invalid(p, expected: hint + "light, dark or auto (auto: .svg only)")
            }
        },
        ToggleParameter("disabled") { q, p throws(ParameterError) in q.spec.disabled = try boolean(p) },
        ToggleParameter("dir") { q, p throws(ParameterError) in
            switch p.value.lowercased() {
            case "ltr", "auto": q.spec.mirrored = false   // auto: ToggleQuery then looks at the label
            case "rtl": q.spec.mirrored = true
            default: throw invalid(p, expected: "ltr, rtl or auto")
            }
        },
        ToggleParameter("lang") { q, p throws(ParameterError) in
            guard let tag = LanguageTag(p.value) else {
                throw invalid(p, expected: "a BCP 47 language tag such as ja, ko, zh-Hans, zh-Hant, zh-HK or en-US "
                              + "(subtags of letters and digits joined by hyphens, at most \(LanguageTag.maximumLength) characters)")
            }
            q.spec.language = tag
        },
        ToggleParameter("pad") { q, p throws(ParameterError) in
            q.spec.padding = try decimal(p, in: 0...64, expected: "a margin in pt from 0 to 64, decimals allowed")
        },
        // Animation: read together, once the spec is complete, by `ToggleQuery.animation(_:spec:)`.
        ToggleParameter("animate") { _, _ in },
        ToggleParameter("from") { _, _ in },
        ToggleParameter("motion") { _, _ in },
        ToggleParameter("loop") { _, _ in },
        ToggleParameter("fps") { _, _ in },
        ToggleParameter("contrast") { q, p throws(ParameterError) in
            switch p.value.lowercased() {
            case "auto": q.spec.raisesSymbolContrast = true
            case "off": q.spec.raisesSymbolContrast = false
            default: throw invalid(p, expected: contrastExpected)
            }
        },
    ]

    /// The theme `value` is probably a misspelling of (`drak`: `dark`, `ligth`: `light`), within
    /// 1 edit ignoring case (optimal string alignment, so a swap is one); nil when none is that close.
    static func nearestTheme(to value: String) -> String? {
        let key = EditDistance.lowercasedASCII(value)
        guard key.count > 1, key.count <= 16 else { return nil }
        var rows: [Int] = []
        return ["light", "dark", "auto"].first { EditDistance.distance(key, Array($0.utf8), bound: 1, rows: &rows) <= 1 }
    }

    static let contrastExpected = "auto (a symbol under 3:1 against the white knob is drawn in the nearest darker shade "
        + "of its colour that reaches 3:1, WCAG 1.4.11) or off (the default: the colour as given)"

    /// The row of `parameters` by every accepted name (names and aliases).
    static let parameterRows: [String: Int] = {
        var table: [String: Int] = [:]
        for (row, parameter) in parameters.enumerated() {
            for name in parameter.names { table[name] = row }
        }
        return table
    }()

    /// Canonical name by every accepted name (names and aliases).
    public static let canonicalNames: [String: String] = {
        var table: [String: String] = [:]
        for parameter in parameters {
            for name in parameter.names { table[name] = parameter.name }
        }
        return table
    }()
}

/// `ToggleQuery.parameterRows` without hashing: every accepted name (at most 16 bytes; the
/// longest is 9) packed into two little-endian words with its length, compared word by word
/// over the table (about 28 names): a fraction of a `String` hash and a dictionary probe
/// (Benchmarks/profile/svg-callgrind.sh).
enum ParameterNameTable {
    struct Entry {
        var low: UInt64
        var high: UInt64
        var count: Int
        var row: Int
    }

    static let entries: [Entry] = ToggleQuery.parameterRows.compactMap { name, row in
        pack(name).map { Entry(low: $0.low, high: $0.high, count: $0.count, row: row) }
    }.sorted { $0.row < $1.row }

    /// The row of `name` in `ToggleQuery.parameters`, or nil for a name that is not one.
    static func row(named name: String) -> Int? {
        guard let packed = pack(name) else { return nil }
        for entry in entries where entry.low == packed.low && entry.high == packed.high && entry.count == packed.count {
            return entry.row
        }
        return nil
    }

    /// The name's UTF-8 in two words (zero-filled) and its length; nil when over 16 bytes.
    @inline(__always)
    static func pack(_ name: String) -> (low: UInt64, high: UInt64, count: Int)? {
        let packed = name.utf8.withContiguousStorageIfAvailable { utf8 -> (low: UInt64, high: UInt64, count: Int)? in
            pack(utf8)
        }
        if let packed { return packed }
        return pack(Array(name.utf8))
    }

    private static func pack<C: Collection<UInt8>>(_ utf8: C) -> (low: UInt64, high: UInt64, count: Int)? {
        guard utf8.count <= 16 else { return nil }
        var low: UInt64 = 0, high: UInt64 = 0, i = 0
        for b in utf8 {
            if i < 8 { low |= UInt64(b) << (8 * UInt64(i)) } else { high |= UInt64(b) << (8 * UInt64(i - 8)) }
            i += 1
        }
        return (low, high, i)
    }
}

/// The rows of `ToggleQuery.parameters`, by canonical name (`on_sym` is `onSym`), for the rules
/// between parameters to ask for one by a number rather than a string (ToggleQueryTests checks
/// every row's name).
enum ParameterRow: Int, CaseIterable {
    case on, state, sources, style, label, onSym, offSym, sym, color, offColor, bg, scale, size, theme, disabled, dir,
         lang, pad, animate, from, motion, loop, fps, contrast
}

/// The known parameters a query gave, by row of `ToggleQuery.parameters`, in the table's order.
///
/// A query gives a handful of the 24 parameters, and the rules between them ask for a dozen:
/// a lookup compares the few row numbers given, where a dictionary by name hashed the name and
/// compared short strings (Benchmarks/profile/svg-callgrind.sh).
struct GivenParameters {
    struct Entry {
        /// The parameter's row in `ToggleQuery.parameters`.
        var row: Int
        /// As sent (the name may be an alias).
        var pair: QueryDecoder.Pair
    }

    /// By row, ascending.
    private(set) var entries: [Entry] = []

    var count: Int { entries.count }

    /// The pair given for `row`, or nil.
    subscript(row: ParameterRow) -> QueryDecoder.Pair? {
        pair(atRow: row.rawValue)
    }

    /// The pair given for row `row`, or nil.
    func pair(atRow row: Int) -> QueryDecoder.Pair? {
        for entry in entries where entry.row == row { return entry.pair }
        return nil
    }

    /// Adds the pair of a row not given yet, keeping the rows in order.
    mutating func insert(_ pair: QueryDecoder.Pair, row: Int) {
        if entries.isEmpty { entries.reserveCapacity(4) }
        entries.append(Entry(row: row, pair: pair))
        var index = entries.count - 1
        while index > 0, entries[index - 1].row > row {
            entries.swapAt(index - 1, index)
            index -= 1
        }
    }
}
