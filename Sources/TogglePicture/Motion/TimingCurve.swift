/// A SwiftUI `Animation`'s timing: progress from 0 at t = 0 towards 1 at rest, as a function of
/// seconds. One of the three kinds the styles use (docs/design-facts.md sections 2 and 11).
public enum TimingCurve: Sendable, Equatable {
    /// `.spring(duration:bounce:)`; may overshoot 1 (bounce > 0) and only approaches 1.
    case spring(SpringCurve)
    /// A CSS / Core Animation cubic Bezier (`.easeInOut(duration:)` and friends); 1 from its duration on.
    case bezier(CubicBezierCurve)
    /// `.linear(duration:)`: t / duration, clamped to 0...1.
    case linear(duration: Double)

    /// Progress at `t` s: 0 before the start; 1 at rest (a spring overshoots on the way).
    public func progress(at t: Double) -> Double {
        switch self {
        case .spring(let spring): return spring.progress(at: t)
        case .bezier(let bezier): return bezier.progress(at: t)
        case .linear(let duration): return min(max(t / duration, 0), 1)
        }
    }

    /// Index of the first of the samples i / `framesPerSecond` (i >= 1) from which a quantity
    /// moving by `amplitude` along this curve stays within `tolerance` of rest for good.
    ///
    /// Bezier and linear: the first sample at or after the duration, where the curve is 1
    /// exactly. Spring: found by stepping forward until the spring's envelope guarantees it,
    /// then back while the sample before is already within the tolerance.
    public func lastFrameIndex(amplitude: Double, tolerance: Double, framesPerSecond: Int) -> Int {
        let fps = Double(framesPerSecond)
        func time(_ i: Int) -> Double { Double(i) / fps }
        switch self {
        case .bezier(let bezier):
            return max(1, Int((bezier.duration * fps - 1e-9).rounded(.up)))
        case .linear(let duration):
            return max(1, Int((duration * fps - 1e-9).rounded(.up)))
        case .spring(let spring):
            let distance = abs(amplitude)
            var index = 1
            while distance * spring.deviationBound(at: time(index)) >= tolerance {
                index += 1
            }
            while index > 1, distance * abs(1 - spring.progress(at: time(index - 1))) < tolerance {
                index -= 1
            }
            return index
        }
    }
}
