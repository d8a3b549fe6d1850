/// Turns a path into line segments in device space.
///
/// Curves are cut into equal parameter steps whose count comes from Wang's formula, which bounds
/// the distance between a Bézier curve and its chord polyline: for a curve of degree n with
/// control points P_i, `N = ceil(sqrt(n (n - 1) / 8 * max |P_i - 2 P_(i+1) + P_(i+2)| / tolerance))`
/// segments keep every point of the polyline within `tolerance` of the curve (S.-W. Wang, 1984;
/// see also Sederberg, "Computer Aided Geometric Design", section 10.6). The count depends on the
/// curve's size on screen only, so flattening costs what the curve is worth in pixels.
public enum Flattening {
    /// Largest distance between a curve and its flattened polyline, in px.
    public static let defaultTolerance = 0.05

    /// Most segments one curve is cut into, whatever its size: a bound on work for absurd input.
    public static let maxSegmentsPerCurve = 4096

    /// Calls `emit(p0, p1)` for every line segment of `path` mapped by `transform`, closing each
    /// subpath with a line back to its start. Points are in device px.
    /// - Throws: `RasterError.nonFiniteCoordinate` if any transformed point is NaN or infinite.
    public static func forEachSegment(of path: Path, transform: AffineTransform,
                                      tolerance: Double = defaultTolerance,
                                      _ emit: (Point, Point) -> Void) throws(RasterError) {
        var start = Point(0, 0)
        var current = Point(0, 0)
        var open = false
        func closeSubpath() {
            if open, current != start { emit(current, start) }
            open = false
            current = start
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                closeSubpath()
                let q = transform.apply(p)
                guard q.isFinite else { throw .nonFiniteCoordinate }
                start = q
                current = q
                open = true
            case .line(let p):
                let q = transform.apply(p)
                guard q.isFinite else { throw .nonFiniteCoordinate }
                open = true
                emit(current, q)
                current = q
            case .quad(let c, let p):
                let q1 = transform.apply(c), q2 = transform.apply(p)
                guard q1.isFinite, q2.isFinite else { throw .nonFiniteCoordinate }
                open = true
                let dd = (current - q1 * 2 + q2).length
                let n = segmentCount(0.25 * dd / tolerance)
                let q0 = current
                var prev = q0
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let p = i == n ? q2 : q0 * (u * u) + q1 * (2 * u * t) + q2 * (t * t)
                    emit(prev, p)
                    prev = p
                }
                current = q2
            case .cubic(let c1, let c2, let p):
                let q1 = transform.apply(c1), q2 = transform.apply(c2), q3 = transform.apply(p)
                guard q1.isFinite, q2.isFinite, q3.isFinite else { throw .nonFiniteCoordinate }
                open = true
                let q0 = current
                let dd = max((q0 - q1 * 2 + q2).length, (q1 - q2 * 2 + q3).length)
                let n = segmentCount(0.75 * dd / tolerance)
                var prev = q0
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let p = i == n ? q3
                        : q0 * (u * u * u) + q1 * (3 * u * u * t) + q2 * (3 * u * t * t) + q3 * (t * t * t)
                    emit(prev, p)
                    prev = p
                }
                current = q3
            case .close:
                closeSubpath()
            }
        }
        closeSubpath()
    }

    /// `ceil(sqrt(x))` clamped to 1...maxSegmentsPerCurve.
    @inline(__always) static func segmentCount(_ x: Double) -> Int {
        guard x > 1 else { return 1 }
        let n = x.squareRoot().rounded(.up)
        return n >= Double(maxSegmentsPerCurve) ? maxSegmentsPerCurve : Int(n)
    }
}

/// Errors raised while rasterizing.
public enum RasterError: Error, Equatable, Sendable {
    /// A coordinate was NaN or infinite after transformation.
    case nonFiniteCoordinate
}
