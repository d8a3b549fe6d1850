import Scene

/// What drawing and compressing an animation's frames costs, in instructions as callgrind counts
/// them, and the zlib level that keeps it within `budget`: the one model both the query's check
/// (an animation that does not fit at the cheapest level is a 400) and the APNG encoder (the
/// best-compressing level that fits) use. Its figures were fitted to callgrind runs of toggles
/// and rows, each rounded up (docs/performance.md, Worst requests); they count RGBA frames, and
/// half of zlib's share for a palette image (a byte a pixel, but deflate's matches cost more on
/// it per byte).
public enum FrameCost {
    /// The most instructions one animation may cost: about 100 ms of a core.
    public static let budget = 250_000_000

    /// What an animation's frames hold.
    public struct Work: Sendable, Equatable {
        /// Frames drawn.
        public var frames: Int
        /// Pixels of the rectangles the frames redraw, in all (the first frame whole).
        public var pixels: Int
        /// Shadows each frame draws (`shadows(in:)`).
        public var shadows: Int
        /// Curves each frame's fills flatten (`curves(in:)`), and the scale they are drawn at.
        public var curves: Int
        public var scale: Double
        /// Laying out and drawing the picture's label once for all the frames, instructions
        /// (the query's `LabelCost`: emoji decoded, glyphs outlined).
        public var labelInstructions: Int

        /// The work of `frames` frames redrawing `pixels` px in all, each with `shadows` shadows
        /// and `curves` curves at `scale`, after a label that costs `labelInstructions`.
        public init(frames: Int, pixels: Int, shadows: Int, curves: Int, scale: Double, labelInstructions: Int = 0) {
            self.frames = frames
            self.pixels = pixels
            self.shadows = shadows
            self.curves = curves
            self.scale = scale
            self.labelInstructions = labelInstructions
        }
    }

    /// Drawing one frame, before its pixels: laying the frame out, rasterizing a knob with a
    /// checkmark (`includedCurves` curves), the PNG's and the frame's fixed costs.
    static let perFrame = 280_000
    static let includedCurves = 16
    /// Flattening and rasterizing each further curve in a frame, per unit of scale.
    static let perCurve = 4_000
    /// Drawing, converting and comparing one pixel of what a frame redraws, and what each
    /// shadow (moved and composited over about the frame) adds to that.
    static let perPixel = 48
    static let perShadowPixel = 13

    /// zlib levels from best to cheapest, with what deflate (and adler32) cost per RGBA pixel of
    /// the frames' rectangles at that level: level 7 varies most with the picture.
    static let levels: [(level: Int32, perPixel: Int)] = [(7, 360), (5, 185), (3, 74)]

    /// The estimated instructions of `work` compressed at `level` (one of `levels`), as RGBA or
    /// as a `palette` image.
    public static func instructions(_ work: Work, level: Int32, palette: Bool = false) -> Int {
        var zlib = levels.first { $0.level == level }?.perPixel ?? levels[0].perPixel
        if palette { zlib = (zlib + 1) / 2 }
        let curves = max(0, work.curves - includedCurves) * Int((Double(perCurve) * min(max(work.scale, 1), 16)).rounded(.up))
        return work.labelInstructions + work.frames * (perFrame + curves)
            + work.pixels * (perPixel + work.shadows * perShadowPixel + zlib)
    }

    /// The best-compressing level whose estimate fits `budget`; nil when not even the cheapest does.
    public static func level(_ work: Work, palette: Bool = false) -> Int32? {
        levels.first { instructions(work, level: $0.level, palette: palette) <= budget }?.level
    }

    /// The most pixels `work`'s frames may redraw in all within `budget` at the cheapest level
    /// as RGBA (its own `pixels` aside).
    public static func maximumPixels(_ work: Work) -> Int {
        var none = work
        none.pixels = 0
        let perPixel = perPixel + work.shadows * perShadowPixel + levels[levels.count - 1].perPixel
        return max(0, (budget - instructions(none, level: levels[levels.count - 1].level)) / perPixel)
    }

    /// The shadows among `operations` (each frame of an animation draws its rest pose's).
    public static func shadows(in operations: ArraySlice<SceneOperation>) -> Int {
        operations.reduce(0) { n, operation in
            if case .shadow = operation { return n + 1 }
            return n
        }
    }

    /// The curves (quadratic and cubic segments) of the paths `operations` fill, layers' included.
    public static func curves(in operations: ArraySlice<SceneOperation>) -> Int {
        operations.reduce(0) { n, operation in
            switch operation {
            case .fill(let fill):
                return n + fill.path.elements.reduce(0) { c, element in
                    switch element {
                    case .quad, .cubic: return c + 1
                    default: return c
                    }
                }
            case .layer(let layer):
                return n + curves(in: layer.scene.operations[...])
            default:
                return n
            }
        }
    }
}
