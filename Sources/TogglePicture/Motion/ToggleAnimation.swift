import Scene

/// An animated picture: a transition, played once or flipping back and forth forever.
public struct ToggleAnimation: Sendable, Equatable {
    public var transition: ToggleTransition
    /// Flip back and forth forever with a `hold` in each state (`loop=1`); false plays once.
    public var loops: Bool

    /// How long a looping animation rests in each state: 1 s (docs/design-facts.md section 2, Animation).
    public static let hold = Duration(numerator: 1, denominator: 1)

    /// A frame's display time, `numerator / denominator` s, kept as a fraction so 1/60 s stays
    /// exact (APNG `fcTL` stores delays this way).
    public struct Duration: Sendable, Equatable {
        public var numerator: Int
        public var denominator: Int
        public var seconds: Double { Double(numerator) / Double(denominator) }
    }

    public init(transition: ToggleTransition, loops: Bool = false) {
        self.transition = transition
        self.loops = loops
    }

    /// One frame to draw: frame `index` of `transition` (the forward one, or the way back of a
    /// loop), and how long it is shown.
    public struct Frame: Sendable, Equatable {
        public var transition: ToggleTransition
        public var index: Int
        /// Every frame with the same operations (`ToggleStyle.makeBody(_:frame:keepsHiddenLayers:)`).
        public var keepsHiddenLayers: Bool
        public var delay: Duration
        /// True for the two rest poses (first and last frame), which are the still pictures.
        public var isRest: Bool

        /// The spec the frame's transition ends in.
        public var spec: ToggleSpec { transition.spec }

        /// The frame laid out in px.
        /// - Throws: `ToggleRenderError` for a symbol that cannot be drawn.
        public func scene() throws(ToggleRenderError) -> Scene {
            try transition.scene(ofFrame: index, keepsHiddenLayers: keepsHiddenLayers)
        }

        /// `scene()`, a crossfading style's two bodies taken from `bodies` (made there the first
        /// time a transition needs them): the same scene.
        /// - Throws: `ToggleRenderError` for a symbol that cannot be drawn.
        public func scene(bodies: CrossfadeBodies) throws(ToggleRenderError) -> Scene {
            let style = transition.style
            guard !(style is any KnobToggleStyle) else { return try scene() }
            let (from, to) = try bodies.bodies(of: transition)
            return style.crossfade(transition, frame: index, keepsHiddenLayers: keepsHiddenLayers, from: from, to: to)
        }
    }

    /// The frames in display order.
    ///
    /// Once: frames 0 ... N of the transition at 1/fps each (N = `lastFrameIndex`), so the delays
    /// add up to the motion's duration plus one frame; frame 0 is the `from` still, frame N the
    /// still of `spec`.
    /// Looping (`acTL` num_plays 0): the forward frames 0 ... N, then the reverse transition's
    /// frames 1 ... N-1; its frame N would repeat frame 0, which the loop shows next anyway. Frame 0
    /// and frame N carry the 1 s hold, so each half (1 ... N forward, then 1 ... N-1 back plus
    /// frame 0) ends on a 1 s rest in its state.
    public var frames: [Frame] { frames(keepsHiddenSymbols: false) }

    /// `frames`, with every layer (both symbols, both bodies of a crossfade) in every frame when
    /// `keepsHiddenSymbols` (for an animated SVG, whose elements must be the same in every frame).
    public func frames(keepsHiddenSymbols: Bool) -> [Frame] {
        let t = transition
        let step = Duration(numerator: 1, denominator: t.motion.framesPerSecond)
        let n = t.lastFrameIndex
        var frames: [Frame] = (0...n).map { i in
            Frame(transition: t, index: i, keepsHiddenLayers: keepsHiddenSymbols, delay: step, isRest: i == 0 || i == n)
        }
        guard loops else { return frames }
        frames[0].delay = Self.hold
        frames[n].delay = Self.hold
        let back = ToggleTransition(spec: t.fromSpec, from: t.spec.state, motion: t.motion)
        let m = back.lastFrameIndex
        if m >= 2 {
            for i in 1..<m {
                frames.append(Frame(transition: back, index: i, keepsHiddenLayers: keepsHiddenSymbols,
                                    delay: step, isRest: false))
            }
        }
        return frames
    }

    /// Canvas size, px: the last frame's, which is the still picture's (for a crossfade
    /// between bodies of different sizes, the larger in each direction, `Crossfade`).
    /// - Throws: `ToggleRenderError` for a symbol that cannot be drawn.
    public func canvasSize() throws(ToggleRenderError) -> (width: Int, height: Int) {
        let scene = try transition.scene(ofFrame: transition.lastFrameIndex)
        return (scene.width, scene.height)
    }

    /// Human-readable summary for the Description chunk: the still's words (the SVG's
    /// `aria-label`, `ToggleScene.accessibilityText`), the transition, the still's details, e.g.
    /// "Switch, on, animated from off to on, symbol checkmark, tint green, spring" or "Bold,
    /// toggle button, on, animated from off to on, style button, tint green, crossfade" (the last
    /// word the kind of animation: spring, linear, crossfade or reduced motion).
    public var accessibilityDescription: String {
        let words = ToggleScene.accessibilityText(transition.spec)
        var parts = [words, "animated from \(transition.from.rawValue) to \(transition.spec.state.rawValue)"]
        let still = transition.spec.accessibilityDescription
        if still.hasPrefix(words + ", ") { parts.append(String(still.dropFirst(words.count + 2))) }
        if transition.motion.curve == .reduce {
            parts.append("reduced motion")
        } else if !(transition.style is any KnobToggleStyle) {
            parts.append("crossfade")
        } else if case .linear = transition.animation.curve {
            parts.append("linear")
        } else {
            parts.append("spring")
        }
        if loops { parts.append("looping") }
        return parts.joined(separator: ", ")
    }
}

/// The two states' bodies of a crossfading style's transitions, made once per animation (a
/// button's label is shaped for each body, not for each frame). Holds one entry per transition
/// (two for a loop); for one animation's frames on one thread.
public final class CrossfadeBodies {
    private var made: [(transition: ToggleTransition, from: Scene, to: Scene)] = []

    public init() {}

    /// `transition`'s `from` and `to` bodies (`ToggleStyle.makeBody(_:)` of its two specs).
    /// - Throws: `ToggleRenderError` for a symbol that cannot be drawn.
    func bodies(of transition: ToggleTransition) throws(ToggleRenderError) -> (from: Scene, to: Scene) {
        if let entry = made.first(where: { $0.transition == transition }) { return (entry.from, entry.to) }
        let style = transition.style
        let bodies = (from: try style.makeBody(transition.fromSpec), to: try style.makeBody(transition.spec))
        made.append((transition, bodies.from, bodies.to))
        return bodies
    }
}
