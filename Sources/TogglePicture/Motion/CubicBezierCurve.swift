/// A CSS / Core Animation timing function: the cubic Bezier from (0,0) to (1,1) with control
/// points (x1,y1) and (x2,y2), over `duration` seconds. Progress at time t is y(s) where s solves
/// x(s) = t / duration (CSS Easing Functions Level 1, section 3.2 "cubic Bezier easing functions").
public struct CubicBezierCurve: Sendable, Equatable {
    public let x1: Double, y1: Double, x2: Double, y2: Double
    /// Seconds from 0 to 1.
    public let duration: Double

    /// SwiftUI's `.easeInOut(duration: 0.15)`, the seed's Reduce Motion animation: control points
    /// (0.42, 0) and (0.58, 1), CSS `ease-in-out` (CSS Easing Functions Level 1, and Core
    /// Animation's `kCAMediaTimingFunctionEaseInEaseOut`).
    public static let reduceMotion = CubicBezierCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1, duration: 0.15)

    public init(x1: Double, y1: Double, x2: Double, y2: Double, duration: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2) && duration > 0)
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        self.duration = duration
    }

    /// Progress at `t` seconds: 0 before the start, 1 from `duration` on.
    public func progress(at t: Double) -> Double {
        let x = t / duration
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return Self.bezier(parameter(forX: x), y1, y2)
    }

    /// The Bezier parameter s in 0...1 with x(s) = x: Newton's method from s = x, falling back to
    /// bisection (x(s) is monotonic because 0 <= x1, x2 <= 1), to 1e-12.
    func parameter(forX x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let error = Self.bezier(s, x1, x2) - x
            if abs(error) < 1e-12 { return s }
            let slope = Self.derivative(s, x1, x2)
            if abs(slope) < 1e-9 { break }
            s -= error / slope
            if s < 0 || s > 1 { break }
        }
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<60 {
            if Self.bezier(s, x1, x2) < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    /// One coordinate of the Bezier with end points 0 and 1: 3(1-s)^2 s a + 3(1-s) s^2 b + s^3.
    static func bezier(_ s: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
    }

    /// d/ds of `bezier`.
    static func derivative(_ s: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * a + 6 * u * s * (b - a) + 3 * s * s * (1 - b)
    }
}
