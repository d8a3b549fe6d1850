import Geometry
import Raster
import Scene

/// A shadow's `hiddenUnder` hint as the rasterizer's `Occluder`: a disc that a later operation
/// fills fully opaque (the knob over its own shadow), so the shadow's pixels it covers entirely
/// need not be computed or composited before it.
extension Disc: Occluder {
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
