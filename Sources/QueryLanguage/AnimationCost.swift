import Geometry
import ImageWriters
import Scene
import TogglePicture

/// The bound on an animation's work, checked while parsing: every frame redraws what moves and
/// compresses the rectangle it redrew, so an animation costs about its frames plus the pixels
/// they redraw; `FrameCost` estimates that at the cheapest zlib level, and it must fit
/// `FrameCost.budget` (docs/performance.md, Worst requests).
enum AnimationCost {
    /// Checks `animation`'s estimated cost against `FrameCost.budget`.
    /// - Parameters: animatePair: the `animate` parameter as sent; label: what laying out and
    ///   drawing the label costs once (`LabelCost`), instructions; causes: what makes the frame
    ///   large, as the 400 names it ("scale 4, size accessibility5, pad 8"); smaller: what would
    ///   make the frame smaller (`PictureSize.smaller`); row: the size in px of the row the
    ///   animated picture sits in (nil for a toggle alone): a row's first frame is drawn whole,
    ///   each later one only around the animated picture.
    /// - Throws: `ParameterError` "animation too large" on `animate`, with the frame count, the
    ///   pixels the frames redraw, the limit and the remedies that apply (a lower fps unless it
    ///   is the lowest, loop=0 when it loops, then `smaller`).
    static func check(_ animation: ToggleAnimation, animatePair: QueryDecoder.Pair?, label: Int = 0, causes: String,
                      smaller: [String], row: (width: Int, height: Int)? = nil,
                      format: ImageFormat = .png) throws(ParameterError) {
        guard format == .png else {
            return try checkVector(animation, animatePair: animatePair, causes: causes, smaller: smaller)
        }
        guard let (w, h) = try? animation.canvasSize(),
              let still = try? animation.transition.scene(ofFrame: animation.transition.lastFrameIndex),
              let first = try? animation.transition.scene(ofFrame: 0) else { return }
        let frames = animation.frames.count
        let slides = animation.transition.style is any KnobToggleStyle
        let around = overhang(still, width: w, height: h, slides: slides)
        let box = (width: w + 2 * around.x, height: h + around.top + around.bottom)
        let pixels = redrawnPixels(frames: frames, width: w, height: h, box: box, row: row)
        // A sliding knob draws one pose a frame; a crossfade draws both bodies mid-way.
        let ends = [first.operations[...], still.operations[...]]
        func most(_ count: (ArraySlice<SceneOperation>) -> Int) -> Int {
            slides ? ends.map(count).max() ?? 0 : ends.map(count).reduce(0, +)
        }
        let limit = FrameCost.maximumPixels(.init(frames: frames, pixels: pixels, shadows: most(FrameCost.shadows(in:)),
                                                  curves: most(FrameCost.curves(in:)),
                                                  scale: animation.transition.spec.scale, labelInstructions: label))
        guard pixels > limit else { return }
        let fps = animation.transition.motion.framesPerSecond
        let remedies = [fps > ToggleMotion.framesPerSecondRange.lowerBound ? "a lower fps" : nil,
                        animation.loops ? "loop=0" : nil].compactMap { $0 }
        let what = row.map { "a first frame of \($0.width) x \($0.height) px, then \(frames - 1) of up to "
            + "\(min(box.width, $0.width)) x \(min(box.height, $0.height)) px" } ?? "\(frames) frames of \(w) x \(h) px"
        // No pixels fit when the frames' curves (a long label drawn in each) or the label alone pass the budget.
        let bound = limit > 0 ? "that redraws at most \(limit) px over them" : "whose frames' shapes and label fit"
        throw ParameterError(error: "animation too large", parameter: animatePair?.name ?? "animate",
                             value: animatePair?.value ?? "1",
                             expected: "an animation of \(frames) frames \(bound), about "
                                 + "\(FrameCost.budget / 1_000_000) million instructions (this one redraws \(pixels) px: "
                                 + "\(what), at fps \(fps), loop \(animation.loops ? 1 : 0), \(causes)): "
                                 + PictureSize.either(remedies + smaller))
    }

