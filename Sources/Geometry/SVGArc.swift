/// SVG elliptical arcs (the `A` path command), converted to cubic Béziers.
///
/// Follows the SVG 1.1 implementation notes, appendix F.6: the endpoint parameterization
/// (start, end, radii, x-axis rotation, large-arc and sweep flags) is turned into a centre
/// parameterization (F.6.5), radii too small to reach the end point are scaled up (F.6.6), and
/// the swept angle is cut into pieces of at most 45 degrees, each one cubic whose control points
/// sit `4/3 tan(piece / 4)` radii along the tangents (radial error below 5e-6 of the radius).
enum SVGArc {
    /// The centre parameterization of an arc, angles in radians measured on the unit circle
    /// before the radii and the x-axis rotation are applied (y down: positive angles turn
    /// clockwise on screen, which is SVG's sweep-flag 1).
    struct Center: Equatable {
        var center: Point
        var radiusX: Double
        var radiusY: Double
        /// x-axis rotation, radians.
        var rotation: Double
        var startAngle: Double
        /// Signed swept angle: positive for sweep-flag 1, magnitude above pi for large-arc 1.
        var sweepAngle: Double

        /// The point of the ellipse at `angle` radians (measured as `startAngle` is).
        func point(atAngle angle: Double) -> Point {
            let cosPhi = _cos(rotation), sinPhi = _sin(rotation)
            let ex = radiusX * _cos(angle), ey = radiusY * _sin(angle)
            return Point(center.x + cosPhi * ex - sinPhi * ey, center.y + sinPhi * ex + cosPhi * ey)
        }
    }

    /// What an arc command draws.
    enum Shape: Equatable {
        /// Start and end coincide: the arc is omitted (F.6.2).
        case nothing
        /// A radius is zero: a straight line to the end point (F.6.2).
        case line
        case arc(Center)
    }

    /// F.6.5 and F.6.6: the centre parameterization of the arc from `p1` to `p2`.
    /// `rotationDegrees` is the x-axis rotation as written in the path data.
    static func shape(from p1: Point, to p2: Point, radiusX: Double, radiusY: Double,
                      rotationDegrees: Double, largeArc: Bool, sweep: Bool) -> Shape {
        if p1 == p2 { return .nothing }
        var rx = abs(radiusX), ry = abs(radiusY)
        if rx == 0 || ry == 0 { return .line }
        let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * Double.pi / 180
        let cosPhi = _cos(phi), sinPhi = _sin(phi)
        // Step 1: the start point in a frame centred on the chord's midpoint, axes along the
        // ellipse's axes.
        let hx = (p1.x - p2.x) / 2, hy = (p1.y - p2.y) / 2
        let x1 = cosPhi * hx + sinPhi * hy
        let y1 = -sinPhi * hx + cosPhi * hy
        // F.6.6: scale radii up uniformly when the ellipse cannot reach the end point.
        // Then the centre is the chord's midpoint (radicand 0 in step 2, set exactly rather
        // than left to rounding).
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        var radicand = 0.0
        if lambda >= 1 {
            let s = lambda.squareRoot()
            rx *= s
            ry *= s
        } else {
            // A small arc on radii a billion times the chord is the chord, to 1e-9 of its length.
            if !largeArc && lambda < 1e-18 { return .line }
            // Step 2: the centre in that frame. F.6.5.2's radicand
            // (rx² ry² - rx² y1'² - ry² x1'²) / (rx² y1'² + ry² x1'²), divided through by
            // rx² ry², is (1 - lambda) / lambda, which cannot overflow.
            radicand = (1 - lambda) / lambda
        }
        var coefficient = radicand.squareRoot()
        if largeArc == sweep { coefficient = -coefficient }
        let cx1 = coefficient * rx * y1 / ry
        let cy1 = -coefficient * ry * x1 / rx
        // Step 3: the centre in user space.
        let center = Point(cosPhi * cx1 - sinPhi * cy1 + (p1.x + p2.x) / 2,
                           sinPhi * cx1 + cosPhi * cy1 + (p1.y + p2.y) / 2)
        guard center.isFinite else { return .line }
        // Step 4: start angle and swept angle between the unit-circle vectors.
        let ux = (x1 - cx1) / rx, uy = (y1 - cy1) / ry
        let vx = (-x1 - cx1) / rx, vy = (-y1 - cy1) / ry
        let start = _atan2(uy, ux)
        var delta = _atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        if !sweep && delta > 0 { delta -= 2 * Double.pi }
        if sweep && delta < 0 { delta += 2 * Double.pi }
        return .arc(Center(center: center, radiusX: rx, radiusY: ry, rotation: phi,
                           startAngle: start, sweepAngle: delta))
    }

    /// Calls `emit(control1, control2, end)` for each cubic of the arc from `p1` to `p2`; the
    /// last end point is exactly `p2`.
    static func forEachCubic(of arc: Center, endingAt p2: Point,
                             _ emit: (Point, Point, Point) -> Void) {
        let pieces = max(1, Int((abs(arc.sweepAngle) / (Double.pi / 4) - 1e-9).rounded(.up)))
        let step = arc.sweepAngle / Double(pieces)
        let k = 4.0 / 3.0 * _tan(step / 4)
        let cosPhi = _cos(arc.rotation), sinPhi = _sin(arc.rotation)
        func map(_ x: Double, _ y: Double) -> Point {
            let ex = arc.radiusX * x, ey = arc.radiusY * y
            return Point(arc.center.x + cosPhi * ex - sinPhi * ey,
                         arc.center.y + sinPhi * ex + cosPhi * ey)
        }
        var angle = arc.startAngle
        var c0 = _cos(angle), s0 = _sin(angle)
        for i in 0..<pieces {
            let next = i == pieces - 1 ? arc.startAngle + arc.sweepAngle : angle + step
            let c1 = _cos(next), s1 = _sin(next)
            emit(map(c0 - k * s0, s0 + k * c0),
                 map(c1 + k * s1, s1 - k * c1),
                 i == pieces - 1 ? p2 : map(c1, s1))
            angle = next
            c0 = c1
            s0 = s1
        }
    }
}

extension Path {
    /// Appends an SVG elliptical arc from `current` (the path's current point) to `end`, as
    /// cubic Béziers per SVG 1.1 appendix F.6: coinciding end points draw nothing, a zero
    /// radius draws a line, radii too small to span the end points are scaled up.
    /// `xAxisRotation` is in degrees, as in path data.
    public mutating func addSVGArc(from current: Point, to end: Point, radiusX: Double, radiusY: Double,
                                   xAxisRotation: Double, largeArc: Bool, sweep: Bool) {
        switch SVGArc.shape(from: current, to: end, radiusX: radiusX, radiusY: radiusY,
                            rotationDegrees: xAxisRotation, largeArc: largeArc, sweep: sweep) {
        case .nothing:
            return
        case .line:
            line(to: end)
        case .arc(let arc):
            SVGArc.forEachCubic(of: arc, endingAt: end) { c1, c2, p in
                cubic(to: p, control1: c1, control2: c2)
            }
        }
    }
}
