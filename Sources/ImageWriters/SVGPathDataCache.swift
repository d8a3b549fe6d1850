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
/// paths seen are unbounded). Shared by all threads behind one lock held only for the lookup.
enum SVGPathDataCache {
    /// Equal when path and transform are (every point compared); the hash takes the element
    /// count, the transform and four elements spread over the path, which tells a toggle's paths
    /// apart at a fifth of the cost of hashing every point (SipHash per Double).
    struct Key: Hashable {
        var path: Path
        var transform: AffineTransform

        func hash(into hasher: inout Hasher) {
            let elements = path.elements
            hasher.combine(elements.count)
            hasher.combine(transform)
            guard !elements.isEmpty else { return }
            let step = max(1, elements.count / 4)
            var i = elements.count - 1
            for _ in 0 ..< 4 where i >= 0 {
                hasher.combine(elements[i])
                i -= step
            }
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
