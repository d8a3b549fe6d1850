/// A vector path: subpaths of lines and quadratic and cubic Bézier curves, in user units.
///
/// Filling closes every subpath implicitly, as SVG and Core Graphics do.
public struct Path: Sendable, Equatable {
    /// One drawing command. Curves carry their control points and end point; the start point
    /// is the current point.
    public enum Element: Sendable, Equatable {
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
    /// 5e-6 of the radius), continuing from the current point with a line to the arc's start
    /// (or a move if `startsSubpath`). Angles in radians, y down, so positive sweeps turn
    /// clockwise on screen.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, sweep: Double,
                                startsSubpath: Bool = false) {
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 4)).rounded(.up)))
        let step = sweep / Double(pieces)
        // Control-point distance for a circular arc of angle `step`: 4/3 tan(step/4).
        let k = 4.0 / 3.0 * _tan(step / 4)
        var angle = startAngle
        var (cosA, sinA) = (_cos(angle), _sin(angle))
        var p0 = Point(center.x + radius * cosA, center.y + radius * sinA)
        if startsSubpath { move(to: p0) } else { line(to: p0) }
        for _ in 0..<pieces {
            let next = angle + step
            let (cosN, sinN) = (_cos(next), _sin(next))
            let p3 = Point(center.x + radius * cosN, center.y + radius * sinN)
            let c1 = Point(p0.x - k * radius * sinA, p0.y + k * radius * cosA)
            let c2 = Point(p3.x + k * radius * sinN, p3.y - k * radius * cosN)
            cubic(to: p3, control1: c1, control2: c2)
            p0 = p3
            angle = next
            (cosA, sinA) = (cosN, sinN)
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
    /// rectangle `(x, y, width, height)`.
    public static func capsule(x: Double, y: Double, width: Double, height: Double) -> Path {
        let r = min(width, height) / 2
        var path = Path()
        // Right cap from top to bottom, then left cap from bottom to top.
        path.addArc(center: Point(x + width - r, y + r), radius: r,
                    startAngle: -Double.pi / 2, sweep: Double.pi, startsSubpath: true)
        path.addArc(center: Point(x + r, y + height - r), radius: r,
                    startAngle: Double.pi / 2, sweep: Double.pi)
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
