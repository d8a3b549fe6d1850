import Geometry

/// SF-Symbols-style slashes for icons that have no slashed (`-off`) version in MDI: the base
/// icon with a diagonal band knocked out of it and a round-capped slash drawn down the middle of
/// the band, from top leading to bottom trailing.
///
/// The result is one plain path for nonzero fill, so it rasterizes like any other symbol. The
/// base icon is flattened (in its 24-unit box, to `tolerance`) and each closed outline is clipped
/// to the half-plane on either side of the band (Sutherland-Hodgman). Clipping a closed outline
/// to a half-plane keeps the winding number of every point inside that half-plane and makes it
/// zero outside, so the two clipped copies together fill exactly the icon minus the band, and
/// the slash, which lies inside the band, adds to nothing.
enum SlashKnockout {
    /// Half the slash's width, in units of the 24-unit box.
    static let slashHalfWidth = 1.0
    /// Half the width of the band knocked out of the icon (slash plus clear space on each side).
    static let gapHalfWidth = 2.25
    /// How far each end of the slash (its round cap included) stays inside the corners of the
    /// icon's bounding square, along the diagonal.
    static let inset = 1.5
    /// Flattening tolerance in box units: at the largest symbol box (about 182 px for 24 units)
    /// this stays under 0.04 px.
    static let tolerance = 0.005

    /// `base` with the slash knocked out and drawn, or nil when `base` encloses nothing.
    static func slashed(_ base: Path) -> Path? {
        let outlines = closedOutlines(of: base)
        let points = outlines.flatMap { $0 }
        guard points.count >= 3 else { return nil }
        let minX = points.map(\.x).min()!, maxX = points.map(\.x).max()!
        let minY = points.map(\.y).min()!, maxY = points.map(\.y).max()!
        let center = Point((minX + maxX) / 2, (minY + maxY) / 2)
        let r = 0.5.squareRoot()
        // Along the slash (top leading to bottom trailing on screen) and across it.
        let along = Point(r, r)
        let across = Point(r, -r)
        func dot(_ a: Point, _ b: Point) -> Double { a.x * b.x + a.y * b.y }

        var result = Path()
        // Keep the side where dot(p - center, across) >= gap, and the side where it is <= -gap.
        for sign in [1.0, -1.0] {
            let normal = across * sign
            let offset = dot(center, normal) + gapHalfWidth
            for outline in outlines {
                let clipped = clip(outline, keeping: { dot($0, normal) - offset })
                if clipped.count >= 3 { result.append(Path.polygon(clipped)) }
            }
        }

        // The slash runs corner to corner across the icon's bounding square (as SF Symbols'
        // slashes do), kept inside the 24-unit box.
        let halfLength = max(maxX - minX, maxY - minY) / 2 * 2.0.squareRoot() - inset
        var low = -halfLength, high = halfLength
        let limit = (11.0 - slashHalfWidth) * 2.0.squareRoot()  // caps stay within 1...23
        let centerShift = dot(center - Point(12, 12), along)
        low = max(low, -limit - centerShift)
        high = min(high, limit - centerShift)
        guard high > low else { return result }
        let start = center + along * low, end = center + along * high
        result.append(Path.capsule(from: start, to: end, radius: slashHalfWidth))
        return result
    }

    /// The closed outlines of `path`, flattened: one point list per subpath.
    static func closedOutlines(of path: Path) -> [[Point]] {
        var outlines: [[Point]] = []
        var current: [Point] = []
        try? Flattening.forEachSegment(of: path, transform: .identity, tolerance: tolerance) { p0, p1 in
            if let last = current.last, last == p0 {
                current.append(p1)
            } else {
                if current.count >= 3 { outlines.append(current) }
                current = [p0, p1]
            }
        }
        if current.count >= 3 { outlines.append(current) }
        // Each outline is closed by its last segment; drop the repeated start point.
        return outlines.map { outline in
            outline.count > 1 && outline.first == outline.last ? Array(outline.dropLast()) : outline
        }
    }

    /// Sutherland-Hodgman: the closed polygon `polygon` clipped to where `distance(p) >= 0`
    /// (`distance` affine in p).
    static func clip(_ polygon: [Point], keeping distance: (Point) -> Double) -> [Point] {
        guard var previous = polygon.last else { return [] }
        var dPrevious = distance(previous)
        var out: [Point] = []
        out.reserveCapacity(polygon.count + 4)
        for p in polygon {
            let d = distance(p)
            if (d >= 0) != (dPrevious >= 0) {
                let t = dPrevious / (dPrevious - d)
                out.append(previous + (p - previous) * t)
            }
            if d >= 0 { out.append(p) }
            previous = p
            dPrevious = d
        }
        return out
    }
}
