import Geometry
import Utilities

/// SVG path data (`SVGText.appendPathData`) kept by path and transform, so a path that every
/// document of a kind repeats (a toggle's track, knob and shadow at a given size and scale, a
/// symbol in its own units) is written once and then copied: looking it up (hashing its points)
/// costs about a third of writing its numbers. The text is a pure function of the key, so a
/// hit gives the same bytes as writing; the cache only changes the time.
///
/// Bounded: at most `capacity` entries of at most `maximumTextBytes` each (about 1 MiB in all);
/// when full it is emptied and refills with what is asked next (queries choose the sizes, so the
/// paths seen are unbounded). Shared by all threads behind one lock, held for a lookup or an
/// insert, never while writing.
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

    static let capacity = 512
    static let maximumTextBytes = 2048

    private static let entries = Locked<[Key: [UInt8]]>([:])

    /// Appends `path`'s data mapped by `transform` to `out`, from the cache when it is there.
    static func appendPathData(_ path: Path, transform: AffineTransform, to out: inout [UInt8]) {
        guard path.elements.count <= maximumTextBytes / 140 else {
            return SVGText.appendPathData(path, transform: transform, to: &out)
        }
        let key = Key(path: path, transform: transform)
        if let text = entries.withLock({ $0[key] }) { return out.append(contentsOf: text) }
        var text: [UInt8] = []
        SVGText.appendPathData(path, transform: transform, to: &text)
        out.append(contentsOf: text)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = text
        }
    }
}
