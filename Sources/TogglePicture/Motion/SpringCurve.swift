import Foundation

/// SwiftUI's `.spring(duration:bounce:)` as a damped harmonic oscillator of mass 1 released at
/// rest from 0 towards 1: the progress p(t), 0 at t = 0, settling at 1.
///
/// Source: docs/design-facts.md section 2 (Apple's documented mapping of `duration` and `bounce` to
/// stiffness and damping, WWDC23 "Animate with springs"): stiffness k = (2 pi / duration)^2,
/// damping c = 2 sqrt(k) (1 - bounce); so w0 = sqrt(k), zeta = c / (2 w0) = 1 - bounce and, for
/// bounce > 0 (under-damped), wd = w0 sqrt(1 - zeta^2) and
/// p(t) = 1 - e^(-zeta w0 t) (cos wd t + (zeta w0 / wd) sin wd t).
/// For the seed's `.spring(duration: 0.35, bounce: 0.35)`: k = 322.27, c = 23.34, w0 = 17.952 rad/s,
/// zeta = 0.65, wd = 13.642 rad/s, overshoot 6.8 % at t = pi / wd = 0.230 s.
/// With bounce 0 (critically damped, zeta = 1): p(t) = 1 - e^(-w0 t) (1 + w0 t), no overshoot.
public struct SpringCurve: Sendable, Equatable {
    /// Perceptual duration, s (SwiftUI's `duration`: the period of the undamped oscillation).
    public let duration: Double
    /// SwiftUI's `bounce`, 0 (critically damped) ..< 1. Over-damped springs (bounce < 0) are not modelled.
    public let bounce: Double

    /// The seed's knob spring: `.spring(duration: 0.35, bounce: 0.35)`.
    public static let toggle = SpringCurve(duration: 0.35, bounce: 0.35)

    /// SwiftUI's default animation (`Animation.default`, what `withAnimation` uses without an
    /// argument) since iOS 17: `spring(response: 0.55, dampingFraction: 1.0, blendDuration: 0)`
    /// (Apple's documentation of `Animation.default`, developer.apple.com/documentation/swiftui/animation/default;
    /// before iOS 17 it was `easeInOut`). Response is the duration and dampingFraction is
    /// 1 - bounce (WWDC23 "Animate with springs"), so this is `.spring(duration: 0.55, bounce: 0)`:
    /// critically damped, w0 = 2 pi / 0.55 = 11.424 rad/s.
    public static let swiftUIDefault = SpringCurve(duration: 0.55, bounce: 0)

    public init(duration: Double, bounce: Double) {
        precondition(duration > 0 && bounce >= 0 && bounce < 1, "under- or critically damped springs only")
        self.duration = duration
        self.bounce = bounce
    }

    /// Stiffness k, N/m for mass 1 kg: (2 pi / duration)^2.
    public var stiffness: Double { (2 * Double.pi / duration) * (2 * Double.pi / duration) }
    /// Damping c, N s/m: 2 sqrt(k) (1 - bounce).
    public var damping: Double { 2 * stiffness.squareRoot() * (1 - bounce) }
    /// Undamped angular frequency w0 = sqrt(k), rad/s.
    public var naturalFrequency: Double { stiffness.squareRoot() }
    /// Damping ratio zeta = c / (2 w0).
    public var dampingRatio: Double { damping / (2 * naturalFrequency) }
    /// Damped angular frequency wd = w0 sqrt(1 - zeta^2), rad/s.
    public var dampedFrequency: Double { naturalFrequency * (1 - dampingRatio * dampingRatio).squareRoot() }

    /// Progress at `t` seconds (t <= 0 gives 0). Exceeds 1 while overshooting.
    public func progress(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        let decay = dampingRatio * naturalFrequency
        if bounce == 0 { return 1 - exp(-decay * t) * (1 + decay * t) }
        let wd = dampedFrequency
        return 1 - exp(-decay * t) * (cos(wd * t) + decay / wd * sin(wd * t))
    }

    /// An upper bound of |1 - p(t)| for t >= 0: the envelope e^(-zeta w0 t) sqrt(1 + (zeta w0 / wd)^2)
    /// (amplitude of `cos + a sin`); critically damped, 1 - p(t) itself, which only decreases.
    public func deviationBound(at t: Double) -> Double {
        let decay = dampingRatio * naturalFrequency
        if bounce == 0 { return 1 - progress(at: max(t, 0)) }
        let ratio = decay / dampedFrequency
        return exp(-decay * max(t, 0)) * (1 + ratio * ratio).squareRoot()
    }
}
