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

    /// One frame to draw: the spec and pose to render, and how long it is shown.
    public struct Frame: Sendable, Equatable {
        public var spec: ToggleSpec
        public var pose: TogglePose
        public var delay: Duration
        /// True for the two rest poses (first and last frame), which are the still pictures.
        public var isRest: Bool
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

    /// `frames`, with both symbols in every pose when `keepsHiddenSymbols` (for an animated SVG,
    /// whose elements must be the same in every frame).
    public func frames(keepsHiddenSymbols: Bool) -> [Frame] {
        let t = transition
        let step = Duration(numerator: 1, denominator: t.motion.framesPerSecond)
        let n = t.lastFrameIndex
        var frames: [Frame] = (0...n).map { i in
            Frame(spec: t.spec, pose: t.pose(ofFrame: i, keepsHiddenSymbols: keepsHiddenSymbols), delay: step,
                  isRest: i == 0 || i == n)
        }
        guard loops else { return frames }
        frames[0].delay = Self.hold
        frames[n].delay = Self.hold
        let back = ToggleTransition(spec: t.fromSpec, from: t.spec.state, motion: t.motion)
        let m = back.lastFrameIndex
        if m >= 2 {
            for i in 1..<m {
                frames.append(Frame(spec: back.spec, pose: back.pose(ofFrame: i, keepsHiddenSymbols: keepsHiddenSymbols),
                                    delay: step, isRest: false))
            }
        }
        return frames
    }

    /// Canvas size, px (the still picture's).
    public var canvasSize: (width: Int, height: Int) {
        let layout = ToggleLayout(spec: transition.spec)
        return (layout.canvasWidth, layout.canvasHeight)
    }

    /// Human-readable summary for the Description chunk, e.g.
    /// "Switch, animated from off to on, symbol checkmark, tint green, spring".
    public var accessibilityDescription: String {
        var parts = ["Switch", "animated from \(transition.from.rawValue) to \(transition.spec.state.rawValue)"]
        parts.append(contentsOf: transition.spec.accessibilityDescription.split(separator: ", ").dropFirst(2).map(String.init))
        parts.append(transition.motion.curve == .spring ? "spring" : "reduced motion")
        if loops { parts.append("looping") }
        return parts.joined(separator: ", ")
    }
}
