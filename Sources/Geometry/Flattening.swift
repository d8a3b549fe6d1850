/// Turns a path into line segments in device space.
///
/// Curves are cut into equal parameter steps whose count comes from Wang's formula, which bounds
/// the distance between a Bézier curve and its chord polyline: for a curve of degree n with
/// control points P_i, `N = ceil(sqrt(n (n - 1) / 8 * max |P_i - 2 P_(i+1) + P_(i+2)| / tolerance))`
/// segments keep every point of the polyline within `tolerance` of the curve (S.-W. Wang, 1984;
/// see also Sederberg, "Computer Aided Geometric Design", section 10.6). The count depends on the
/// curve's size on screen only, so flattening costs what the curve is worth in pixels; curves
/// whose control points all lie outside the visible box (above, below, left or right of it) are
/// replaced by their chord, which changes no visible pixel's coverage.
public enum Flattening {
    /// Largest distance between a curve and its flattened polyline, in px.
    ///
    /// The stated bound for this renderer is 0.05 px; the default is much finer because a chord
    /// that strays `e` px from the curve changes a pixel's coverage by up to about `1.4 e`, and
    /// coverage is meant to stay within 1/255 of exact. The cost grows only as
    /// `1 / sqrt(tolerance)`.
    public static let defaultTolerance = 0.002

    /// Most segments one curve is cut into, whatever its size: a bound on work for absurd input.
    public static let maxSegmentsPerCurve = 4096

    /// An axis-aligned box in device px.
    public struct Box: Sendable, Equatable {
        public var minX: Double, minY: Double, maxX: Double, maxY: Double
        public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
            self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
        }
    }

    /// The box around every point of `path` (control points included) mapped by `transform`,
    /// or nil for a path without points. It contains every curve (convex hull property).
    /// - Throws: `RasterError.nonFiniteCoordinate` if any transformed point is NaN or infinite.
    public static func controlBounds(of path: Path, transform: AffineTransform) throws(RasterError) -> Box? {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        var nonFinite = false
        @inline(__always) func include(_ p: Point) {
            let q = transform.apply(p)
            nonFinite = nonFinite || !q.isFinite
            minX = min(minX, q.x); maxX = max(maxX, q.x)
            minY = min(minY, q.y); maxY = max(maxY, q.y)
        }
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p): include(p)
            case .quad(let c, let p): include(c); include(p)
            case .cubic(let c1, let c2, let p): include(c1); include(c2); include(p)
            case .close: break
            }
        }
        if nonFinite { throw .nonFiniteCoordinate }
        return minX <= maxX ? Box(minX: minX, minY: minY, maxX: maxX, maxY: maxY) : nil
    }

    /// Calls `emit(p0, p1)` for every line segment of `path` mapped by `transform`, closing each
    /// subpath with a line back to its start. Points are in device px. A curve whose control
    /// points all lie above, below, left or right of `visible` is emitted as its chord.
    /// - Throws: `RasterError.nonFiniteCoordinate` if any transformed point is NaN or infinite.
    public static func forEachSegment(of path: Path, transform: AffineTransform,
                                      tolerance: Double = defaultTolerance,
                                      visible: Box? = nil,
                                      _ emit: (Point, Point) -> Void) throws(RasterError) {
        // Wang's constants: n (n - 1) / 8 over the tolerance, for n = 2 and 3.
        let tol = tolerance > 0 ? tolerance : defaultTolerance
        let quadFactor = 0.25 / tol, cubicFactor = 0.75 / tol
        var start = Point(0, 0)
        var current = Point(0, 0)
        var open = false
        for element in path.elements {
            switch element {
            case .move(let p):
                if open, current != start { emit(current, start) }
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
                let q0 = current
                current = q2
                if outside(visible, q0, q1, q2, q2) { emit(q0, q2); continue }
                flattenQuad(q0, q1, q2, factor: quadFactor, emit)
            case .cubic(let c1, let c2, let p):
                let q1 = transform.apply(c1), q2 = transform.apply(c2), q3 = transform.apply(p)
                guard q1.isFinite, q2.isFinite, q3.isFinite else { throw .nonFiniteCoordinate }
                open = true
                let q0 = current
                current = q3
                if outside(visible, q0, q1, q2, q3) { emit(q0, q3); continue }
                flattenCubic(q0, q1, q2, q3, factor: cubicFactor, emit)
            case .close:
                if open, current != start { emit(current, start) }
                open = false
                current = start
            }
        }
        if open, current != start { emit(current, start) }
    }

    /// True when the four points (a curve's control polygon, px) all lie above, below, left or
    /// right of `visible`, so the curve cannot be seen and its chord will do.
    @inline(__always)
    static func outside(_ visible: Box?, _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> Bool {
        guard let v = visible else { return false }
        return max(max(p0.y, p1.y), max(p2.y, p3.y)) <= v.minY
            || min(min(p0.y, p1.y), min(p2.y, p3.y)) >= v.maxY
            || max(max(p0.x, p1.x), max(p2.x, p3.x)) <= v.minX
            || min(min(p0.x, p1.x), min(p2.x, p3.x)) >= v.maxX
    }

    /// Emits the quadratic Bézier q0 q1 q2 (px) as `segmentCount(|q0 - 2 q1 + q2| factor)`
    /// chords of equal parameter steps, evaluated in the power basis B(t) = q0 + t (b + t a).
    @inline(__always)
    static func flattenQuad(_ q0: Point, _ q1: Point, _ q2: Point, factor: Double,
                            _ emit: (Point, Point) -> Void) {
        let a = q0 - q1 * 2 + q2, b = (q1 - q0) * 2
        let n = segmentCount(a.length * factor)
        let dt = 1 / Double(n)
        var prev = q0
        for i in 1..<n {
            let t = Double(i) * dt
            let p = q0 + (b + a * t) * t
            emit(prev, p)
            prev = p
        }
        emit(prev, q2)
    }

    /// Emits the cubic Bézier q0 q1 q2 q3 (px) as chords of equal parameter steps, their count
    /// from the larger second difference of the control points, evaluated in the power basis
    /// B(t) = q0 + t (c + t (b + t a)).
    @inline(__always)
    static func flattenCubic(_ q0: Point, _ q1: Point, _ q2: Point, _ q3: Point, factor: Double,
                             _ emit: (Point, Point) -> Void) {
        let dd = max((q0 - q1 * 2 + q2).length, (q1 - q2 * 2 + q3).length)
        let n = segmentCount(dd * factor)
        let a = q3 - q0 + (q1 - q2) * 3
        let b = (q0 - q1 * 2 + q2) * 3
        let c = (q1 - q0) * 3
        let dt = 1 / Double(n)
        var prev = q0
        for i in 1..<n {
            let t = Double(i) * dt
            let p = q0 + (c + (b + a * t) * t) * t
            emit(prev, p)
            prev = p
        }
        emit(prev, q3)
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
