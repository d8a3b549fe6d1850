/// A vector path: subpaths of lines and quadratic and cubic Bézier curves, in user units.
///
/// Filling closes every subpath implicitly, as SVG and Core Graphics do.
public struct Path: Sendable, Hashable {
    /// One drawing command. Curves carry their control points and end point; the start point
    /// is the current point.
    public enum Element: Sendable, Hashable {
        case move(Point)
        case line(Point)
        case quad(Point, Point)
        case cubic(Point, Point, Point)
        case close
    }

    public private(set) var elements: [Element] = []

    public init() {}

    public init(elements: [Element]) {
        self.elements = elements
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// Bytes the elements take (for a cache's budget).
    public var byteCount: Int { elements.count * MemoryLayout<Element>.stride }

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    public mutating func quad(to p: Point, control c: Point) { elements.append(.quad(c, p)) }
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        elements.append(.cubic(c1, c2, p))
    }
    public mutating func close() { elements.append(.close) }

    /// Appends every element of `other`.
    public mutating func append(_ other: Path) { elements += other.elements }

    /// A closed polygon through `points` (at least 3 to enclose anything).
    public static func polygon(_ points: [Point]) -> Path {
        var path = Path()
        guard let first = points.first else { return path }
        path.move(to: first)
        for p in points.dropFirst() { path.line(to: p) }
        path.close()
        return path
    }

    /// Appends a circular arc as cubic Béziers of at most 45 degrees each (radial error below
    /// 5e-6 of the radius; the same construction as SVG arcs, `SVGArc.forEachCubic`), continuing
    /// from the current point with a line to the arc's start (or a move if `startsSubpath`).
    /// Angles in radians, y down, so positive sweeps turn clockwise on screen.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, sweep: Double,
                                startsSubpath: Bool = false) {
        let arc = SVGArc.Center(center: center, radiusX: radius, radiusY: radius, rotation: 0,
                                startAngle: startAngle, sweepAngle: sweep)
        let start = arc.point(atAngle: startAngle)
        if startsSubpath { move(to: start) } else { line(to: start) }
        SVGArc.forEachCubic(of: arc, endingAt: arc.point(atAngle: startAngle + sweep)) { c1, c2, p in
            cubic(to: p, control1: c1, control2: c2)
        }
    }

    /// A full circle, clockwise on screen, as one closed subpath.
    public static func circle(center: Point, radius: Double) -> Path {
        var path = Path()
        path.addArc(center: center, radius: radius, startAngle: 0, sweep: 2 * Double.pi, startsSubpath: true)
        path.close()
        return path
    }

    /// A capsule (a rounded rectangle whose corner radius is half its shorter side) filling the
    /// rectangle `(x, y, width, height)`; clockwise on screen, as `capsule(from:to:radius:)`.
    public static func capsule(x: Double, y: Double, width: Double, height: Double) -> Path {
        let r = min(width, height) / 2
        if width >= height {
            return capsule(from: Point(x + r, y + r), to: Point(x + width - r, y + r), radius: r)
        }
        return capsule(from: Point(x + r, y + r), to: Point(x + r, y + height - r), radius: r)
    }

    /// The outline of a stroke from `a` to `b` with round caps of `radius` (half the stroke's
    /// width): around the end cap from one side to the other, then back around the start cap,
    /// as one closed subpath, clockwise on screen.
    public static func capsule(from a: Point, to b: Point, radius: Double) -> Path {
        let angle = _atan2(b.y - a.y, b.x - a.x)
        var path = Path()
        path.addArc(center: b, radius: radius, startAngle: angle - Double.pi / 2, sweep: Double.pi,
                    startsSubpath: true)
        path.addArc(center: a, radius: radius, startAngle: angle + Double.pi / 2, sweep: Double.pi)
        path.close()
        return path
    }

    /// The path with every point mapped through `t`.
    public func applying(_ t: AffineTransform) -> Path {
        Path(elements: elements.map { e in
            switch e {
            case .move(let p): return .move(t.apply(p))
            case .line(let p): return .line(t.apply(p))
            case .quad(let c, let p): return .quad(t.apply(c), t.apply(p))
            case .cubic(let c1, let c2, let p): return .cubic(t.apply(c1), t.apply(c2), t.apply(p))
            case .close: return .close
            }
        })
    }
}
