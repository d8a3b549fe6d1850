import Utilities

/// Telling a misspelt parameter name (`colour`, `colr`, `on_symbol`, `themes`) from an unknown
/// one that is meant to be ignored (cache-busters such as `v`, `t`, `cb`, `_`).
enum ParameterNames {
    /// Every accepted name, for the `expected` text of an unknown-parameter 400.
    static let expected: String = {
        "Parameters: " + ToggleQuery.parameters.map { p in
            p.aliases.isEmpty ? p.name : p.name + " (or " + p.aliases.joined(separator: ", ") + ")"
        }.joined(separator: ", ") + "; other unknown names are ignored (e.g. cache-busters like v=3)"
    }()

    /// Comparison keys: every accepted name lowercased without `_` and `-`, with the name.
    static let keys: [(key: [UInt8], name: String)] = ToggleQuery.parameters.flatMap { p in
        p.names.map { (key(of: $0), $0) }
    }

    /// The accepted name (canonical or alias) `name` is probably a misspelling of, or nil when it is not close to
    /// any. Names compare case-insensitively and without `_` and `-` (so `on_symbol` is
    /// `onSymbol`, `Color` is `color`), by optimal string alignment distance, within 0 edits for
    /// keys of up to 2 bytes (`v`, `cb`, `ts` stay ignored), 1 up to 5 bytes, else 2; the
    /// nearest wins, the earlier parameter among equals. An accepted name itself returns nil.
    /// `extra`: a route's own names (`/row`'s `label`, `width`, `dir`), compared after the table's.
    static func misspelling(of name: String, alsoAmong extra: [String] = []) -> String? {
        guard ToggleQuery.canonicalNames[name] == nil, !extra.contains(name) else { return nil }
        let k = key(of: name)
        guard !k.isEmpty, k.count <= 64 else { return nil }
        let bound = k.count <= 2 ? 0 : (k.count <= 5 ? 1 : 2)
        var rows: [Int] = []
        var best: (distance: Int, name: String)? = nil
        for candidate in keys + extra.map({ (key(of: $0), $0) }) {
            let d = EditDistance.distance(k, candidate.key, bound: bound, rows: &rows)
            if d != Int.max, d < (best?.distance ?? Int.max) { best = (d, candidate.name) }
        }
        return best?.name
    }

    static func key(of name: String) -> [UInt8] {
        EditDistance.lowercasedASCII(name).filter { $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: "-") }
    }
}

extension ToggleQuery {
    /// The `/toggle` parameter name `name` is probably a misspelling of (`styl`: `style`,
    /// `colour`: `color`), as a query's 400 suggests it; nil for an accepted name or one close to
    /// none. For `toggle-server render --styl`.
    public static func nearestParameterName(to name: String) -> String? {
        ParameterNames.misspelling(of: name)
    }
}
