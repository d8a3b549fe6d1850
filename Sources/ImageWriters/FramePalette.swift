/// The distinct colours of an animation's frames, as one PNG palette they can all share (APNG
/// frames have the file's one PLTE and tRNS): at most 256 straight-alpha RGBA8 values, as UInt32
/// in memory order, always including fully transparent 0 (what `APNGWriter` writes for the
/// unchanged pixels of an OVER frame and for an unchanged frame).
///
/// `entries` lists the translucent colours (alpha below 255) first, so tRNS ends at the last of
/// them, each group in order of first appearance: the same frames give the same palette.
public struct FramePalette: Sendable {
    /// The most entries a PNG palette holds (PNG third edition, section 11.2.3).
    public static let capacity = 256

    private var translucent: [UInt32] = [0]
    private var opaque: [UInt32] = []
    private var seen: Set<UInt32> = [0]

    public init() {}

    /// Adds `pixels`' colours. False, and the palette is then of no further use, once the colours
    /// seen together do not fit in `capacity` entries.
    public mutating func insert(contentsOf pixels: [UInt32]) -> Bool {
        var last: UInt32 = 0
        for p in pixels where p != last {
            last = p
            guard !seen.contains(p) else { continue }
            guard seen.count < Self.capacity else { return false }
            seen.insert(p)
            if withUnsafeBytes(of: p, { $0[3] }) == 255 { opaque.append(p) } else { translucent.append(p) }
        }
        return true
    }

    /// The palette: translucent entries, then opaque ones.
    public var entries: [UInt32] { translucent + opaque }

    /// The palette's index of each colour, for writing frames.
    public func lookup() -> Lookup { Lookup(entries: entries) }

    /// `entries` with the index of each colour.
    public struct Lookup: Sendable {
        public let entries: [UInt32]
        private let index: [UInt32: UInt8]

        init(entries: [UInt32]) {
            self.entries = entries
            var index: [UInt32: UInt8] = [:]
            for (i, colour) in entries.enumerated() { index[colour] = UInt8(i) }
            self.index = index
        }

        /// Each pixel's index in `entries`; nil when a colour is not in the palette.
        public func indices(of pixels: [UInt32]) -> [UInt8]? {
            var out = [UInt8](repeating: 0, count: pixels.count)
            var last: UInt32 = 0, lastIndex = index[0] ?? 0
            for (i, p) in pixels.enumerated() {
                if p != last {
                    guard let k = index[p] else { return nil }
                    last = p
                    lastIndex = k
                }
                out[i] = lastIndex
            }
            return out
        }
    }
}
