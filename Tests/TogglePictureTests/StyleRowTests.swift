import Geometry
import Raster
import Scene
import SceneRaster
import TextLayout
import XCTest
@testable import TogglePicture

/// Rows of every style (docs/design-facts.md sections 10 and 11), with the numbers
/// worked out here by hand: a 350 pt row, `HStack(spacing: 16)`, `minHeight: 44`, vertical
/// centring; the `switch` and `tutorial` bodies 51 x 31 pt, knob centres 15.5 / 35.5 pt
/// (switch) and 25.5 -+ 11 pt (tutorial) from the track's left; a style that draws its label is
/// the row alone, centred.
final class StyleRowTests: XCTestCase {
    func spec(_ style: String, _ state: ToggleState, scale: Double = 1, size: DynamicTypeSize = .large) -> ToggleSpec {
        var spec = ToggleSpec()
        spec.style = style
        spec.state = state
        spec.scale = scale
        spec.size = size
        if let symbols = ToggleStyles.style(named: style)?.symbols {   // as style= sets them
            (spec.onSymbol, spec.offSymbol, spec.mixedSymbol) = (symbols.on, symbols.off, symbols.mixed)
        }
        return spec
    }

    /// Smallest box around every point of `fill`'s path (on-curve and control points; for circles
    /// and capsules made of quarter arcs that is their exact box), px.
    func box(_ fill: PathFill) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        var points: [Point] = []
        for element in fill.path.elements {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            case .quad(let c, let p): points += [c, p]
            case .cubic(let c1, let c2, let p): points += [c1, c2, p]
            case .close: break
            }
        }
        let moved = points.map { fill.transform.apply($0) }
        return (moved.map(\.x).min()!, moved.map(\.y).min()!, moved.map(\.x).max()!, moved.map(\.y).max()!)
    }

    /// The row's fills after the label: track first, knob last (white).
    func trackAndKnob(_ scene: Scene) throws -> (track: PathFill, knob: PathFill) {
        let fills = scene.operations.compactMap { op -> PathFill? in if case .fill(let f) = op { return f } else { return nil } }
        let track = fills[1]   // fills[0] is the label
        let knob = try XCTUnwrap(fills.last { $0.color == .white && $0.path.elements.count < 12 })
        return (track, knob)
    }

    func testSwitchRowAtScalesOneToThree() throws {
        // Track top: round(6.5 s) px = 7, 13, 20 (whole pixels, as the icon switch's row).
        for (s, top) in [(1.0, 7.0), (2.0, 13.0), (3.0, 20.0)] {
            for (state, knobX) in [(ToggleState.on, 35.5), (.off, 15.5), (.mixed, 25.5)] {
                let spec = spec("switch", state, scale: s)
                let row = try LabelledRow(label: "Wi-Fi", spec: spec, width: 350)
                XCTAssertEqual(row.layout.height, 44)
                XCTAssertEqual(row.layout.toggle, FrameInPoints(x: 299, y: 6.5, width: 51, height: 31))
                XCTAssertEqual(row.layout.label.width, 350 - 16 - 51, accuracy: 1e-9)
                let scene = try RowScene.scene(row: row, label: "Wi-Fi", spec: spec)
                XCTAssertEqual(scene.width, Int(350 * s))
                XCTAssertEqual(scene.height, Int(44 * s))
                let (track, knob) = try trackAndKnob(scene)
                let t = box(track), k = box(knob)
                XCTAssertEqual(t.minX, 299 * s, accuracy: 1e-9, "switch x at \(s)")
                XCTAssertEqual(t.maxX, 350 * s, accuracy: 1e-9)
                XCTAssertEqual(t.minY, top, accuracy: 1e-9, "\(state) at \(s)")
                XCTAssertEqual(t.maxY, top + 31 * s, accuracy: 1e-9)
                XCTAssertEqual((k.minX + k.maxX) / 2, (299 + knobX) * s, accuracy: 1e-9, "\(state) at \(s)")
                XCTAssertEqual((k.minY + k.maxY) / 2, top + 15.5 * s, accuracy: 1e-9)
                XCTAssertEqual(k.maxX - k.minX, 27 * s, accuracy: 1e-9)
                // Centred: within half a pixel of the row's middle, 22 s.
                XCTAssertLessThanOrEqual(abs((t.minY + t.maxY) / 2 - 22 * s), 0.5)
            }
        }
    }

    func testTutorialRowAtScalesOneToThree() throws {
        // At accessibility5 the label's line is 22 x 2.8182 = 62.0004 pt, so the row is that tall
        // and the 51 x 31 pt track (fixed size) sits at y = (62.0004 - 31) / 2 = 15.5002 pt:
        // top px round(15.5002 s) = 16, 31, 47.
        for (s, top, a5Top) in [(1.0, 7.0, 16.0), (2.0, 13.0, 31.0), (3.0, 20.0, 47.0)] {
            for (state, knobX) in [(ToggleState.on, 36.5), (.off, 14.5), (.mixed, 25.5)] {
                let spec = spec("tutorial", state, scale: s, size: .accessibility5)
                let row = try LabelledRow(label: "Go", spec: spec, width: 350)
                XCTAssertEqual(row.layout.height, 62.0004, accuracy: 1e-9)
                XCTAssertEqual(row.layout.toggle.x, 299)
                XCTAssertEqual(row.layout.toggle.width, 51)
                XCTAssertEqual(row.layout.toggle.y, 15.5002, accuracy: 1e-9)
                let scene = try RowScene.scene(row: row, label: "Go", spec: spec)
                XCTAssertEqual(scene.height, Int((62.0004 * s).rounded()))
                let (track, knob) = try trackAndKnob(scene)
                let t = box(track), k = box(knob)
                XCTAssertEqual(t.minX, 299 * s, accuracy: 1e-9)
                XCTAssertEqual(t.minY, a5Top, accuracy: 1e-9)
                XCTAssertEqual(t.maxY - t.minY, 31 * s, accuracy: 1e-9)
                XCTAssertEqual((k.minX + k.maxX) / 2, (299 + knobX) * s, accuracy: 1e-9, "\(state) at \(s)")
                XCTAssertEqual((k.minY + k.maxY) / 2, a5Top + 15.5 * s, accuracy: 1e-9)
                XCTAssertEqual(k.maxX - k.minX, 25 * s, accuracy: 1e-9)
            }
            // At Large the same numbers as the switch: y 6.5 pt, top round(6.5 s).
            let large = spec("tutorial", .on, scale: s)
            let row = try LabelledRow(label: "Custom Toggle", spec: large, width: 350)
            XCTAssertEqual(row.layout.toggle, FrameInPoints(x: 299, y: 6.5, width: 51, height: 31))
            let t = box(try trackAndKnob(try RowScene.scene(row: row, label: "Custom Toggle", spec: large)).track)
            XCTAssertEqual(t.minY, top, accuracy: 1e-9)
        }
    }

    func testRightToLeftRowsPutTheSwitchLeftAndOnAtTheLeft() throws {
        // Mirrored: the switch at x = 0; on puts the knob at the left: switch 15.5 pt, tutorial
        // 25.5 - 11 = 14.5 pt; off at the right: 35.5 and 36.5 pt.
        for (style, on, off) in [("switch", 15.5, 35.5), ("tutorial", 14.5, 36.5)] {
            for s in [1.0, 2.0, 3.0] {
                for (state, x) in [(ToggleState.on, on), (.off, off)] {
                    let spec = spec(style, state, scale: s)
                    let row = try LabelledRow(label: "מצב כהה", spec: spec, width: 350)
                    XCTAssertEqual(row.layout.toggle.x, 0)
                    let (track, knob) = try trackAndKnob(try RowScene.scene(row: row, label: "מצב כהה", spec: spec))
                    XCTAssertEqual(box(track).minX, 0, accuracy: 1e-9)
                    let k = box(knob)
                    XCTAssertEqual((k.minX + k.maxX) / 2, x * s, accuracy: 1e-9, "\(style) \(state) at \(s)")
                }
            }
        }
    }

    func testSymbolRowGrowsAndIsCentred() throws {
        // The stack: 22 pt label line + 8 + 50 pt symbol = 80 pt, plus 3 pt either side for the
        // border: 86 pt high (over 44, so the row grows), max(label, 50) + 6 = 56 pt wide for a
        // short label, centred: x = (350 - 56) / 2 = 147 pt.
        var spec = spec("symbol", .on, scale: 2)
        spec.onSymbol = "hare"
        let row = try LabelledRow(label: "Go", spec: spec, width: 350)
        XCTAssertTrue(row.styleDrawsLabel)
        XCTAssertEqual(row.layout.height, 86, accuracy: 1e-9)
        XCTAssertEqual(row.layout.toggle.width, 56, accuracy: 1e-9)
        XCTAssertEqual(row.layout.toggle.x, 147, accuracy: 1e-9)
        XCTAssertEqual(row.layout.toggle.y, 0)
        let scene = try RowScene.scene(row: row, label: "Go", spec: spec)
        XCTAssertEqual(scene.height, 172)
        XCTAssertEqual(scene.title, "Go, switch, on")
        // The label is drawn once, by the style (label colour), not as the row's own text first.
        let fills = scene.operations.compactMap { op -> PathFill? in if case .fill(let f) = op { return f } else { return nil } }
        XCTAssertEqual(fills.count, 2, "symbol and label")
    }

    func testButtonRowIsTheLabelInsideTheButton() throws {
        // 34 pt at Large, centred in the 44 pt row (y = 5); 14 pt padding either side of the label.
        let spec = spec("button", .on, scale: 3)
        let row = try LabelledRow(label: "Bold", spec: spec, width: 350)
        let label = try TextLayout.shared.layout("Bold", size: 17, lineHeight: 22)
        XCTAssertEqual(row.layout.height, 44)
        XCTAssertEqual(row.layout.toggle.height, 34, accuracy: 1e-9)
        XCTAssertEqual(row.layout.toggle.y, 5, accuracy: 1e-9)
        XCTAssertEqual(row.layout.toggle.width, 28 + label.width, accuracy: 1e-9)
        XCTAssertEqual(row.layout.toggle.midX, 175, accuracy: 1e-9)
        XCTAssertEqual(try RowScene.scene(row: row, label: "Bold", spec: spec).title, "Bold, toggle button, on")
    }

    func testALongButtonLabelWrapsInsideTheRowAndTheButtonGrows() throws {
        // Three lines of 22 pt + 6 pt above and below = 78 pt; the button stays inside the row.
        let text = "A rather long label for a button that has to wrap onto a second line at least"
        let spec = spec("button", .off)
        let row = try LabelledRow(label: text, spec: spec, width: 350)
        XCTAssertGreaterThan(row.text.lines.count, 1)
        XCTAssertEqual(row.layout.toggle.height, Double(row.text.lines.count) * 22 + 12, accuracy: 1e-9)
        XCTAssertEqual(row.layout.height, row.layout.toggle.height, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(row.layout.toggle.width, 350)
        for line in row.text.lines { XCTAssertLessThanOrEqual(line.width, 350 - 28) }
    }

    func testEveryStyleStateThemeAndScaleRowRendersInPixels() throws {
        for style in ToggleStyles.names {
            for state in ToggleState.allCases {
                for theme in [Appearance.light, .dark] {
                    for s in [1.0, 2.0, 3.0] {
                        var spec = spec(style, state, scale: s)
                        spec.appearance = theme
                        let row = try LabelledRow(label: "Wi-Fi", spec: spec, width: 350)
                        let scene = try RowScene.scene(row: row, label: "Wi-Fi", spec: spec)
                        XCTAssertEqual(scene.width, Int(350 * s))
                        XCTAssertEqual(scene.height, RowScene.pixels(row.layout.height, scale: s))
                        let canvas = try SceneRasterizer.render(scene)
                        // The body's frame holds drawn pixels; the row outside it (and the label
                        // for the label-drawing styles) is transparent at its far corners.
                        let frame = row.layout.toggle
                        let cy = Int(frame.midY * s)
                        var drawn = false
                        for y in max(0, cy - Int(8 * s))...min(canvas.height - 1, cy + Int(8 * s)) {
                            for x in Int(frame.x * s)..<min(canvas.width, Int(frame.maxX * s)) where canvas.pixel(x: x, y: y).a > 0 {
                                drawn = true
                            }
                        }
                        XCTAssertTrue(drawn, "\(style) \(state) \(theme) \(s): nothing in the body's frame")
                        XCTAssertEqual(canvas.pixel(x: 0, y: 0).a, 0, "\(style) \(state) \(theme) \(s)")
                        XCTAssertEqual(canvas.pixel(x: canvas.width - 1, y: canvas.height - 1).a, 0)
                    }
                }
            }
        }
    }
}
