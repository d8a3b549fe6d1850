import Geometry
import Raster

/// The knob as an `Occluder`: a disc that will be drawn fully opaque over its own shadow, so the
/// shadow's pixels it covers entirely need not be computed or composited before it.
public struct OpaqueDisc: Occluder, Sendable, Equatable, Hashable {
    public var center: Point
    public var radius: Double

    public init(center: Point, radius: Double) {
        self.center = center
        self.radius = radius
    }

    /// Hashable by its numbers, for cache keys.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(center.x); hasher.combine(center.y); hasher.combine(radius)
    }

    /// The columns of pixel row `y` whose four corners all lie at least 0.05 px inside the
    /// circle: the flattened outline strays far less than that (tolerance 0.002 px, arc error
    /// 5e-6 of the radius), so such pixels get coverage 1 and an opaque fill replaces them.
    public func hiddenColumns(row y: Int) -> Range<Int> {
        let r = radius - 0.05
        guard r > 0, center.isFinite else { return 0..<0 }
        let dy = max(abs(Double(y) - center.y), abs(Double(y + 1) - center.y))
        guard dy < r else { return 0..<0 }
        let half = (r * r - dy * dy).squareRoot()
        let lo = center.x - half, hi = center.x + half - 1
        guard lo > -1e9, hi < 1e9, lo <= hi else { return 0..<0 }
        let x0 = Int(lo.rounded(.up)), x1 = Int(hi.rounded(.down)) + 1
        return x0 < x1 ? x0..<x1 : 0..<0
    }
}
