import Foundation

/// Which animation to play (the style's own or Reduce Motion's) and how often to sample it
/// (`motion=`, `fps=`). The curves themselves belong to the styles (`ToggleStyle.animation`,
/// `StyleAnimation`); the icon switch's, seed 000's, is the default's reference here.
///
/// Source: the seed's `withAnimation` calls (docs/design-facts.md section 2): the knob slides with
/// `.spring(duration: 0.35, bounce: 0.35)`; with Reduce Motion with `.easeInOut(duration: 0.15)`.
public struct ToggleMotion: Sendable, Equatable {
    /// Which of the two animations.
    public enum Curve: String, Sendable, CaseIterable {
        /// The style's own animation (`motion=spring`, the default; named after the icon
        /// switch's `.spring(duration: 0.35, bounce: 0.35)`).
        case spring
        /// Reduce Motion: `.easeInOut(duration: 0.15)` with a plain crossfade, every style.
        case reduce
    }

    /// Frames per second accepted by `fps=`.
    public static let framesPerSecondRange = 10...60
    /// Default frames per second: 60, the display rate SwiftUI animates at on most devices.
    public static let defaultFramesPerSecond = 60
    /// The end condition: the animation ends once the knob is within this many px of rest
    /// (docs/design-facts.md section 2, Animation), at the picture's scale.
    public static let restTolerance = 0.01
    /// The end condition of a crossfade: the opacity within half an 8-bit step (0.5 / 255) of
    /// its end, so no channel of any colour would still round differently.
    public static let opacityTolerance = 0.5 / 255

    public var curve: Curve
    /// Samples per second, in `framesPerSecondRange`.
    public var framesPerSecond: Int

    public init(curve: Curve = .spring, framesPerSecond: Int = ToggleMotion.defaultFramesPerSecond) {
        precondition(Self.framesPerSecondRange.contains(framesPerSecond))
        self.curve = curve
        self.framesPerSecond = framesPerSecond
    }

    /// The animation `style` plays under this motion: its own (`ToggleStyle.animation`), or
    /// `StyleAnimation.reduceMotion` for Reduce Motion.
    public func animation(for style: any ToggleStyle) -> StyleAnimation {
        curve == .reduce ? .reduceMotion : style.animation
    }

    /// The icon switch's animation under this motion.
    var iconSwitchAnimation: StyleAnimation { curve == .reduce ? .reduceMotion : .iconSwitch }

    /// The icon switch knob's progress at `t` s: 0 at the start, 1 at rest; the spring overshoots 1.
    public func progress(at t: Double) -> Double {
        iconSwitchAnimation.progress(at: t)
    }

    /// The time of sample `index`, s: index / framesPerSecond.
    public func time(ofFrame index: Int) -> Double {
        Double(index) / Double(framesPerSecond)
    }

    /// Index of the icon switch's last sample for a knob that travels `travel` px: the first
    /// sample from which the knob stays within `restTolerance` px of rest, and not before the
    /// symbol's replace effect (0.35 s) is over; Reduce Motion: the first sample at or after
    /// 0.15 s. See `StyleAnimation.lastFrameIndex`.
    public func lastFrameIndex(travel: Double) -> Int {
        iconSwitchAnimation.lastFrameIndex(amplitude: travel, tolerance: Self.restTolerance,
                                           framesPerSecond: framesPerSecond)
    }

    /// The icon switch's outgoing and incoming symbols at `t` s: the replace effect, or with
    /// Reduce Motion a crossfade on the ease-in-out curve (`StyleAnimation.symbolAppearance`).
    public func symbolAppearance(at t: Double) -> (outgoing: SymbolAppearance, incoming: SymbolAppearance) {
        iconSwitchAnimation.symbolAppearance(at: t)
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
