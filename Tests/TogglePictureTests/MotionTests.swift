import XCTest
@testable import TogglePicture
import Scene

/// The motion curves against docs/design-facts.md section 2's numbers and against their defining equations.
final class MotionTests: XCTestCase {
    func testSpringConstantsAreDesignsNumbers() {
        let s = SpringCurve.toggle
        XCTAssertEqual(s.stiffness, 322.27, accuracy: 0.005)
        XCTAssertEqual(s.damping, 23.34, accuracy: 0.005)
        XCTAssertEqual(s.naturalFrequency, 17.952, accuracy: 0.0005)
        XCTAssertEqual(s.dampingRatio, 0.65, accuracy: 1e-12)
        XCTAssertEqual(s.dampedFrequency, 13.642, accuracy: 0.0005)
    }

    func testSpringOvershootsSixPointEightPercentAtPoint23Seconds() {
        let s = SpringCurve.toggle
        var peak = (t: 0.0, p: 0.0)
        for i in 0...100_000 {
            let t = Double(i) / 100_000
            let p = s.progress(at: t)
            if p > peak.p { peak = (t, p) }
        }
        XCTAssertEqual(peak.p, 1.068, accuracy: 0.0005)
        XCTAssertEqual(peak.t, 0.230, accuracy: 0.0005)
    }

    /// p(t) solves m p'' + c p' + k (p - 1) = 0 with p(0) = 0, p'(0) = 0 (checked by finite
    /// differences, not by the closed form).
    func testSpringSolvesItsEquationOfMotion() {
        let s = SpringCurve.toggle
        let h = 1e-5
        XCTAssertEqual(s.progress(at: 0), 0)
        XCTAssertEqual((s.progress(at: h) - s.progress(at: 0)) / h, 0, accuracy: 0.01)
        for t in stride(from: 0.01, through: 1.0, by: 0.01) {
            let p = s.progress(at: t)
            let v = (s.progress(at: t + h) - s.progress(at: t - h)) / (2 * h)
            let a = (s.progress(at: t + h) - 2 * p + s.progress(at: t - h)) / (h * h)
            XCTAssertEqual(a + s.damping * v + s.stiffness * (p - 1), 0, accuracy: 0.05, "t = \(t)")
            XCTAssertLessThanOrEqual(abs(1 - p), s.deviationBound(at: t) + 1e-12)
        }
    }

    /// SwiftUI's default animation since iOS 17, `spring(response: 0.55, dampingFraction: 1)`
    /// (Apple's documentation of `Animation.default`): k = (2 pi / 0.55)^2 = 130.507, c = 2 sqrt(k)
    /// = 22.848; it solves the same equation of motion and never overshoots.
    func testSwiftUIDefaultSpringIsCriticallyDamped() {
        let s = SpringCurve.swiftUIDefault
        XCTAssertEqual(s.stiffness, 130.507, accuracy: 0.0005)
        XCTAssertEqual(s.damping, 22.848, accuracy: 0.0005)
        XCTAssertEqual(s.dampingRatio, 1, accuracy: 1e-12)
        let h = 1e-5
        var last = 0.0
        for t in stride(from: 0.01, through: 1.5, by: 0.01) {
            let p = s.progress(at: t)
            let v = (s.progress(at: t + h) - s.progress(at: t - h)) / (2 * h)
            let a = (s.progress(at: t + h) - 2 * p + s.progress(at: t - h)) / (h * h)
            XCTAssertEqual(a + s.damping * v + s.stiffness * (p - 1), 0, accuracy: 0.05, "t = \(t)")
            XCTAssertGreaterThan(p, last)
            XCTAssertLessThan(p, 1)
            XCTAssertLessThanOrEqual(abs(1 - p), s.deviationBound(at: t) + 1e-12)
            last = p
        }
    }

