import Geometry
import Utilities

/// The `StableHash` of every coordinate of a cache key, fed to `Hasher` once: the synthesized
/// `Hashable` of a `Path` calls `Hasher.combine` per coordinate (Benchmarks/profile/uncached-callgrind.sh). Consistent with `==`: `-0.0` is mixed as
/// `0.0`, which it equals.
struct GeometryHash {
    private var hash = StableHash()
    var value: UInt64 { hash.value }

    @inline(__always)
    mutating func mix(_ v: Double) {
        hash.combine(word: (v + 0).bitPattern)
    }

    @inline(__always)
    mutating func mix(_ n: Int) {
        hash.combine(word: UInt64(bitPattern: Int64(n)))
    }

    mutating func mix(_ p: Point) {
        mix(p.x)
        mix(p.y)
    }

    mutating func mix(_ path: Path) {
        mix(path.elements.count)
        for element in path.elements {
            switch element {
            case .move(let a): mix(1); mix(a)
            case .line(let a): mix(2); mix(a)
            case .quad(let c, let a): mix(3); mix(c); mix(a)
            case .cubic(let c1, let c2, let a): mix(4); mix(c1); mix(c2); mix(a)
            case .close: mix(5)
            }
        }
    }

    mutating func mix(_ t: AffineTransform) {
        mix(t.a); mix(t.b); mix(t.c); mix(t.d); mix(t.tx); mix(t.ty)
    }
}
