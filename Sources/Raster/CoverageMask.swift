import Geometry
/// A rectangle of whole pixels, half-open: columns `x0..<x1`, rows `y0..<y1`.
public struct PixelBox: Equatable, Sendable {
    public var x0: Int, y0: Int, x1: Int, y1: Int

    /// The box of columns `x0..<x1` and rows `y0..<y1`.
    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    /// No pixel.
    public static let empty = PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)

    /// True when the box holds no pixel.
    public var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
    /// Columns.
    public var width: Int { x1 - x0 }
    /// Rows.
    public var height: Int { y1 - y0 }

    /// The box grown by `margin` px on every side and cut to `0..<width` x `0..<height`.
    func grown(by margin: Int, within width: Int, _ height: Int) -> PixelBox {
        guard !isEmpty else { return .empty }
        let box = PixelBox(x0: max(x0 - margin, 0), y0: max(y0 - margin, 0),
                           x1: min(x1 + margin, width), y1: min(y1 + margin, height))
        return box.isEmpty ? .empty : box
    }

    /// The smallest box holding both (an empty box adds nothing).
    public func union(_ other: PixelBox) -> PixelBox {
        if other.isEmpty { return self }
        if isEmpty { return other }
        return PixelBox(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    /// The part inside `0..<width` x `0..<height` (`empty` when none).
    public func clipped(width: Int, height: Int) -> PixelBox {
        let box = PixelBox(x0: max(x0, 0), y0: max(y0, 0), x1: min(x1, width), y1: min(y1, height))
        return box.isEmpty ? .empty : box
    }
}

/// Per-pixel coverage in 0...1: the fraction of each pixel's area a shape covers.
/// Row-major, `width * height` values, row 0 at the top.
public struct CoverageMask: Sendable {
    public let width: Int
    public let height: Int
    /// The coverage values. Writing to them (directly or through the subscript) is allowed;
    /// it makes the mask forget which part of it is known to be zero.
    public var values: [Float] {
        didSet { extent = PixelBox(x0: 0, y0: 0, x1: width, y1: height) }
    }
    /// Every value outside this box is zero: the part of the mask that compositing and blurring
    /// have to look at.
    var extent: PixelBox

    /// An empty (all zero) mask.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        values = [Float](repeating: 0, count: width * height)
        extent = .empty
    }

    public subscript(x: Int, y: Int) -> Float {
        get { values[y * width + x] }
        set { values[y * width + x] = newValue }
    }

    /// Sum of all coverage values: the covered area in px².
    public var totalCoverage: Double {
        guard !extent.isEmpty else { return 0 }
        var sum = 0.0
        values.withUnsafeBufferPointer { v in
            for y in extent.y0..<extent.y1 {
                var row: Double = 0
                for x in extent.x0..<extent.x1 { row += Double(v[y &* width &+ x]) }
                sum += row
            }
        }
        return sum
    }
}
