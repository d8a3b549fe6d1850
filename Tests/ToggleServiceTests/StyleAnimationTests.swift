import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import ToggleService
import TogglePicture
import Raster
@testable import QueryLanguage

/// Each style's own animation, checked against numbers from the seeds and Apple's
/// documentation written here, never taken from the code under test: the spring of
/// docs/design-facts.md section 2, seed 002's linear 0.15 s and -11 -> +11 pt, SwiftUI's default
/// animation `spring(response: 0.55, dampingFraction: 1)` for the crossfades.
final class StyleAnimationTests: XCTestCase {
    // MARK: - Reference curves, from their definitions

    /// `.spring(duration: 0.35, bounce: 0.35)`: k = (2 pi / 0.35)^2, zeta = 0.65 (section 2).
    static func seedSpring(_ t: Double) -> Double {
        guard t > 0 else { return 0 }
        let w0 = 2 * Double.pi / 0.35, zeta = 0.65, wd = w0 * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
    }

    /// SwiftUI's `Animation.default` since iOS 17, `spring(response: 0.55, dampingFraction: 1)`:
    /// critically damped, 1 - e^(-w t)(1 + w t) with w = 2 pi / 0.55.
    static func defaultSpring(_ t: Double) -> Double {
        guard t > 0 else { return 0 }
        let w = 2 * Double.pi / 0.55
        return 1 - exp(-w * t) * (1 + w * t)
    }

    /// The first sample i / fps from which every later one (checked to 3 s) is within `tolerance`.
    static func settledIndex(_ curve: (Double) -> Double, amplitude: Double, tolerance: Double, fps: Int = 60) -> Int {
        for n in stride(from: 3 * fps, through: 1, by: -1) where abs(1 - curve(Double(n) / Double(fps))) * abs(amplitude) >= tolerance {
            return n + 1
        }
        return 1
    }

    func animation(_ q: String) throws -> ToggleAnimation {
        try XCTUnwrap(try ToggleQuery(rawQuery: q).animation, q)
    }

    func canvases(_ a: ToggleAnimation) throws -> [Canvas] {
        try a.frames.map { try ToggleRenderer.render($0, shadows: nil) }
    }

    func still(_ q: String) throws -> Canvas {
        try ToggleRenderer.render(try ToggleQuery(rawQuery: q).spec, shadows: nil)
    }

    /// The centre of the white knob: the centroid of whiteness (premultiplied min(R, G, B)) on a
    /// black track, over rows `rows` (rows that the symbol does not cross).
    func knobCenterX(_ c: Canvas, rows: [Int]) -> Double {
        var total = 0.0, moment = 0.0
        for y in rows {
            for x in 0..<c.width {
                let p = c.pixel(x: x, y: y)
                // Premultiplied pixels: min of the colour channels is the white part.
                let v = Double(min(p.r, p.g, p.b))
                total += v
                moment += v * (Double(x) + 0.5)
            }
        }
        return moment / total
    }

    // MARK: - Ends

