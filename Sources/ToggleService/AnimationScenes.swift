import ImageWriters
import Scene
import TogglePicture

extension ToggleAnimation {
    /// The frames to draw for `format` on a `width` x `height` px canvas, each laid out by
    /// `scene` (a toggle's own scene, or a row around it): for an SVG every layer in every frame
    /// (`frames(keepsHiddenSymbols:)`) and, unless the animation already is Reduce Motion's, the
    /// same transition under Reduce Motion for `prefers-reduced-motion: reduce`. The raster
    /// backend's caches serve the rest poses, or every frame when `cachesEveryFrame`.
    /// - Throws: what `scene` throws.
    func sceneAnimation(for format: ImageFormat, width: Int, height: Int, cachesEveryFrame: Bool = false,
                        scene: (Frame) throws(ToggleRenderError) -> Scene) throws(ToggleRenderError) -> SceneAnimation {
        func frames(_ animation: ToggleAnimation) throws(ToggleRenderError) -> [SceneAnimation.Frame] {
            var frames: [SceneAnimation.Frame] = []
            for frame in animation.frames(keepsHiddenSymbols: format == .svg) {
                let delay = FrameDelay(numerator: UInt16(frame.delay.numerator), denominator: UInt16(frame.delay.denominator))
                frames.append(.init(scene: try scene(frame), delay: delay, usesCaches: cachesEveryFrame || frame.isRest,
                                    isRest: frame.isRest))
            }
            return frames
        }
        var reduced: [SceneAnimation.Frame]?
        if format == .svg, transition.motion.curve != .reduce {
            var r = self
            var motion = r.transition.motion
            motion.curve = .reduce
            r.transition = ToggleTransition(spec: r.transition.spec, from: r.transition.from, motion: motion)
            reduced = try frames(r)
        }
        return SceneAnimation(width: width, height: height, frames: try frames(self), loops: loops, reducedMotion: reduced)
    }
}
