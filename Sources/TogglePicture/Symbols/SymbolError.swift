import Geometry

/// Why the catalogue has no outline for a name.
public enum SymbolError: Error, Equatable, Sendable {
    /// Neither a curated name nor `mdi:` plus an icon of the bundled data.
    case unknownName(String)
    /// The name is known but the bundled path data of its MDI icon does not parse: a broken
    /// `Resources/MDI/icons.tsv` (regenerate it with `scripts/vendor-symbols`), never bad input.
    case corruptIcon(icon: String, SVGPathError)
    /// A `.slash` name's base icon encloses nothing, so no slash can be knocked out of it
    /// (also a broken data file).
    case nothingToSlash(icon: String)
}
