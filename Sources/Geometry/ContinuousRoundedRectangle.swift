/// iOS's smooth ("continuous", squircle-like) rounded rectangle, SwiftUI's
/// `RoundedRectangle(cornerRadius: r, style: .continuous)`.
///
/// Each corner leaves the straight edge 1.52866483 r before the corner and is three cubic Béziers
/// joined by two short lines. The points, in units of r measured from the corner as (along the
/// incoming edge back from the corner, along the outgoing edge away from it), are the ones
/// reverse-engineered from UIKit and published with PaintCode's "code for iOS 7 rounded
/// rectangles" (docs/design-facts.md section 10).
public enum ContinuousCorner {
    /// How far the corner reaches along each edge, in units of r.
    public static let extent = 1.52866483

    /// The corner's outline after its start point (extent, 0): (kind, points) with every point as
    /// (back along the incoming edge, along the outgoing edge), units of r.
    static let segments: [(curve: Bool, points: [(Double, Double)])] = [
        (true, [(1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600)]),
        (false, [(0.63149399, 0.07491100)]),
        (true, [(0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.07491100, 0.63149399)]),
        (false, [(0.06549600, 0.66993427)]),
        (true, [(0, 0.86840689), (0, 1.08849323), (0, 1.52866483)]),
    ]

    /// The largest radius a `width` x `height` rectangle takes: the corners of two ends of a side
    /// may just meet, `min(width, height) / 2 / 1.52866483`.
    public static func maximumRadius(width: Double, height: Double) -> Double {
        max(0, min(width, height) / 2 / extent)
    }
}

extension Path {
    /// A rectangle `(x, y, width, height)` with continuous corners of radius `radius`, limited to
    /// `ContinuousCorner.maximumRadius`; one closed subpath, clockwise on screen (y down),
    /// starting where the top edge leaves the top-left corner. A plain rectangle for radius <= 0.
    public static func continuousRoundedRectangle(x: Double, y: Double, width: Double, height: Double,
                                                  radius: Double) -> Path {
        let r = min(radius, ContinuousCorner.maximumRadius(width: width, height: height))
        guard r > 0 else {
            return .polygon([Point(x, y), Point(x + width, y), Point(x + width, y + height), Point(x, y + height)])
        }
        // Corners clockwise from the top right, each with the unit vector back along its incoming
        // edge and the unit vector along its outgoing edge.
        let corners: [(corner: Point, back: Point, forward: Point)] = [
            (Point(x + width, y), Point(-1, 0), Point(0, 1)),
            (Point(x + width, y + height), Point(0, -1), Point(-1, 0)),
            (Point(x, y + height), Point(1, 0), Point(0, -1)),
            (Point(x, y), Point(0, 1), Point(1, 0)),
        ]
        var path = Path()
        path.move(to: Point(x + ContinuousCorner.extent * r, y))
        for (corner, back, forward) in corners {
            func point(_ p: (Double, Double)) -> Point { corner + back * (p.0 * r) + forward * (p.1 * r) }
            path.line(to: point((ContinuousCorner.extent, 0)))
            for segment in ContinuousCorner.segments {
                if segment.curve {
                    path.cubic(to: point(segment.points[2]), control1: point(segment.points[0]),
                               control2: point(segment.points[1]))
                } else {
                    path.line(to: point(segment.points[0]))
                }
            }
        }
        path.close()
        return path
    }
}
