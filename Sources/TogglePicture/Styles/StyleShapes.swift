import Geometry
import Utilities

/// The styles' plain shapes, track capsules and knob circles, kept by their exact geometry: a
/// toggle drawn again in another colour or theme (the usual uncached request) has the same track
/// and knob, and building their arcs (sines, cosines, a growing element array) was nearly half of
/// a scene's cost (Benchmarks/scene). The same numbers give the same path, so a kept
/// path is the path that would be built.
enum StyleShapes {
    /// `Path.capsule(x:y:width:height:)`, kept.
    static func capsule(x: Double, y: Double, width: Double, height: Double) -> Path {
        let key = ShapeMemo.Key(x, y, width, height)
        if let path = capsules.path(for: key) { return path }
        let path = Path.capsule(x: x, y: y, width: width, height: height)
        capsules.keep(path, for: key)
        return path
    }

    /// `Path.circle(center:radius:)`, kept.
    static func circle(center: Point, radius: Double) -> Path {
        let key = ShapeMemo.Key(center.x, center.y, radius, 0)
        if let path = circles.path(for: key) { return path }
        let path = Path.circle(center: center, radius: radius)
        circles.keep(path, for: key)
        return path
    }

    static let capsules = ShapeMemo()
    static let circles = ShapeMemo()
}

/// Up to `capacity` paths by four numbers (compared by their bits, so -0.0 and 0.0 differ), the
/// oldest replaced first when full. Few geometries are in use at once (a size, scale and padding
/// each; knobs at three positions, mirrored or not), so a lookup is a short linear search under
/// one lock. Thread-safe.
final class ShapeMemo: Sendable {
    struct Key: Sendable {
        var bits: (UInt64, UInt64, UInt64, UInt64)
        init(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
            bits = (a.bitPattern, b.bitPattern, c.bitPattern, d.bitPattern)
        }
        static func == (l: Key, r: Key) -> Bool {
            l.bits.0 == r.bits.0 && l.bits.1 == r.bits.1 && l.bits.2 == r.bits.2 && l.bits.3 == r.bits.3
        }
    }

    private struct Entries {
        var keys: [Key] = []
        var paths: [Path] = []
        /// Where the next path goes once full.
        var next = 0
    }

    let capacity: Int
    private let entries = Locked(Entries())

    init(capacity: Int = 64) { self.capacity = capacity }

    func path(for key: Key) -> Path? {
        entries.withLock { e in
            for i in e.keys.indices where e.keys[i] == key { return e.paths[i] }
            return nil
        }
    }

    func keep(_ path: Path, for key: Key) {
        entries.withLock { e in
            if e.keys.count < capacity {
                e.keys.append(key)
                e.paths.append(path)
            } else {
                e.keys[e.next] = key
                e.paths[e.next] = path
                e.next = (e.next + 1) % capacity
            }
        }
    }

    var count: Int { entries.withLock { $0.keys.count } }
}