    /// What the frames redraw in all, px (at least what `FrameCanvas.redrawnPixels` counts): a
    /// toggle's every frame whole; a row's first frame whole, then `box` (the animated picture
    /// with what its operations draw around it) within the row.
    static func redrawnPixels(frames: Int, width: Int, height: Int, box: (width: Int, height: Int),
                              row: (width: Int, height: Int)?) -> Int {
        guard let row else { return frames * width * height }
        return row.width * row.height + (frames - 1) * min(box.width, row.width) * min(box.height, row.height)
    }

    /// How far past its `width` x `height` canvas the rest pose `scene` draws once it is in a
    /// row, px (`SceneOperation.pixelBounds`: a pixel around fills, a shadow's blur and offset):
    /// above, below, and sideways on both sides (a knob's shadow at either end), plus, when a
    /// knob `slides`, a spring's overshoot of a tenth of the width.
    static func overhang(_ scene: Scene, width: Int, height: Int, slides: Bool) -> (x: Int, top: Int, bottom: Int) {
        var x0 = 0.0, y0 = 0.0, x1 = Double(width), y1 = Double(height)
        for operation in scene.operations {
            let path: Path, transform: AffineTransform, margin: Double
            switch operation {
            case .fill(let fill): (path, transform, margin) = (fill.path, fill.transform, 1)
            case .shadow(let shadow): (path, transform, margin) = (shadow.path, shadow.placement, (3 * shadow.sigma).rounded(.up) + 1)
            default: continue
            }
            guard let b = try? Flattening.controlBounds(of: path, transform: transform) else { continue }
            x0 = min(x0, b.minX.rounded(.down) - margin); x1 = max(x1, b.maxX.rounded(.up) + margin)
            y0 = min(y0, b.minY.rounded(.down) - margin); y1 = max(y1, b.maxY.rounded(.up) + margin)
        }
        func px(_ v: Double) -> Int { Int(min(max(v, 0), 1e6)) }
        let sideways = max(-x0, x1 - Double(width)) + (slides ? (Double(width) / 10).rounded(.up) : 0)
        return (px(sideways), px(-y0), px(y1 - Double(height)))
    }

    /// Most pixels an animated SVG's frames may hold together (frame count x the animated
    /// picture's canvas): the bound every animation had before `FrameCost`. An SVG's frames are
    /// laid out and written as keyframes, never drawn or compressed, so the raster cost model
    /// does not apply to them.
    static let maximumVectorPixels = 3_000_000

    /// Checks an animated SVG's frames x canvas against `maximumVectorPixels`.
    /// - Throws: `ParameterError` "animation too large" on `animate`, with the frame count, the
    ///   frame's size, the total, the limit and the remedies that apply.
    static func checkVector(_ animation: ToggleAnimation, animatePair: QueryDecoder.Pair?, causes: String,
                            smaller: [String]) throws(ParameterError) {
        guard let (w, h) = try? animation.canvasSize() else { return }
        let frames = animation.frames.count
        guard frames * w * h > maximumVectorPixels else { return }
        let fps = animation.transition.motion.framesPerSecond
        let remedies = [fps > ToggleMotion.framesPerSecondRange.lowerBound ? "a lower fps" : nil,
                        animation.loops ? "loop=0" : nil].compactMap { $0 }
        throw ParameterError(error: "animation too large", parameter: animatePair?.name ?? "animate",
                             value: animatePair?.value ?? "1",
                             expected: "an animation of at most \(maximumVectorPixels) px over all its frames (this one is "
                                 + "\(frames) frames of \(w) x \(h) px, \(frames * w * h) px, at fps \(fps), "
                                 + "loop \(animation.loops ? 1 : 0), \(causes)): "
                                 + PictureSize.either(remedies + smaller))
    }
}
