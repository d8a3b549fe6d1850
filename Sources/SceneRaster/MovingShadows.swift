import Geometry
import Raster
import Scene

/// The blurred shadows of one animation's moving frames, blurred once per horizontal sub-pixel
/// position and moved by whole pixels to each frame's place.
///
/// A knob slides sideways: its shadow's shape, sigma and vertical place stay, only its
/// horizontal place moves. A moving frame's shadow is the one blurred with the same shape at
/// the same position within the pixel, rounded to `1 / stepsPerPixel` px, moved by whole
/// pixels: at most half a step from where the frame puts it (a blurred edge's slope times
/// that, a small fraction of a level for the toggles' sigma and opacity; docs/performance.md,
/// Worst requests). Each position is blurred unclipped (on a canvas wide enough for the blur),
/// so moving it never brings in what a canvas edge cut. The rest poses, which are the still
/// pictures, are not drawn this way.
///
/// Held for one animation (not shared between requests), within `capacityBytes`: a position
/// that does not fit is blurred again for each frame that needs it, with the same values.
public final class MovingShadows {
    /// Positions per pixel a shadow is blurred at.
    public static let stepsPerPixel = 4

    /// Most bytes of blurred values held.
    public let capacityBytes: Int
    /// Bytes held.
    public private(set) var bytesHeld = 0
    private var blurred: [Key: BoxCoverage] = [:]

    /// What one blurred position is computed from: the placed shape relative to its left and
    /// top edges (in 1/1024 px), its top edge, where its left edge lies within the pixel (in
    /// steps), sigma and the canvas height.
    struct Key: Hashable {
        var shape: [Int]
        var top: Int
        var step: Int
        var sigma: Double
        var height: Int
    }

    /// The placed shape's points relative to (`left`, `top`), in 1/1024 px, with each element's kind.
    static func shape(_ path: Path, _ placement: AffineTransform, left: Double, top: Double) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(path.elements.count * 7)
        func add(_ points: Point...) {
            for p in points {
                let q = placement.apply(p)
                out.append(Int(((q.x - left) * 1024).rounded()))
                out.append(Int(((q.y - top) * 1024).rounded()))
            }
        }
        for element in path.elements {
            switch element {
            case .move(let p): out.append(0); add(p)
            case .line(let p): out.append(1); add(p)
            case .quad(let c, let p): out.append(2); add(c, p)
            case .cubic(let c1, let c2, let p): out.append(3); add(c1, c2, p)
            case .close: out.append(4)
            }
        }
        return out
    }

    /// - Parameter capacityBytes: most bytes of blurred values held.
    public init(capacityBytes: Int) {
        self.capacityBytes = capacityBytes
    }

    /// `shadow`'s blurred coverage on a `width` x `height` canvas, from the blur at its rounded
    /// sub-pixel position; nil when its shape does not lie within the canvas's columns (the
    /// caller then blurs it in place).
    /// - Throws: `RasterError.nonFiniteCoordinate` for NaN or infinite coordinates.
    func coverage(of shadow: PathShadow, width: Int, height: Int,
                  scratch: inout RasterScratch) throws(RasterError) -> BoxCoverage? {
        let placement = shadow.placement
        guard let bounds = try Flattening.controlBounds(of: shadow.path, transform: placement),
              bounds.minX >= 0, bounds.maxX <= Double(width), bounds.maxX - bounds.minX < 1e6,
              abs(bounds.minY) < 1e6 else { return nil }
        // The left edge rounded to a step; the blur's own canvas holds the shape with its left
        // edge `reach` px (plus the step) from its left side and the kernel's reach on the right.
        let steps = Double(Self.stepsPerPixel)
        let step = Int((bounds.minX * steps).rounded())
        let left = Double(step) / steps, whole = left.rounded(.down)
        let reach = GaussianBlur.kernel(sigma: shadow.sigma).count / 2 + 2
        let shift = Int(whole) - reach
        let key = Key(shape: Self.shape(shadow.path, placement, left: bounds.minX, top: bounds.minY),
                      top: Int((bounds.minY * 1024).rounded()), step: step % Self.stepsPerPixel,
                      sigma: shadow.sigma, height: height)
        let reference: BoxCoverage
        if let held = blurred[key] {
            reference = held
        } else {
            let local = placement.then(.translation(left - bounds.minX - Double(shift), 0))
            let blurWidth = Int((bounds.maxX - bounds.minX).rounded(.up)) + 2 * reach + 2
            reference = try GaussianBlur.blurredCoverage(of: shadow.path, transform: local, width: blurWidth,
                                                         height: height, sigma: shadow.sigma, scratch: &scratch)
            if bytesHeld + reference.byteCount <= capacityBytes {
                blurred[key] = reference
                bytesHeld += reference.byteCount
            }
        }
        return reference.moved(by: shift, width: width, hiddenUnder: shadow.hiddenUnder)
    }
}
