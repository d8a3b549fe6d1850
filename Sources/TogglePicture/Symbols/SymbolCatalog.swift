import Utilities
import Geometry

/// Symbols the knob can show, as filled paths in a 24 x 24 unit box (y down), nonzero fill.
///
/// Names (docs/design-facts.md section 3):
/// - SF-Symbol-style names (`checkmark`, `moon.fill`, `wifi.slash`, ...) from a curated table
///   (`SymbolAlias.table`) of Material Design Icons;
/// - `mdi:<icon>` for every icon of Material Design Icons 7.4.47 (Pictogrammers, Apache-2.0),
///   e.g. `mdi:weather-night`.
///
/// The icon data (`Resources/MDI/icons.tsv`, from `scripts/vendor-symbols`) is read on first
/// use; each outline is parsed when first drawn and kept in a shared, thread-safe cache.
public enum SymbolCatalog {
    /// The prefix of names that pick any MDI icon by its own name.
    public static let mdiPrefix = "mdi:"

    /// One name the catalogue knows, as `/symbols` lists it.
    public struct Entry: Sendable, Equatable {
        /// The name to pass as `sym`, e.g. `moon.fill` or `mdi:weather-night`.
        public var name: String
        /// The MDI icon drawn, e.g. `moon-waning-crescent`.
        public var icon: String
        /// SPDX licence identifier of the icon: `Apache-2.0`.
        public var license: String
        /// The icon's author as MDI records it.
        public var author: String
        /// Whether the icon is drawn with a knocked-out slash (a `.slash` name with no MDI `-off` icon).
        public var slashed: Bool
    }

    /// The curated SF-style names, sorted. (Every `mdi:<icon>` name is known as well.)
    public static var names: [String] { curated.names }

    /// Every MDI icon name, sorted, without the `mdi:` prefix.
    public static var mdiIconNames: [String] { MDIIconData.bundled.records.map(\.name) }

    /// The outline for `name`, or nil if the name is unknown (or its icon data corrupt:
    /// `outline(named:)` says which).
    public static func path(named name: String) -> Path? {
        try? outline(named: name)
    }

    /// The outline for `name`.
    /// - Throws: `SymbolError.unknownName` for a name the catalogue does not know;
    ///   `.corruptIcon` or `.nothingToSlash` when the bundled data of its icon cannot be drawn.
    public static func outline(named name: String) throws(SymbolError) -> Path {
        // Only a known name's outline is kept, so a kept one needs no resolving.
        if let path = cache.recentPath(for: name) { return path }
        guard let source = resolve(name) else { throw .unknownName(name) }
        if let path = cache.path(for: name, make: { try? outline(of: source) }) { return path }
        // Only broken icon data leaves nil in the cache: parse again for its error (never for a
        // good icon, so this costs nothing in service).
        return try outline(of: source)
    }

    /// Up to `limit` known names closest to `name` by edit distance (case-insensitive,
    /// adjacent transpositions count once), nearest first: `moon.fil` gives `moon.fill` first.
    /// A bare MDI icon name (`weather-night`) suggests its `mdi:` form. Empty when nothing is
    /// reasonably close.
    public static func suggestions(for name: String, limit: Int = 3) -> [String] {
        if name.hasPrefix(mdiPrefix) {
            return SymbolSuggestions.closest(to: name, in: mdiCandidates.all, limit: limit)
        }
        var found: [String] = []
        if MDIIconData.bundled.record(named: name.lowercased()) != nil {
            found.append(mdiPrefix + name.lowercased())
        }
        // SF-style names first, then `mdi:` names at one more step (the missing prefix counts one).
        found += SymbolSuggestions.closest(to: name, in: curated.candidates, mdiCandidates.bare, limit: limit)
        var names: [String] = []
        for name in found where !names.contains(name) {
            names.append(name)
            if names.count == limit { break }
        }
        return names
    }

    /// The `expected` text of a 400 for an unknown symbol name.
    public static func expectation(forUnknown name: String) -> String {
        let close = suggestions(for: name)
        let hint = close.isEmpty ? "" : "did you mean " + close.joined(separator: ", ") + "? "
        return hint + "A symbol name: an SF-style name such as checkmark, xmark or moon.fill, or "
            + "mdi:<icon> for any of the \(MDIIconData.bundled.records.count) Material Design Icons; GET /symbols lists all \(curated.names.count + MDIIconData.bundled.records.count) names"
    }

