import TogglePicture

/// The bound on an animation's work, checked while parsing: every frame's moving part is drawn
/// and compressed, so an animation costs about its frames x that part's pixels.
enum AnimationCost {
    /// Most pixels an animation may draw over all its frames (frame count x the animated
    /// picture's canvas): a default switch at scale 4, looping at 60 fps (92 frames of 232 x 128
    /// px, 2.7 million) fits; a looping accessibility5 switch at scale 4 (100 frames of
    /// 649 x 361 px, 23 million) does not (docs/performance.md, Worst requests).
    static let maximumPixels = 3_000_000

    /// Checks `animation`'s frames x canvas against `maximumPixels`.
    /// - Parameters: animatePair: the `animate` parameter as sent; causes: what makes the frame
    ///   large, as the 400 names it ("scale 4, size accessibility5, pad 8"); smaller: what would
    ///   make the frame smaller (`PictureSize.smaller`).
    /// - Throws: `ParameterError` "animation too large" on `animate`, with the frame count, the
    ///   frame's size, the total, the limit and the remedies that apply (a lower fps unless it is
    ///   the lowest, loop=0 when it loops, then `smaller`).
    static func check(_ animation: ToggleAnimation, animatePair: QueryDecoder.Pair?,
                      causes: String, smaller: [String]) throws(ParameterError) {
        guard let (w, h) = try? animation.canvasSize() else { return }
        let frames = animation.frames.count
        guard frames * w * h > maximumPixels else { return }
        let fps = animation.transition.motion.framesPerSecond
        let remedies = [fps > ToggleMotion.framesPerSecondRange.lowerBound ? "a lower fps" : nil,
                        animation.loops ? "loop=0" : nil].compactMap { $0 }
        throw ParameterError(error: "animation too large", parameter: animatePair?.name ?? "animate",
                             value: animatePair?.value ?? "1",
                             expected: "an animation of at most \(maximumPixels) px over all its frames (this one is "
                                 + "\(frames) frames of \(w) x \(h) px, \(frames * w * h) px, at fps \(fps), "
                                 + "loop \(animation.loops ? 1 : 0), \(causes)): "
                                 + PictureSize.either(remedies + smaller))
    }
}
