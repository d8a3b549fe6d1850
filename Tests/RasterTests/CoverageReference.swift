import Geometry
@testable import Raster

/// Coverage references computed without the rasterizer: exact polygon-pixel intersection areas,
/// and for shapes bounded by two graphs `lo(x) <= y <= hi(x)` (circles, capsules), a fine 1-D
/// integral of the exact vertical overlap.
enum CoverageReference {
    /// Area of `polygon` (simple, any orientation, may be concave) inside pixel (px, py):
    /// Sutherland-Hodgman clipping against the pixel square, then the shoelace formula.
    static func polygonArea(_ polygon: [Point], pixelX px: Int, pixelY py: Int) -> Double {
        let x0 = Double(px), x1 = x0 + 1, y0 = Double(py), y1 = y0 + 1
        var poly = polygon
        poly = clip(poly, { $0.x >= x0 }, { a, b in Point(x0, a.y + (b.y - a.y) * (x0 - a.x) / (b.x - a.x)) })
        poly = clip(poly, { $0.x <= x1 }, { a, b in Point(x1, a.y + (b.y - a.y) * (x1 - a.x) / (b.x - a.x)) })
        poly = clip(poly, { $0.y >= y0 }, { a, b in Point(a.x + (b.x - a.x) * (y0 - a.y) / (b.y - a.y), y0) })
        poly = clip(poly, { $0.y <= y1 }, { a, b in Point(a.x + (b.x - a.x) * (y1 - a.y) / (b.y - a.y), y1) })
        return abs(shoelace(poly))
    }

    static func shoelace(_ p: [Point]) -> Double {
        guard p.count >= 3 else { return 0 }
        var s = 0.0
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count]
            s += a.x * b.y - b.x * a.y
        }
        return s / 2
    }

    private static func clip(_ poly: [Point], _ inside: (Point) -> Bool,
                             _ cross: (Point, Point) -> Point) -> [Point] {
        guard !poly.isEmpty else { return [] }
        var out: [Point] = []
        for i in poly.indices {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            let ia = inside(a), ib = inside(b)
            if ia { out.append(a) }
            if ia != ib { out.append(cross(a, b)) }
        }
        return out
    }

    /// Mask of `polygon`'s exact coverage on a `width` x `height` canvas.
    static func polygonMask(_ polygon: [Point], width: Int, height: Int) -> [Double] {
        var out = [Double](repeating: 0, count: width * height)
        let minX = polygon.map(\.x).min()!, maxX = polygon.map(\.x).max()!
        let minY = polygon.map(\.y).min()!, maxY = polygon.map(\.y).max()!
        for y in max(0, Int(minY.rounded(.down)))..<min(height, Int(maxY.rounded(.up)) + 1) {
            for x in max(0, Int(minX.rounded(.down)))..<min(width, Int(maxX.rounded(.up)) + 1) {
                out[y * width + x] = polygonArea(polygon, pixelX: x, pixelY: y)
            }
        }
        return out
    }

    /// Coverage of the region `lo(x) <= y <= hi(x)` for x in `xRange`: the midpoint rule with
    /// `samples` columns per pixel on the exact vertical overlap of each column with the pixel.
    static func graphMask(width: Int, height: Int, xRange: ClosedRange<Double>, samples: Int = 2048,
                          lo: (Double) -> Double, hi: (Double) -> Double) -> [Double] {
        var out = [Double](repeating: 0, count: width * height)
        let h = 1 / Double(samples)
        var column = [Double](repeating: 0, count: height)
        for px in max(0, Int(xRange.lowerBound.rounded(.down)))..<min(width, Int(xRange.upperBound.rounded(.up)) + 1) {
            for i in column.indices { column[i] = 0 }
            for s in 0..<samples {
                let x = Double(px) + (Double(s) + 0.5) * h
                guard xRange.contains(x) else { continue }
                let a = lo(x), b = hi(x)
                guard b > a else { continue }
                let firstRow = max(0, Int(a.rounded(.down))), lastRow = min(height - 1, Int(b.rounded(.down)))
                if firstRow > lastRow { continue }
                for row in firstRow...lastRow {
                    let top = max(a, Double(row)), bottom = min(b, Double(row + 1))
                    if bottom > top { column[row] += (bottom - top) * h }
                }
            }
            for row in 0..<height { out[row * width + px] = column[row] }
        }
        return out
    }

    static func circleMask(center c: Point, radius r: Double, width: Int, height: Int) -> [Double] {
        graphMask(width: width, height: height, xRange: (c.x - r)...(c.x + r),
                  lo: { c.y - max(0, r * r - ($0 - c.x) * ($0 - c.x)).squareRoot() },
                  hi: { c.y + max(0, r * r - ($0 - c.x) * ($0 - c.x)).squareRoot() })
    }

    /// A capsule wider than tall.
    static func capsuleMask(x: Double, y: Double, width w: Double, height h: Double,
                            canvasWidth: Int, canvasHeight: Int) -> [Double] {
        let r = h / 2, cy = y + r
        func half(_ px: Double) -> Double {
            let dx = px < x + r ? x + r - px : (px > x + w - r ? px - (x + w - r) : 0)
            return max(0, r * r - dx * dx).squareRoot()
        }
        return graphMask(width: canvasWidth, height: canvasHeight, xRange: x...(x + w),
                         lo: { cy - half($0) }, hi: { cy + half($0) })
    }
}