    /// Every name: the curated ones (sorted), then `mdi:<icon>` for every icon (sorted); built
    /// once.
    public static let entries: [Entry] = {
        let data = MDIIconData.bundled
        var entries: [Entry] = []
        for name in curated.names {
            let alias = curated.byName[name]!
            let author = data.record(named: alias.icon)?.author ?? ""
            entries.append(Entry(name: name, icon: alias.icon, license: MDIIconData.license, author: author,
                                 slashed: alias.slashed))
        }
        for record in data.records {
            entries.append(Entry(name: mdiPrefix + record.name, icon: record.name, license: MDIIconData.license,
                                 author: record.author, slashed: false))
        }
        return entries
    }()

    // MARK: - Internals

    /// What a name stands for.
    enum Source {
        case icon(MDIIconData.Record)
        case slashed(MDIIconData.Record)
    }

    static func resolve(_ name: String) -> Source? {
        let data = MDIIconData.bundled
        if name.hasPrefix(mdiPrefix) {
            return data.record(named: String(name.dropFirst(mdiPrefix.count))).map(Source.icon)
        }
        guard let alias = curated.byName[name], let record = data.record(named: alias.icon) else { return nil }
        return alias.slashed ? .slashed(record) : .icon(record)
    }

    static func outline(of source: Source) throws(SymbolError) -> Path {
        let data = MDIIconData.bundled
        switch source {
        case .icon(let record):
            return try outline(ofIcon: record.name, pathData: data.pathData(of: record), slashed: false)
        case .slashed(let record):
            return try outline(ofIcon: record.name, pathData: data.pathData(of: record), slashed: true)
        }
    }

    /// The outline drawn for MDI icon `icon` with SVG path data `pathData`, with the slash
    /// knocked out if `slashed`.
    /// - Throws: `SymbolError.corruptIcon` naming the icon and where its data stops parsing;
    ///   `.nothingToSlash` when a slashed icon's outline encloses nothing.
    static func outline(ofIcon icon: String, pathData: String, slashed: Bool) throws(SymbolError) -> Path {
        let base: Path
        do {
            base = try SVGPathParser.parse(pathData)
        } catch {
            throw .corruptIcon(icon: icon, error)
        }
        guard slashed else { return base }
        guard let knockedOut = SlashKnockout.slashed(base) else { throw .nothingToSlash(icon: icon) }
        return knockedOut
    }

    static let cache = SymbolCache()

    /// The curated table, indexed.
    struct Curated: Sendable {
        var byName: [String: SymbolAlias] = [:]
        var names: [String] = []
        var candidates: [SymbolSuggestions.Candidate] = []
    }

    static let curated: Curated = {
        var c = Curated()
        for alias in SymbolAlias.table {
            precondition(c.byName[alias.name] == nil, "duplicate symbol name \(alias.name)")
            c.byName[alias.name] = alias
        }
        c.names = c.byName.keys.sorted()
        c.candidates = c.names.map { .init(name: $0, key: EditDistance.lowercasedASCII($0), penalty: 0) }
        return c
    }()

    /// Suggestion candidates for `mdi:` names: `all` compares with the prefix (for queries that
    /// have it), `bare` without it at one step's penalty (for queries that do not).
    struct MDICandidates: Sendable {
        var all: [SymbolSuggestions.Candidate]
        var bare: [SymbolSuggestions.Candidate]
    }

    static let mdiCandidates: MDICandidates = {
        let records = MDIIconData.bundled.records
        return MDICandidates(
            all: records.map { .init(name: mdiPrefix + $0.name, key: Array((mdiPrefix + $0.name).utf8), penalty: 0) },
            bare: records.map { .init(name: mdiPrefix + $0.name, key: Array($0.name.utf8), penalty: 1) })
    }()
}

extension SymbolCatalog {
    /// Sets the budget of the parsed outlines' cache (`Caches.symbols`), bytes; 0 keeps none.
    public static func setCacheBytes(_ bytes: Int) { cache.setCapacityBytes(bytes) }

    /// The budget of the parsed outlines' cache, bytes.
    public static var cacheCapacityBytes: Int { cache.capacityBytes }

    /// The bytes the parsed outlines' cache holds.
    public static var cacheBytesHeld: Int { cache.bytesHeld }
}
