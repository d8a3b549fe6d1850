/// How overlapping subpaths combine (SVG `fill-rule`, PostScript `fill` / `eofill`).
public enum FillRule: Sendable {
    /// Inside where the winding number is not zero.
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}

/// Per-pixel coverage in 0...1: the fraction of each pixel's area a shape covers.
/// Row-major, `width * height` values, row 0 at the top.
public struct CoverageMask: Sendable {
    public let width: Int
    public let height: Int
    public var values: [Float]

    /// An empty (all zero) mask.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        values = [Float](repeating: 0, count: width * height)
    }

    public subscript(x: Int, y: Int) -> Float {
        get { values[y * width + x] }
        set { values[y * width + x] = newValue }
    }

    /// Sum of all coverage values: the covered area in px².
    public var totalCoverage: Double { values.reduce(0.0) { $0 + Double($1) } }
}
