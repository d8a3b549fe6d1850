import Scene

/// A style with a knob that slides along a track (iconSwitch, switch, tutorial): it lays out a
/// `TogglePose` (knob position, track colour, symbols), so an animation frame is the pose at
/// time t, each value following the style's `animation` (docs/design-facts.md sections 2 and 11).
public protocol KnobToggleStyle: ToggleStyle {
    /// The still picture's pose of `spec`: knob at rest for its state, its track colour, its symbol.
    func restPose(_ spec: ToggleSpec) -> TogglePose
    /// The picture of `spec` in `pose`, laid out in px, the still's canvas size.
    /// - Throws: as `makeBody(_:)`.
    func makeBody(_ spec: ToggleSpec, pose: TogglePose) throws(ToggleRenderError) -> Scene
}

extension KnobToggleStyle {
    /// The still: `makeBody(spec, pose: restPose(spec))`.
    public func makeBody(_ spec: ToggleSpec) throws(ToggleRenderError) -> Scene {
        try makeBody(spec, pose: restPose(spec))
    }

    /// The knob's travel in px within `ToggleMotion.restTolerance`.
    public func restCondition(_ transition: ToggleTransition) -> (amplitude: Double, tolerance: Double) {
        (restPose(transition.spec).knobCenterX - restPose(transition.fromSpec).knobCenterX, ToggleMotion.restTolerance)
    }

    /// The pose of frame `index` (`ToggleTransition.pose(ofFrame:)`) laid out by `makeBody(_:pose:)`.
    public func makeBody(_ transition: ToggleTransition, frame index: Int,
                         keepsHiddenLayers: Bool) throws(ToggleRenderError) -> Scene {
        try makeBody(transition.spec, pose: transition.pose(ofFrame: index, keepsHiddenSymbols: keepsHiddenLayers))
    }
}