    /// Seed 002's `.linear(duration: 0.15)`: t / 0.15, and its last sample at 60 fps is 9 (0.15 s).
    func testLinearCurve() {
        let c = TimingCurve.linear(duration: 0.15)
        XCTAssertEqual(c.progress(at: 0.05), 1.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(c.progress(at: -1), 0)
        XCTAssertEqual(c.progress(at: 0.2), 1)
        XCTAssertEqual(c.lastFrameIndex(amplitude: 44, tolerance: 0.01, framesPerSecond: 60), 9)
        XCTAssertEqual(c.lastFrameIndex(amplitude: 44, tolerance: 0.01, framesPerSecond: 24), 4)
    }

    /// Time fraction x(s) and progress y(s) straight from the Bezier's definition; the curve must
    /// invert x.
    func testEaseInOutInvertsTheBezier() {
        let c = CubicBezierCurve.reduceMotion
        func coord(_ s: Double, _ a: Double, _ b: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }
        for i in 0...200 {
            let s = Double(i) / 200
            let x = coord(s, 0.42, 0.58), y = coord(s, 0, 1)
            XCTAssertEqual(c.progress(at: x * 0.15), y, accuracy: 1e-9, "s = \(s)")
        }
        XCTAssertEqual(c.progress(at: 0.075), 0.5, accuracy: 1e-12, "ease-in-out is symmetric")
        XCTAssertEqual(c.progress(at: -1), 0)
        XCTAssertEqual(c.progress(at: 0.15), 1)
        XCTAssertEqual(c.progress(at: 9), 1)
    }

    func testEndCondition() {
        let spring = ToggleMotion()
        for travel in [25.0, 51.0, 102.0, -77.0] {
            let n = spring.lastFrameIndex(travel: travel)
            XCTAssertGreaterThanOrEqual(n, 21, "not before the 0.35 s symbol effect")
            for i in n...180 {
                XCTAssertLessThan(abs(travel) * abs(1 - spring.progress(at: Double(i) / 60)), 0.01,
                                  "travel \(travel), frame \(i)")
            }
            XCTAssertGreaterThanOrEqual(abs(travel) * abs(1 - spring.progress(at: Double(n - 1) / 60)), 0.01)
        }
        XCTAssertEqual(ToggleMotion(curve: .reduce).lastFrameIndex(travel: 51), 9)
        XCTAssertEqual(ToggleMotion(curve: .reduce, framesPerSecond: 10).lastFrameIndex(travel: 51), 2)
        XCTAssertEqual(ToggleMotion(curve: .reduce, framesPerSecond: 20).lastFrameIndex(travel: 51), 3)
    }

    func testReplaceEffectAndCrossfade() {
        let spring = ToggleMotion()
        let start = spring.symbolAppearance(at: 0)
        XCTAssertEqual(start.outgoing, SymbolAppearance(scale: 1, opacity: 1))
        XCTAssertEqual(start.incoming.opacity, 0)
        let quarter = spring.symbolAppearance(at: 0.0875)
        XCTAssertEqual(quarter.outgoing.scale, 0.75, accuracy: 1e-12)
        XCTAssertEqual(quarter.outgoing.opacity, 0.5, accuracy: 1e-12)
        XCTAssertEqual(quarter.incoming.opacity, 0)
        let half = spring.symbolAppearance(at: 0.175)
        XCTAssertEqual(half.outgoing.opacity, 0, accuracy: 1e-12)
        XCTAssertEqual(half.incoming.scale, 0.5, accuracy: 1e-12)
        let end = spring.symbolAppearance(at: 0.35)
        XCTAssertEqual(end.incoming, SymbolAppearance(scale: 1, opacity: 1))
        let reduce = ToggleMotion(curve: .reduce)
        let mid = reduce.symbolAppearance(at: 0.075)
        XCTAssertEqual(mid.outgoing, SymbolAppearance(scale: 1, opacity: 0.5))
        XCTAssertEqual(mid.incoming.opacity, 0.5, accuracy: 1e-12)
        XCTAssertEqual(reduce.symbolAppearance(at: 0.15).incoming, SymbolAppearance(scale: 1, opacity: 1))
    }

    func testTrackColourInterpolatesPremultiplied() {
        let green = RGBAColor(red: 52, green: 199, blue: 89)
        let mid = RGBAColor.interpolatedPremultiplied(from: .clear, to: green, fraction: 0.5)
        XCTAssertEqual(mid, RGBAColor(red: 52, green: 199, blue: 89, alpha: 0.5),
                       "a transparent end adds no colour (straight would give 26,100,45)")
        let off = StyleColors.offTrack(.light)
        XCTAssertEqual(RGBAColor.interpolatedPremultiplied(from: off, to: green, fraction: 0), off)
        XCTAssertEqual(RGBAColor.interpolatedPremultiplied(from: off, to: green, fraction: 1), green)
        XCTAssertEqual(RGBAColor.interpolatedPremultiplied(from: off, to: green, fraction: 1.07), green, "clamped")
        let quarter = RGBAColor.interpolatedPremultiplied(from: off, to: green, fraction: 0.25)
        XCTAssertEqual(quarter.alpha, 0.21 + 0.79 * 0.25, accuracy: 1e-12)
        // red: (60 x 0.21 x 0.75 + 52 x 0.25) / 0.4075 = 55.08
        XCTAssertEqual(quarter.red, 55)
    }

    func testTransitionStartsAndEndsOnTheStills() {
        var spec = ToggleSpec()
        spec.state = .on
        spec.scale = 2
        let t = ToggleTransition(spec: spec, from: .off, motion: ToggleMotion())
        var off = spec
        off.state = .off
        XCTAssertEqual(t.pose(ofFrame: 0), TogglePose(rest: off))
        XCTAssertEqual(t.pose(ofFrame: t.lastFrameIndex), TogglePose(rest: spec))
        XCTAssertEqual(t.travel, 51, "knob from 32 to 83 px at scale 2 (docs/design-facts.md section 2)")
        let overshoot = (0..<t.lastFrameIndex).map { t.pose(ofFrame: $0).knobCenterX }.max()!
        XCTAssertGreaterThan(overshoot, 83 + 3)
    }
}
