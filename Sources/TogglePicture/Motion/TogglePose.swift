import Scene

/// The moving parts of a knob style (`KnobToggleStyle`) at one instant, in device px: where the
/// knob is, the track's colour and the symbols in the knob. A still picture is its spec's rest
/// pose; an animation frame is a `ToggleTransition`'s pose at time t. Everything else (canvas,
/// track shape, shadow, padding, background, disabled opacity) comes from the spec.
public struct TogglePose: Sendable, Equatable {
    /// One symbol in the knob: its name, colour, scale about the knob's centre (1 = still size)
    /// and opacity 0...1 (before the disabled factor).
    public struct Symbol: Sendable, Equatable {
        public var name: String
        public var color: RGBAColor
        public var scale: Double
        public var opacity: Double
    }

    /// Knob centre, px from the canvas's left edge.
    public var knobCenterX: Double
    /// Track fill colour.
    public var trackColor: RGBAColor
    /// Symbols drawn over the knob, in order (outgoing before incoming); opacity 0 ones left out.
    public var symbols: [Symbol]

    /// The still picture's pose in `spec`'s style (`KnobToggleStyle.restPose`); for a style
    /// without a knob, the icon switch's.
    public init(rest spec: ToggleSpec) {
        let style = ToggleStyles.style(of: spec) as? any KnobToggleStyle ?? IconSwitchToggleStyle()
        self = style.restPose(spec)
    }

    public init(knobCenterX: Double, trackColor: RGBAColor, symbols: [Symbol]) {
        self.knobCenterX = knobCenterX
        self.trackColor = trackColor
        self.symbols = symbols
    }
}

/// A toggle moving into `spec.state` from another state, in `spec`'s style: the one layout
/// function of time the animated formats sample (docs/design-facts.md section 2, Animation).
/// The style says how it animates (`ToggleStyle.animation`, `makeBody(_:frame:keepsHiddenLayers:)`).
/// Pure: equal transitions give equal frames.
public struct ToggleTransition: Sendable, Equatable {
    /// The picture at rest at the end (its state is the target).
    public let spec: ToggleSpec
    /// The state at the start; differs from `spec.state`.
    public let from: ToggleState
    public let motion: ToggleMotion

    /// - Precondition: `from != spec.state` (the query layer turns that into a 400).
    public init(spec: ToggleSpec, from: ToggleState, motion: ToggleMotion) {
        precondition(from != spec.state, "a transition needs two different states")
        self.spec = spec
        self.from = from
        self.motion = motion
    }

    /// The spec of the still picture at the start: the same spec in the `from` state.
    public var fromSpec: ToggleSpec {
        var s = spec
        s.state = from
        return s
    }

    /// The style of `spec`.
    public var style: any ToggleStyle { ToggleStyles.style(of: spec) }

    /// The animation played: the style's own, or Reduce Motion's (`ToggleMotion.animation(for:)`).
    public var animation: StyleAnimation { motion.animation(for: style) }

    /// Knob travel, px (signed: negative when the knob moves left); 0 for a style without a knob.
    public var travel: Double {
        guard let knob = style as? any KnobToggleStyle else { return 0 }
        return knob.restPose(spec).knobCenterX - knob.restPose(fromSpec).knobCenterX
    }

    /// Index of the last frame (frames are 0 ... lastFrameIndex at 1/fps apart): the style's
    /// end condition (`ToggleStyle.restCondition`) on its animation's curve.
    public var lastFrameIndex: Int {
        let (amplitude, tolerance) = style.restCondition(self)
        return animation.lastFrameIndex(amplitude: amplitude, tolerance: tolerance,
                                        framesPerSecond: motion.framesPerSecond)
    }

    /// Whether the `from` state comes before `spec.state` in `ToggleState.allCases` (off, on,
    /// mixed): layers of the two states are stacked in that order whichever is outgoing, so a
    /// transition and its reverse draw them in the same order.
    public var fromIsBelow: Bool {
        let order = ToggleState.allCases
        return order.firstIndex(of: from)! < order.firstIndex(of: spec.state)!
    }

    /// The picture of frame `index`, in the style's way (`ToggleStyle.makeBody(_:frame:keepsHiddenLayers:)`).
    /// - Throws: `ToggleRenderError` for a symbol that cannot be drawn.
    public func scene(ofFrame index: Int, keepsHiddenLayers: Bool = false) throws(ToggleRenderError) -> Scene {
        try style.makeBody(self, frame: index, keepsHiddenLayers: keepsHiddenLayers)
    }

    /// The pose at `t` s after the start. At t = 0 it is the `from` still's pose.
    ///
    /// The two symbols are listed in the order of their states in `ToggleState.allCases` (off,
    /// on, mixed) whichever is outgoing, so a transition and its reverse draw them in the same
    /// order. A symbol at opacity 0 is left out, unless `keepsHiddenSymbols` (then every pose
    /// has both, which an animated SVG needs: one element per symbol, fading in and out).
    public func pose(at t: Double, keepsHiddenSymbols: Bool = false) -> TogglePose {
        let start = TogglePose(rest: fromSpec), end = TogglePose(rest: spec)
        let animation = self.animation
        let p = animation.progress(at: t)
        let x = p == 0 ? start.knobCenterX : start.knobCenterX + (end.knobCenterX - start.knobCenterX) * p
        let track = RGBAColor.interpolatedPremultiplied(from: start.trackColor, to: end.trackColor,
                                                        fraction: animation.clampedProgress(at: t))
        let (outgoing, incoming) = animation.symbolAppearance(at: t)
        var pairs = zip(start.symbols, [outgoing]).map { ($0, $1) } + zip(end.symbols, [incoming]).map { ($0, $1) }
        if !fromIsBelow { pairs.reverse() }
        var symbols: [TogglePose.Symbol] = []
        for (symbol, look) in pairs where look.opacity > 0 || keepsHiddenSymbols {
            symbols.append(.init(name: symbol.name, color: symbol.color, scale: look.scale, opacity: look.opacity))
        }
        return TogglePose(knobCenterX: x, trackColor: track, symbols: symbols)
    }

    /// The pose of frame `index`: `pose(at: index / fps)`, except that the last frame has the
    /// knob and track of the rest pose itself (the knob is within `ToggleMotion.restTolerance`
    /// px of it by then), so it draws the very pixels of the still picture.
    public func pose(ofFrame index: Int, keepsHiddenSymbols: Bool = false) -> TogglePose {
        guard index >= lastFrameIndex else {
            return pose(at: motion.time(ofFrame: index), keepsHiddenSymbols: keepsHiddenSymbols)
        }
        guard keepsHiddenSymbols else { return TogglePose(rest: spec) }
        var rest = pose(at: max(motion.time(ofFrame: index), animation.symbolEffectDuration), keepsHiddenSymbols: true)
        let still = TogglePose(rest: spec)
        rest.knobCenterX = still.knobCenterX
        rest.trackColor = still.trackColor
        return rest
    }
}