    /// Every style: the first frame is the still of `from`, the last the still asked for, pixel
    /// for pixel; looping, frame n (the hold) is the still too.
    func testFirstFrameIsTheFromStillAndLastTheStill() throws {
        let cases: [(animate: String, still: String, from: String)] = [
            ("style=switch&on=1&animate=1&scale=2", "style=switch&on=1&scale=2", "style=switch&on=0&scale=2"),
            ("style=switch&on=0&animate=1&theme=dark&disabled=1", "style=switch&on=0&theme=dark&disabled=1",
             "style=switch&on=1&theme=dark&disabled=1"),
            ("style=tutorial&on=1&animate=1&scale=2", "style=tutorial&on=1&scale=2", "style=tutorial&on=0&scale=2"),
            ("style=tutorial&state=mixed&animate=1&bg=white&pad=3", "style=tutorial&state=mixed&bg=white&pad=3",
             "style=tutorial&state=off&bg=white&pad=3"),
            ("style=button&label=Wi-Fi&on=1&animate=1", "style=button&label=Wi-Fi&on=1", "style=button&label=Wi-Fi&on=0"),
            ("style=button&label=Wi-Fi&on=0&animate=1&motion=reduce&theme=dark&on_sym=wifi&off_sym=wifi",
             "style=button&label=Wi-Fi&on=0&theme=dark&on_sym=wifi&off_sym=wifi",
             "style=button&label=Wi-Fi&on=1&theme=dark&on_sym=wifi&off_sym=wifi"),
            ("style=symbol&label=Hare&on=1&animate=1&scale=2", "style=symbol&label=Hare&on=1&scale=2",
             "style=symbol&label=Hare&on=0&scale=2"),
            ("style=symbol&label=Hare&sources=1,0,1&animate=1", "style=symbol&label=Hare&sources=1,0,1",
             "style=symbol&label=Hare&on=0"),
            ("style=symbol&label=Hare&on=1&from=mixed&animate=1&fps=24", "style=symbol&label=Hare&on=1",
             "style=symbol&label=Hare&state=mixed"),
            // Right to left: the knob's leading end is the right, so on slides it to the left.
            ("style=switch&on=1&dir=rtl&animate=1&scale=2", "style=switch&on=1&dir=rtl&scale=2", "style=switch&on=0&dir=rtl&scale=2"),
            ("style=tutorial&on=1&dir=rtl&animate=1", "style=tutorial&on=1&dir=rtl", "style=tutorial&on=0&dir=rtl"),
            ("style=button&label=%D7%A9%D7%9C%D7%95%D7%9D&on=1&animate=1&on_sym=wifi&off_sym=wifi",
             "style=button&label=%D7%A9%D7%9C%D7%95%D7%9D&on=1&on_sym=wifi&off_sym=wifi",
             "style=button&label=%D7%A9%D7%9C%D7%95%D7%9D&on=0&on_sym=wifi&off_sym=wifi"),
        ]
        for (q, stillQuery, fromQuery) in cases {
            let frames = try canvases(try animation(q))
            XCTAssertTrue(frames.last?.pixels == (try still(stillQuery).pixels), "last frame = still: \(q)")
            XCTAssertTrue(frames.first?.pixels == (try still(fromQuery).pixels), "first frame = still of from: \(q)")
        }
        // A button into mixed (a minus before the label, wider than off): both centred in the
        // larger canvas, so the last frame is the mixed still and the first is not the off still.
        let wider = try canvases(try animation("style=button&label=Wi-Fi&sources=1,0&animate=1"))
        let mixed = try still("style=button&label=Wi-Fi&sources=1,0"), off = try still("style=button&label=Wi-Fi&on=0")
        XCTAssertTrue(wider.last?.pixels == mixed.pixels)
        XCTAssertEqual(wider.first?.width, mixed.width)
        XCTAssertGreaterThan(mixed.width, off.width)
        for style in ["style=switch", "style=tutorial", "style=button&label=A", "style=symbol&label=A"] {
            let a = try animation(style + "&on=1&animate=1&loop=1")
            let n = a.transition.lastFrameIndex
            let frames = try canvases(a)
            XCTAssertTrue(frames[n].pixels == (try still(style + "&on=1").pixels), "hold = still of on: \(style)")
            XCTAssertTrue(frames[0].pixels == (try still(style + "&on=0").pixels), "frame 0 = still of off: \(style)")
            XCTAssertEqual(frames.count, 2 * n, style)
        }
    }

    // MARK: - Frame counts and durations

