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
    /// Where the box's first value is in `values` (a moved coverage shares its source's values).
    var start = 0

    /// The columns of canvas row `y` (within the box) that are hidden.
    func hiddenColumns(row y: Int) -> Range<Int> {
        hidden.isEmpty ? 0..<0 : hidden[y - box.y0]
    }

    /// Memory the values take, in bytes.
    public var byteCount: Int { values.count * MemoryLayout<Float>.stride }

    /// Coverage of canvas pixel (x, y).
    public subscript(x: Int, y: Int) -> Float {
        guard x >= box.x0, x < box.x1, y >= box.y0, y < box.y1 else { return 0 }
        return values[start + (y - box.y0) * stride + (x - box.x0)]
    }

    /// The same values moved `dx` columns onto a canvas `width` px wide (of the same height) and
    /// cut to it, hiding the columns `occluder` covers (nil: none); the values are shared, not copied.
    public func moved(by dx: Int, width newWidth: Int, hiddenUnder occluder: (any Occluder)?) -> BoxCoverage {
        let moved = PixelBox(x0: box.x0 + dx, y0: box.y0, x1: box.x1 + dx, y1: box.y1)
        let cut = moved.clipped(width: newWidth, height: height)
        guard !cut.isEmpty else {
            return BoxCoverage(width: newWidth, height: height, box: .empty, stride: 0, values: [], hidden: [])
        }
        var hidden: [Range<Int>] = []
        if let occluder {
            hidden.reserveCapacity(cut.height)
            for y in cut.y0..<cut.y1 { hidden.append(occluder.hiddenColumns(row: y)) }
        }
        return BoxCoverage(width: newWidth, height: height, box: cut, stride: stride, values: values, hidden: hidden,
                           start: start + (cut.y0 - box.y0) * stride + (cut.x0 - moved.x0))
    }

    /// The same values as a canvas-sized mask (zero where `hidden`).
    public var mask: CoverageMask {
        var mask = CoverageMask(width: width, height: height)
        for y in box.y0..<box.y1 {
            let hiddenColumns = hiddenColumns(row: y)
            for x in box.x0..<box.x1 where !hiddenColumns.contains(x) {
                mask.values[y * width + x] = values[start + (y - box.y0) * stride + (x - box.x0)]
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
