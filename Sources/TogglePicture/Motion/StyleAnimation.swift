/// How a style changes from one state to another: SwiftUI's `.animation(_:value:)` on its body
/// (the timing curve every animatable value follows) and how the symbol's content changes
/// (its `contentTransition`). Each style names its own (`ToggleStyle.animation`); whether the
/// body slides a knob or crossfades is the style's kind (`KnobToggleStyle` or not).
public struct StyleAnimation: Sendable, Equatable {
    /// How one symbol gives way to the next.
    public enum SymbolEffect: Sendable, Equatable {
        /// `.contentTransition(.symbolEffect(.replace))`: the outgoing symbol shrinks to 0.5 and
        /// fades out over the first half of `duration` s, the incoming one grows from 0.5 and
        /// fades in over the second half (docs/design-facts.md section 2, Animation), linear in time.
        case replace(duration: Double)
        /// `.contentTransition(.opacity)`: outgoing opacity 1 - e(t), incoming e(t), on the
        /// animation's own curve (clamped to 0...1), both at scale 1.
        case crossfade
    }

    /// The timing curve of every value that moves (knob, track colour, opacity).
    public var curve: TimingCurve
    public var symbolEffect: SymbolEffect

    public init(curve: TimingCurve, symbolEffect: SymbolEffect) {
        self.curve = curve
        self.symbolEffect = symbolEffect
    }

    /// The icon switch's (seed 000): `.spring(duration: 0.35, bounce: 0.35)` with the symbol's
    /// replace effect over 0.35 s, the spring's duration (each half 0.175 s).
    public static let iconSwitch = StyleAnimation(curve: .spring(.toggle), symbolEffect: .replace(duration: 0.35))

    /// Reduce Motion, every style: seed 000's `.easeInOut(duration: 0.15)` with a plain
    /// crossfade of the symbols (a knob still slides, without bouncing: iOS keeps a switch's
    /// own small motion under Reduce Motion; a crossfading style crossfades on this curve).
    public static let reduceMotion = StyleAnimation(curve: .bezier(.reduceMotion), symbolEffect: .crossfade)

    /// SwiftUI's default: a body that changes between states without an animation of its own
    /// crossfades (the default `.opacity` transition) on SwiftUI's default animation,
    /// `SpringCurve.swiftUIDefault` (`.spring(response: 0.55, dampingFraction: 1)` since iOS 17,
    /// Apple's documentation of `Animation.default`).
    public static let swiftUIDefault = StyleAnimation(curve: .spring(.swiftUIDefault), symbolEffect: .crossfade)

    /// Progress of the moving values at `t` s (a spring overshoots 1).
    public func progress(at t: Double) -> Double {
        curve.progress(at: t)
    }

    /// Progress of colours and opacities: `progress(at:)` clamped to 0...1 (a colour cannot overshoot).
    public func clampedProgress(at t: Double) -> Double {
        min(max(progress(at: t), 0), 1)
    }

    /// When the symbol effect is over, s (0 for a crossfade, which ends with the curve).
    public var symbolEffectDuration: Double {
        if case .replace(let duration) = symbolEffect { return duration }
        return 0
    }

    /// The outgoing and incoming symbols' scale and opacity at `t` s (see `SymbolEffect`).
    public func symbolAppearance(at t: Double) -> (outgoing: SymbolAppearance, incoming: SymbolAppearance) {
        switch symbolEffect {
        case .crossfade:
            let e = clampedProgress(at: t)
            return (SymbolAppearance(scale: 1, opacity: 1 - e), SymbolAppearance(scale: 1, opacity: e))
        case .replace(let duration):
            let half = duration / 2
            let out = min(max(t / half, 0), 1)
            let inc = min(max((t - half) / half, 0), 1)
            return (SymbolAppearance(scale: 1 - 0.5 * out, opacity: 1 - out),
                    SymbolAppearance(scale: 0.5 + 0.5 * inc, opacity: inc))
        }
    }

    /// Index of the last of the samples i / `framesPerSecond`: the curve's end for something
    /// moving by `amplitude` with `tolerance` (`TimingCurve.lastFrameIndex`), and not before the
    /// symbol effect is over. At least 1, so an animation always has two frames.
    public func lastFrameIndex(amplitude: Double, tolerance: Double, framesPerSecond: Int) -> Int {
        let curveEnd = curve.lastFrameIndex(amplitude: amplitude, tolerance: tolerance, framesPerSecond: framesPerSecond)
        let symbolEnd = Int((symbolEffectDuration * Double(framesPerSecond) - 1e-9).rounded(.up))
        return max(curveEnd, symbolEnd, 1)
    }
}