    func testFrameCountsAndDurationsPerStyle() throws {
        // switch: the seed spring; the knob travels 51 - 2 x 2 - 27 = 20 pt (section 11).
        for scale in [1.0, 2.0] {
            let a = try animation("style=switch&on=1&animate=1&scale=\(scale)")
            let expected = Self.settledIndex(Self.seedSpring, amplitude: 20 * scale, tolerance: 0.01) + 1
            XCTAssertEqual(a.frames.count, expected, "switch at scale \(scale)")
            XCTAssertTrue(a.frames.allSatisfy { $0.delay.numerator == 1 && $0.delay.denominator == 60 })
        }
        // tutorial: linear over 0.15 s at 60 fps: samples at 0, 1/60, ..., 9/60 = 0.15 s, so 10
        // frames (9 intervals of 1/60 s make the 0.15 s; frame 0 is the from still, frame 9 the
        // still, each shown for 1/60 s).
        let tutorial = try animation("style=tutorial&on=1&animate=1")
        XCTAssertEqual(tutorial.frames.count, 10)
        XCTAssertEqual(Double(tutorial.frames.count - 1) / 60, 0.15, accuracy: 1e-12)
        XCTAssertEqual(try animation("style=tutorial&on=1&animate=1&fps=24").frames.count, 5, "0.15 s x 24 = 3.6 -> samples 0...4")
        // button and symbol: SwiftUI's default spring, until the opacity is within half an 8-bit step.
        let crossfade = Self.settledIndex(Self.defaultSpring, amplitude: 1, tolerance: 0.5 / 255) + 1
        XCTAssertEqual(crossfade, 46, "0.75 s at 60 fps")
        for q in ["style=button&label=A&on=1&animate=1", "style=symbol&label=A&on=0&animate=1"] {
            XCTAssertEqual(try animation(q).frames.count, crossfade, q)
        }
        // Reduce Motion: 0.15 s for every style.
        for style in ["style=switch", "style=tutorial", "style=button&label=A", "style=symbol&label=A", "style=iconSwitch"] {
            XCTAssertEqual(try animation(style + "&on=1&animate=1&motion=reduce").frames.count, 10, style)
        }
    }

    // MARK: - What moves

    /// Seed 002: the knob's offset goes -11 -> +11 pt linearly over 0.15 s; at scale 2 the
    /// centre moves from 51 - 22 = 29 px to 73 px. Measured in the pixels, within 0.5 px.
    func testTutorialKnobFollowsTheLinearCurve() throws {
        let scale = 2.0
        let frames = try canvases(try animation("style=tutorial&on=1&animate=1&scale=2&color=black&off_color=black"))
        // Rows of the 25 pt knob above and below the 10 pt symbol (box 12 pt): 6 < |dy| < 12.5 pt.
        let cy = 31 * scale / 2
        let rows = (0..<62).filter { abs(Double($0) + 0.5 - cy) > 6.5 * scale && abs(Double($0) + 0.5 - cy) < 12 * scale }
        let center = 51 * scale / 2
        for (i, frame) in frames.enumerated() {
            let t = min(Double(i) / 60 / 0.15, 1)
            let expected = center + (-11 + 22 * t) * scale
            XCTAssertEqual(knobCenterX(frame, rows: rows), expected, accuracy: 0.5, "frame \(i)")
        }
        // Mirrored, the same motion from +11 to -11 pt.
        let mirrored = try canvases(try animation("style=tutorial&on=1&animate=1&scale=2&color=black&off_color=black&dir=rtl"))
        for (i, frame) in mirrored.enumerated() {
            let t = min(Double(i) / 60 / 0.15, 1)
            XCTAssertEqual(knobCenterX(frame, rows: rows), center + (11 - 22 * t) * scale, accuracy: 0.5, "rtl frame \(i)")
        }
    }

    /// `switch`: the knob slides on the seed spring and overshoots.
    func testSwitchKnobFollowsTheSpring() throws {
        let scale = 2.0
        let frames = try canvases(try animation("style=switch&on=1&animate=1&scale=2&color=black&off_color=black"))
        let off = (2 + 13.5) * scale, travel = 20 * scale
        let cy = 31 * scale / 2
        let rows = (0..<62).filter { abs(Double($0) + 0.5 - cy) < 12 * scale }
        var peak = 0.0
        for (i, frame) in frames.enumerated() {
            let x = knobCenterX(frame, rows: rows)
            peak = max(peak, x)
            XCTAssertEqual(x, off + travel * Self.seedSpring(Double(i) / 60), accuracy: 0.5, "frame \(i)")
        }
        XCTAssertGreaterThan(peak, off + travel * 1.05, "the spring overshoots (6.8 %)")
    }

