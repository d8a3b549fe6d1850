import Foundation

/// How the switch moves from one state to another, and when it has arrived: the knob's curve, the
/// symbol's effect, and the sampling of both at `framesPerSecond`.
///
/// Source: the seed's `withAnimation` calls (docs/design-facts.md section 2): the knob slides with
/// `.spring(duration: 0.35, bounce: 0.35)`; with Reduce Motion with `.easeInOut(duration: 0.15)`.
public struct ToggleMotion: Sendable, Equatable {
    /// Which of the seed's two animations.
    public enum Curve: String, Sendable, CaseIterable {
        /// `.spring(duration: 0.35, bounce: 0.35)` with the symbol's replace effect.
        case spring
        /// Reduce Motion: `.easeInOut(duration: 0.15)` with a plain crossfade of the symbols.
        case reduce
    }

    /// Frames per second accepted by `fps=`.
    public static let framesPerSecondRange = 10...60
    /// Default frames per second: 60, the display rate SwiftUI animates at on most devices.
    public static let defaultFramesPerSecond = 60
    /// The end condition: the animation ends once the knob is within this many px of rest
    /// (docs/design-facts.md section 2, Animation), at the picture's scale.
    public static let restTolerance = 0.01
    /// Length of the symbol's replace effect, s: the spring's duration (each half 0.175 s).
    public static let replaceDuration = 0.35

    public var curve: Curve
    /// Samples per second, in `framesPerSecondRange`.
    public var framesPerSecond: Int

    public init(curve: Curve = .spring, framesPerSecond: Int = ToggleMotion.defaultFramesPerSecond) {
        precondition(Self.framesPerSecondRange.contains(framesPerSecond))
        self.curve = curve
        self.framesPerSecond = framesPerSecond
    }

    /// The knob's progress at `t` s: 0 at the start, 1 at rest; the spring overshoots 1.
    public func progress(at t: Double) -> Double {
        switch curve {
        case .spring: return SpringCurve.toggle.progress(at: t)
        case .reduce: return CubicBezierCurve.reduceMotion.progress(at: t)
        }
    }

    /// The track colour's progress: `progress(at:)` clamped to 0...1 (a colour cannot overshoot).
    public func colorProgress(at t: Double) -> Double {
        min(max(progress(at: t), 0), 1)
    }

    /// The time of sample `index`, s: index / framesPerSecond.
    public func time(ofFrame index: Int) -> Double {
        Double(index) / Double(framesPerSecond)
    }

    /// Index of the last sample, the one drawn at rest, for a knob that travels `travel` px.
    /// Samples are taken at i / fps for i = 0 ... lastFrameIndex.
    ///
    /// Spring: the first sample from which every later sample has the knob within `restTolerance`
    /// px of rest (found by stepping back from the first sample where the spring's envelope
    /// guarantees it), and not before the symbol's replace effect (0.35 s) has finished.
    /// Reduce Motion: the first sample at or after 0.15 s, where the curve reaches 1 exactly.
    /// At least 1, so an animation always has two frames.
    public func lastFrameIndex(travel: Double) -> Int {
        let fps = Double(framesPerSecond)
        switch curve {
        case .reduce:
            return max(1, Int((CubicBezierCurve.reduceMotion.duration * fps - 1e-9).rounded(.up)))
        case .spring:
            let spring = SpringCurve.toggle
            let distance = abs(travel)
            var index = 1
            while distance * spring.deviationBound(at: time(ofFrame: index)) >= Self.restTolerance {
                index += 1
            }
            while index > 1, distance * abs(1 - spring.progress(at: time(ofFrame: index - 1))) < Self.restTolerance {
                index -= 1
            }
            let symbolEnd = Int((Self.replaceDuration * fps - 1e-9).rounded(.up))
            return max(index, symbolEnd, 1)
        }
    }

    /// The outgoing and incoming symbols' scale and opacity at `t` s.
    ///
    /// Spring (the replace effect, docs/design-facts.md section 2, Animation): over the first half of 0.35 s the
    /// outgoing symbol shrinks from 1 to 0.5 and fades from 1 to 0; over the second half the
    /// incoming one grows from 0.5 to 1 and fades in from 0 to 1. Both linear in time: the design
    /// gives the end points and the halves, not an easing, and linear keeps the effect a pure
    /// function the tests can state. Reduce Motion: a plain crossfade on the Reduce Motion curve
    /// (outgoing opacity 1 - e(t), incoming e(t), e = ease-in-out over 0.15 s), both at scale 1.
    public func symbolAppearance(at t: Double) -> (outgoing: SymbolAppearance, incoming: SymbolAppearance) {
        switch curve {
        case .reduce:
            let e = CubicBezierCurve.reduceMotion.progress(at: t)
            return (SymbolAppearance(scale: 1, opacity: 1 - e), SymbolAppearance(scale: 1, opacity: e))
        case .spring:
            let half = Self.replaceDuration / 2
            let out = min(max(t / half, 0), 1)
            let inc = min(max((t - half) / half, 0), 1)
            return (SymbolAppearance(scale: 1 - 0.5 * out, opacity: 1 - out),
                    SymbolAppearance(scale: 0.5 + 0.5 * inc, opacity: inc))
        }
    }
}

/// How one symbol is drawn during a transition: its scale about the knob's centre (1 = the still
/// size) and its opacity, 0...1, applied on top of the layer's own opacity.
public struct SymbolAppearance: Sendable, Equatable {
    public var scale: Double
    public var opacity: Double
    public init(scale: Double, opacity: Double) {
        self.scale = scale
        self.opacity = opacity
    }
}
