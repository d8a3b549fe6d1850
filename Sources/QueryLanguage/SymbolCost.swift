import ImageWriters
import TogglePicture

/// What drawing detailed symbols costs beyond what the still's pixel terms were fitted with (the
/// catalogue's ordinary symbols, up to `includedSegments` segments): `perSegment` x (1 + scale)
/// for each further segment of a switch's on and off symbols, twice that at the encoders' own
/// zlib levels. Fitted to a 12-row card of `mdi:kubernetes` (196 segments) at scale 2.55, 65 M
/// over the same card with ordinary symbols (`Benchmarks/worst/run.sh`).
enum SymbolCost {
    static let includedSegments = 40
    static let perSegment = 8_000

    /// The default symbols (checkmark, xmark), far under `includedSegments`: not looked up.
    static let defaults = (on: ToggleSpec().onSymbol, off: ToggleSpec().offSymbol)

    /// The segments past `includedSegments` of `spec`'s on and off symbols (unknown names: none;
    /// drawing reports them).
    static func segments(_ spec: ToggleSpec) -> Int {
        // The defaults skip the catalogue's lookup on the uncached toggle's path (uncached-callgrind.sh).
        if spec.onSymbol == defaults.on, spec.offSymbol == defaults.off { return 0 }
        return [spec.onSymbol, spec.offSymbol].reduce(0) { n, name in
            n + max(0, (SymbolCatalog.path(named: name)?.elements.count ?? 0) - includedSegments)
        }
    }

    /// The instructions of `segments` such segments drawn at `scale`, compressed with `compression`.
    static func instructions(_ segments: Int, scale: Double, compression: StillCost.Compression) -> Int {
        Int(Double(segments * perSegment * (compression == .best ? 2 : 1)) * (1 + scale))
    }
}