    /// `button`: the crossfade's opacity rises monotonically, on SwiftUI's default spring: a
    /// pixel of the fill away from the label goes from the tint at 0.15 to the tint at 1.
    func testButtonCrossfadeIsMonotonic() throws {
        let a = try animation("style=button&label=Wi-Fi&on=1&animate=1&color=black")
        let frames = try canvases(a)
        let y = frames[0].height / 2
        let alphas = frames.map { Double($0.pixel(x: 4, y: y).a) / 255 }
        XCTAssertEqual(alphas.first!, 0.15, accuracy: 0.5 / 255)
        XCTAssertEqual(alphas.last!, 1)
        for i in 1..<alphas.count {
            XCTAssertGreaterThanOrEqual(alphas[i], alphas[i - 1], "frame \(i)")
            // Off fill at 0.15 (1 - p), then the on fill at p, source-over.
            let p = Self.defaultSpring(Double(i) / 60)
            let expected = p + 0.15 * (1 - p) * (1 - p)
            if i < alphas.count - 1 { XCTAssertEqual(alphas[i], expected, accuracy: 1.5 / 255, "frame \(i)") }
        }
    }

    /// `symbol` into mixed (sources disagree; from off by default): the symbol and label stay
    /// as they are (the same in both states, drawn once), the orange border fades in.
    func testSymbolIntoMixedFadesTheBorderIn() throws {
        let a = try animation("style=symbol&label=Hare&sources=1,0&animate=1")
        XCTAssertEqual(a.transition.from, .off)
        let frames = try canvases(a)
        let off = try still("style=symbol&label=Hare&on=0")
        // The border runs around the content, in the canvas's outer 3 pt; the canvas's top-left
        // pixel is transparent off, and orange when mixed.
        let border = frames.map { Double($0.pixel(x: 1, y: 1).a) }
        XCTAssertEqual(border.first, 0)
        for i in 1..<border.count { XCTAssertGreaterThanOrEqual(border[i], border[i - 1], "frame \(i)") }
        XCTAssertGreaterThan(border.last!, 200)
        // Away from the border every frame is the off picture.
        let mid = off.width / 2
        for frame in frames {
            for y in 4..<(off.height - 4) {
                XCTAssertEqual(frame.pixel(x: mid, y: y).a, off.pixel(x: mid, y: y).a)
            }
        }
    }

    // MARK: - Animated SVG

    /// Every style's animated SVG parses as XML and animates with CSS keyframes; the tutorial
    /// knob's keyframes follow the linear curve.
    func testAnimatedSVGPerStyle() throws {
        for q in ["style=switch&on=1", "style=tutorial&on=1&scale=2", "style=button&label=A&on=0",
                  "style=symbol&label=A&sources=0,1&loop=1", "style=button&label=A&on=1&motion=reduce"] {
            let query = try ToggleQuery(rawQuery: q + "&animate=1")
            let bytes = try ToggleRequest(query: query, format: .svg).bytes()
            let parser = XMLParser(data: Data(bytes))
            XCTAssertTrue(parser.parse(), "\(q): \(String(describing: parser.parserError))")
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertTrue(text.contains("@keyframes k"), q)
            XCTAssertEqual(text.contains("prefers-reduced-motion"), !q.contains("motion=reduce"), q)
        }
        let svg = String(decoding: try ToggleRequest(
            query: try ToggleQuery(rawQuery: "style=tutorial&on=1&scale=2&animate=1"), format: .svg).bytes(), as: UTF8.self)
        // The knob: the white circle, moved by transform keyframes relative to its rest (on) place.
        let knob = try XCTUnwrap(svg.range(of: ##"<path class="a(\d+)" d="[^"]*" fill="#ffffff""##, options: .regularExpression))
        let id = String(svg[knob].dropFirst("<path class=\"a".count).prefix { $0.isNumber })
        let body = try XCTUnwrap(svg.range(of: "@keyframes k\(id)\\{[^@]*?\\}\\}", options: .regularExpression))
        let keyframes = String(svg[body])
        let pattern = try NSRegularExpression(pattern: #"([0-9.]+)%\{transform:matrix\(1,0,0,1,(-?[0-9.]+),0\)"#)
        let matches = pattern.matches(in: keyframes, range: NSRange(keyframes.startIndex..., in: keyframes))
        XCTAssertEqual(matches.count, 10)
        for m in matches {
            let percent = Double(keyframes[Range(m.range(at: 1), in: keyframes)!])!
            let tx = Double(keyframes[Range(m.range(at: 2), in: keyframes)!])!
            // Percent of 0.15 s; the offset from the on place is -44 px x (1 - t / 0.15).
            XCTAssertEqual(tx, -44 * (1 - percent / 100), accuracy: 0.002, "at \(percent) %")
        }
    }
}
