import Geometry
import Utilities

/// SVG path data (`SVGText.pathDataBytes`) kept by path and transform, so a path that every
/// document of a kind repeats (a toggle's track, knob and shadow at a given size and scale, a
/// symbol in its own units) is written once and then copied: looking it up (hashing its points)
/// costs about a third of writing its numbers. The text is a pure function of the key, so a
/// hit gives the same bytes as writing; the cache only changes the time.
///
/// Bounded in bytes: at most `capacityBytes` (its share of `--cache-bytes`, `Caches.svgPathData`;
/// an entry costs its text, its path's elements and `Caches.entryOverheadBytes`), entries of at
/// most `maximumTextBytes` of text; when full it is emptied and refills with what is asked next
/// (queries choose the sizes, so the paths seen are unbounded). With a capacity of 0 nothing is
/// kept and every path is written. Shared by all threads behind one lock, held for a lookup or an
/// insert, never while writing. The last `recentCapacity` paths looked up are also kept by the
/// address of their storage (`Recent`), checked first; they are entries too, so cost nothing more.
enum SVGPathDataCache {
    /// Equal when path and transform are (every point compared); hashed as one 64-bit
    /// multiply-xor mix of every coordinate's bits, fed to `Hasher` once (a `Hasher.combine` per
    /// coordinate cost more than the lookup saved).
    struct Key: Hashable {
        var path: Path
        var transform: AffineTransform

        func hash(into hasher: inout Hasher) {
            var h = UInt64(truncatingIfNeeded: path.elements.count)
            // `+ 0` makes -0.0 into 0.0, which it equals, so equal keys hash alike.
            @inline(__always) func mix(_ p: Point) {
                h = (h ^ (p.x + 0).bitPattern) &* 0x9E37_79B9_7F4A_7C15
                h = (h ^ (p.y + 0).bitPattern) &* 0x9E37_79B9_7F4A_7C15
            }
            for element in path.elements {
                switch element {
                case .move(let a), .line(let a): mix(a)
                case .quad(let c, let a): mix(c); mix(a)
                case .cubic(let c1, let c2, let a): mix(c1); mix(c2); mix(a)
                case .close: h = (h ^ 0x5A) &* 0x9E37_79B9_7F4A_7C15
                }
            }
            let t = transform
            mix(Point(t.a, t.b)); mix(Point(t.c, t.d)); mix(Point(t.tx, t.ty))
            hasher.combine(h)
        }
    }

    static let maximumTextBytes = 2048
    /// Paths remembered by the address of their element storage (`Recent`).
    static let recentCapacity = 32

    /// A path met before, known by the address of its element storage: the entry holds the path,
    /// so that storage stays allocated and no other path can have the same address while the
    /// entry lives. The styles share their track, knob and symbol paths between scenes
    /// (`StyleShapes`, the symbol cache), so most lookups end here, comparing a pointer and a
    /// transform instead of hashing every coordinate (Benchmarks/profile/svg-callgrind.sh).
    private struct Recent {
        var address: UnsafeRawPointer
        var path: Path
        var transform: AffineTransform
        var text: [UInt8]
    }

    private struct Storage {
        var entries: [Key: [UInt8]] = [:]
        var recent: [Recent] = []
        /// Where the next `Recent` goes once full.
        var nextRecent = 0
        var capacityBytes = Caches.standard.svgPathData
        var bytesHeld = 0

        mutating func removeAll() {
            entries.removeAll(keepingCapacity: true)
            recent.removeAll(keepingCapacity: true)
            nextRecent = 0
            bytesHeld = 0
        }

        mutating func remember(_ address: UnsafeRawPointer?, _ path: Path, _ transform: AffineTransform, _ text: [UInt8]) {
            guard let address else { return }
            let entry = Recent(address: address, path: path, transform: transform, text: text)
            if recent.count < recentCapacity {
                recent.append(entry)
            } else {
                recent[nextRecent] = entry
                nextRecent = (nextRecent + 1) % recentCapacity
            }
        }
    }

    private static let storage = Locked(Storage())

    /// The most bytes the cache holds.
    static var capacityBytes: Int { storage.withLock { $0.capacityBytes } }
    /// The bytes the cache holds now.
    static var bytesHeld: Int { storage.withLock { $0.bytesHeld } }

    /// Sets the capacity to `bytes` (0 or less: nothing is kept), emptying the cache if it holds more.
    static func setCapacityBytes(_ bytes: Int) {
        storage.withLock { s in
            s.capacityBytes = max(0, bytes)
            if s.bytesHeld > s.capacityBytes { s.removeAll() }
        }
    }

    /// What an entry counts against the capacity, bytes.
    static func cost(_ path: Path, _ text: [UInt8]) -> Int { text.count + path.byteCount + Caches.entryOverheadBytes }

    /// Appends `path`'s data mapped by `transform` to `out`, from the cache when it is there.
    static func appendPathData(_ path: Path, transform: AffineTransform, to out: inout SVGBytes) {
        guard path.elements.count <= maximumTextBytes / 140 else {
            return out.append(contentsOf: SVGText.pathDataBytes(path, transform: transform))
        }
        let address = path.elements.isEmpty ? nil : path.elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        let storage = storage
        let known: [UInt8]? = storage.withLock { s in
            guard s.bytesHeld > 0 else { return nil }
            if let address {
                for i in s.recent.indices where s.recent[i].address == address && s.recent[i].transform == transform {
                    return s.recent[i].text
                }
            }
            guard let text = s.entries[Key(path: path, transform: transform)] else { return nil }
            s.remember(address, path, transform, text)
            return text
        }
        if let known { return out.append(contentsOf: known) }
        let text = SVGText.pathDataBytes(path, transform: transform)
        out.append(contentsOf: text)
        let cost = cost(path, text)
        storage.withLock { s in
            guard cost <= s.capacityBytes else { return }
            if s.bytesHeld + cost > s.capacityBytes { s.removeAll() }
            let key = Key(path: path, transform: transform)
            if let old = s.entries.updateValue(text, forKey: key) { s.bytesHeld -= Self.cost(path, old) }
            s.bytesHeld += cost
            s.remember(address, path, transform, text)
        }
    }
}
