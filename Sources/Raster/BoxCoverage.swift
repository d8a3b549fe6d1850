/// Coverage over a box of pixels only (zero outside it), as a blurred shadow needs: row-major,
/// `stride` values per row, `box.height` rows; only the first `box.width` of each row count.
public struct BoxCoverage: Sendable {
    /// The canvas size the box lies in.
    public let width: Int
    public let height: Int
    let box: PixelBox
    let stride: Int
    let values: [Float]
    /// Per row of the box, the canvas columns an opaque shape drawn later hides (empty when
    /// nothing does): their values are left zero and never composited.
    let hidden: [Range<Int>]

    /// The columns of canvas row `y` (within the box) that are hidden.
    func hiddenColumns(row y: Int) -> Range<Int> {
        hidden.isEmpty ? 0..<0 : hidden[y - box.y0]
    }

    /// Memory the values take, in bytes.
    public var byteCount: Int { values.count * MemoryLayout<Float>.stride }

    /// Coverage of canvas pixel (x, y).
    public subscript(x: Int, y: Int) -> Float {
        guard x >= box.x0, x < box.x1, y >= box.y0, y < box.y1 else { return 0 }
        return values[(y - box.y0) * stride + (x - box.x0)]
    }

    /// The same values as a canvas-sized mask (zero where `hidden`).
    public var mask: CoverageMask {
        var mask = CoverageMask(width: width, height: height)
        for y in box.y0..<box.y1 {
            let hiddenColumns = hiddenColumns(row: y)
            for x in box.x0..<box.x1 where !hiddenColumns.contains(x) {
                mask.values[y * width + x] = values[(y - box.y0) * stride + (x - box.x0)]
            }
        }
        mask.extent = box
        return mask
    }
}

/// A shape that will be drawn fully opaque over what is below (a knob over its own shadow):
/// the pixels it covers entirely need not be computed or composited before it.
public protocol Occluder {
    /// The columns of canvas pixel row `y` that the shape, drawn as `Canvas.fill` draws it,
    /// gives coverage 1 (so an opaque fill replaces them); empty if none.
    func hiddenColumns(row y: Int) -> Range<Int>
}
