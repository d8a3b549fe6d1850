import Geometry

/// Working memory for drawing one picture: accumulation cells and blur buffers, reused from
/// layer to layer so that each layer costs what its bounding box is worth, not the canvas.
///
/// Create one per picture (or per thread) and pass it to `Canvas.fill` and
/// `GaussianBlur.blurredCoverage`; it is not shared state. Between calls every cell is zero
/// (each call clears the rows it used as it reads them), so no call zeroes the whole buffer.
public struct RasterScratch {
    /// Signed area cells, all zero between calls.
    var accumulator = CoverageAccumulator()
    /// Blur: one padded source row, then the horizontally blurred rows.
    var padded: [Float] = []
    var horizontal: [Float] = []

    public init() {}

    /// The accumulation cells (all zero between calls).
    var cells: [Float] { accumulator.cells }

    /// Accumulates `path` mapped by `transform` into the cells for pixel box `box`; the caller
    /// then sweeps `accumulator`, which leaves the cells zero again. On a thrown error the cells
    /// are cleared.
    mutating func accumulate(_ path: Path, transform: AffineTransform, tolerance: Double,
                             box: PixelBox) throws(RasterError) {
        accumulator.reset(box: box)
        do throws(RasterError) {
            try accumulator.add(path, transform: transform, tolerance: tolerance)
        } catch {
            accumulator.clear()
            throw error
        }
    }
}
