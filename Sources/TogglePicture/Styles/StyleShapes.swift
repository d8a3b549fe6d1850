import Geometry
import Utilities

/// The styles' plain shapes, track capsules and knob circles, kept by their exact geometry: a
/// toggle drawn again in another colour or theme (the usual uncached request) has the same track
/// and knob, and building their arcs (sines, cosines, a growing element array) was nearly half of
/// a scene's cost (Benchmarks/scene). The same numbers give the same path, so a kept
/// path is the path that would be built. The two memos share `Caches.styleShapes`, half each.
public enum StyleShapes {
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

    /// Sets the budget of the kept capsules and circles together (`Caches.styleShapes`), bytes,
    /// half each; 0 keeps none (every shape is built).
    public static func setCacheBytes(_ bytes: Int) {
        let bytes = max(0, bytes)
        capsules.setCapacityBytes(bytes / 2)
        circles.setCapacityBytes(bytes - bytes / 2)
    }

    /// The budget of the kept shapes together, bytes.
    public static var cacheCapacityBytes: Int { capsules.capacityBytes + circles.capacityBytes }

    /// The bytes the kept shapes hold.
    public static var cacheBytesHeld: Int { capsules.bytesHeld + circles.bytesHeld }
}

/// Up to `capacity` paths by four numbers (compared by their bits, so -0.0 and 0.0 differ), the
/// oldest replaced first when full, and at most `capacityBytes` (a path counts its elements, its
/// key and `Caches.entryOverheadBytes`; emptied when one more would not fit, none kept at 0).
/// Few geometries are in use at once (a size, scale and padding each; knobs at three positions,
/// mirrored or not), so a lookup is a short linear search under one lock. Thread-safe.
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
        var capacityBytes: Int
        var bytesHeld = 0

        mutating func removeAll() {
            keys.removeAll(keepingCapacity: true)
            paths.removeAll(keepingCapacity: true)
            next = 0
            bytesHeld = 0
        }
    }

    let capacity: Int
    private let entries: Locked<Entries>

    init(capacity: Int = 64, capacityBytes: Int = Caches.standard.styleShapes / 2) {
        self.capacity = capacity
        entries = Locked(Entries(capacityBytes: max(0, capacityBytes)))
    }

    /// What a kept path counts against `capacityBytes`.
    static func cost(_ path: Path) -> Int { path.byteCount + MemoryLayout<Key>.stride + Caches.entryOverheadBytes }

    func path(for key: Key) -> Path? {
        entries.withLock { e in
            for i in e.keys.indices where e.keys[i] == key { return e.paths[i] }
            return nil
        }
    }

    func keep(_ path: Path, for key: Key) {
        let cost = Self.cost(path)
        entries.withLock { e in
            guard cost <= e.capacityBytes else { return }
            let replaced = e.keys.count < capacity ? 0 : Self.cost(e.paths[e.next])
            if e.bytesHeld - replaced + cost > e.capacityBytes { e.removeAll() }
            if e.keys.count < capacity {
                e.keys.append(key)
                e.paths.append(path)
            } else {
                e.bytesHeld -= replaced
                e.keys[e.next] = key
                e.paths[e.next] = path
                e.next = (e.next + 1) % capacity
            }
            e.bytesHeld += cost
        }
    }

    /// Sets the budget to `bytes` (0 or less: none kept), emptying the memo if it holds more.
    func setCapacityBytes(_ bytes: Int) {
        entries.withLock { e in
            e.capacityBytes = max(0, bytes)
            if e.bytesHeld > e.capacityBytes { e.removeAll() }
        }
    }

    var capacityBytes: Int { entries.withLock { $0.capacityBytes } }
    var bytesHeld: Int { entries.withLock { $0.bytesHeld } }
    var count: Int { entries.withLock { $0.keys.count } }
}
