import Geometry
import Scene
import Testing
import TogglePicture

/// Each style's geometry in px at scales 1, 2 and 3, against numbers worked out by hand from
/// docs/design-facts.md section 11 (pt x scale), not from the layout code.
struct StyleGeometryTests {
    func spec(_ style: String, _ state: ToggleState = .off, scale: Double = 1,
              _ edit: (inout ToggleSpec) -> Void = { _ in }) -> ToggleSpec {
        var s = ToggleSpec()
        s.style = style
        s.state = state
        s.scale = scale
        edit(&s)
        return s
    }

    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    // MARK: switch: 51 x 31 pt capsule, 27 pt knob inset 2, shadows (0,3) sigma 4 and (0,3) sigma 0.5.

    @Test(arguments: [1.0, 2.0, 3.0])
    func switchTrackAndKnob(scale s: Double) {
        // Knob centre x: off 2 + 13.5 = 15.5 pt, on 51 - 15.5 = 35.5 pt, mixed 25.5 pt; y 15.5 pt.
        let expected: [(ToggleState, Double)] = [(.off, 15.5), (.on, 35.5), (.mixed, 25.5)]
        for (state, x) in expected {
            let layout = SwitchLayout(spec: spec("switch", state, scale: s))
            #expect(layout.canvasWidth == Int(51 * s) && layout.canvasHeight == Int(31 * s))
            #expect(close(layout.knobRadius, 13.5 * s))
            #expect(close(layout.knobCenter.x, x * s) && close(layout.knobCenter.y, 15.5 * s), "\(state) at \(s)")
        }
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func switchShadowLayers(scale s: Double) {
        let shadows = SwitchLayout(spec: spec("switch", .on, scale: s)).shadows
        #expect(shadows.count == 2)
        #expect(shadows[0].offset == Point(0, 3 * s) && shadows[0].sigma == 4 * s)
        #expect(shadows[0].color == RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.15))
        #expect(shadows[1].offset == Point(0, 3 * s) && shadows[1].sigma == 0.5 * s)
        #expect(shadows[1].color == RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.06))
    }

    @Test func switchSceneLayersAndColours() throws {
        let off = try ToggleScene.scene(for: spec("switch", .off, scale: 2))
        guard off.operations.count == 4, case .fill(let track) = off.operations[0],
              case .shadow(let wide) = off.operations[1], case .shadow(let tight) = off.operations[2],
              case .fill(let knob) = off.operations[3]
        else { Issue.record("expected track, two shadows, knob: \(off.operations)"); return }
        #expect(track.color == RGBAColor(red: 120, green: 120, blue: 128, alpha: 0.16))   // secondarySystemFill
        #expect(wide.sigma == 8 && tight.sigma == 1)
        #expect(wide.path == knob.path && knob.color == .white)
        #expect(wide.hiddenUnder == Disc(center: Point(31, 31), radius: 27))
        let dark = try ToggleScene.scene(for: spec("switch", .off) { $0.appearance = .dark })
        guard case .fill(let darkTrack) = dark.operations[0] else { Issue.record("no track"); return }
        #expect(darkTrack.color == RGBAColor(red: 120, green: 120, blue: 128, alpha: 0.32))
        let on = try ToggleScene.scene(for: spec("switch", .on))
        guard case .fill(let onTrack) = on.operations[0] else { Issue.record("no track"); return }
        #expect(onTrack.color == RGBAColor(red: 52, green: 199, blue: 89))   // the tint, green
        #expect(on.title == "Switch, on")
    }

    @Test func switchKeepsItsSizeAtEveryDynamicTypeSize() {
        for size in DynamicTypeSize.allCases {
            let layout = SwitchLayout(spec: spec("switch") { $0.size = size })
            #expect(layout.canvasWidth == 51 && layout.canvasHeight == 31, "\(size)")
        }
    }

    // MARK: tutorial: 51 x 31 pt capsule, 25 pt knob at +-11 pt from the centre, 10 pt symbol.

    @Test(arguments: [1.0, 2.0, 3.0])
    func tutorialKnobAndSymbolBox(scale s: Double) {
        // Centre 25.5 pt; on 25.5 + 11 = 36.5, off 25.5 - 11 = 14.5; y 15.5.
        let expected: [(ToggleState, Double)] = [(.off, 14.5), (.on, 36.5), (.mixed, 25.5)]
        for (state, x) in expected {
            let layout = TutorialLayout(spec: spec("tutorial", state, scale: s))
            #expect(layout.canvasWidth == Int(51 * s) && layout.canvasHeight == Int(31 * s))
            #expect(close(layout.knobRadius, 12.5 * s))
            #expect(close(layout.knobCenter.x, x * s) && close(layout.knobCenter.y, 15.5 * s), "\(state) at \(s)")
            // The 10 pt frame's 24-unit box: 12 pt.
            #expect(close(layout.symbolBoxSide, 12 * s))
        }
    }

    @Test func tutorialSymbolIsInTheTrackColourWithoutShadow() throws {
        let scene = try ToggleScene.scene(for: spec("tutorial", .on, scale: 3) { $0.tint = .named(.orange) })
        guard scene.operations.count == 3, case .fill(let track) = scene.operations[0],
              case .fill(let knob) = scene.operations[1], case .fill(let symbol) = scene.operations[2]
        else { Issue.record("expected track, knob, symbol: \(scene.operations)"); return }
        #expect(track.color == RGBAColor(red: 255, green: 149, blue: 0) && symbol.color == track.color)
        #expect(knob.color == .white)
        // Symbol box 36 px centred on the knob (109.5, 46.5): 24 units -> 36 px.
        #expect(close(symbol.transform.a, 36.0 / 24))
        #expect(close(symbol.transform.apply(Point(12, 12)).x, 109.5))
        #expect(close(symbol.transform.apply(Point(12, 12)).y, 46.5))
        let off = try ToggleScene.scene(for: spec("tutorial", .off))
        guard case .fill(let offTrack) = off.operations[0] else { Issue.record("no track"); return }
        #expect(offTrack.color == RGBAColor(red: 0, green: 122, blue: 255))   // accent colour, blue
    }

    // MARK: button: continuous radius 8 pt, 34 pt high at Large, 14 pt padding, body text.

    @Test(arguments: [1.0, 2.0, 3.0])
    func buttonWithLabelOnly(scale s: Double) {
        // A 100 x 22 pt label: 14 + 100 + 14 = 128 pt wide, 34 high; label box top (34 - 22) / 2 = 6.
        let layout = ButtonLayout(spec: spec("button", .on, scale: s) { $0.onSymbol = "" },
                                  label: StyleLabel(width: 100, height: 22))
        #expect(layout.canvasWidth == Int(128 * s) && layout.canvasHeight == Int(34 * s))
        #expect(close(layout.cornerRadius, 8 * s))
        #expect(layout.symbolBox == nil)
        #expect(close(layout.labelOrigin.x, 14 * s) && close(layout.labelOrigin.y, 6 * s))
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func buttonWithSymbolAndLabel(scale s: Double) {
        // Symbol 17 pt (body size at Large), gap 6, label 100: 14 + 17 + 6 + 100 + 14 = 151 pt.
        let layout = ButtonLayout(spec: spec("button", .off, scale: s) { $0.offSymbol = "star.fill" },
                                  label: StyleLabel(width: 100, height: 22))
        #expect(layout.canvasWidth == Int(151 * s) && layout.canvasHeight == Int(34 * s))
        guard let box = layout.symbolBox else { Issue.record("no symbol box"); return }
        #expect(close(box.center.x, 22.5 * s) && close(box.center.y, 17 * s))   // 14 + 17 / 2; 34 / 2
        #expect(close(box.side, 20.4 * s))                                     // 17 x 1.2
        #expect(close(layout.labelOrigin.x, 37 * s) && close(layout.labelOrigin.y, 6 * s))
    }

    @Test func buttonHeightFollowsDynamicType() {
        // 34 pt x 1.3182 = 44.8188 pt -> 45 px; label 22 x 1.3182 = 29.0004 pt centred.
        let layout = ButtonLayout(spec: spec("button") { $0.size = .xxxLarge; $0.offSymbol = "" },
                                  label: StyleLabel(width: 50, height: 29.0004))
        #expect(layout.canvasHeight == 45)
        #expect(close(layout.labelOrigin.y, 22.5 - 29.0004 / 2))
    }

    @Test func buttonFillsTheTintAtPointFifteenWhenOffAndFullWhenOn() throws {
        let blue = RGBAColor(red: 0, green: 122, blue: 255)
        let off = try ToggleScene.scene(for: spec("button", .off) { $0.tint = .named(.blue); $0.offSymbol = "star.fill" })
        guard case .fill(let offFill) = off.operations[0], case .fill(let offSymbol) = off.operations[1]
        else { Issue.record("expected fill, symbol"); return }
        #expect(offFill.color == blue && close(offFill.opacity, 0.15))
        #expect(offSymbol.color == blue && offSymbol.opacity == 1)
        let on = try ToggleScene.scene(for: spec("button", .on) { $0.tint = .named(.blue); $0.onSymbol = "star.fill" })
        guard case .fill(let onFill) = on.operations[0], case .fill(let onSymbol) = on.operations[1]
        else { Issue.record("expected fill, symbol"); return }
        #expect(onFill.color == blue && onFill.opacity == 1)
        #expect(onSymbol.color == .white)
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func buttonLabelIsShapedTextInItsBox(scale s: Double) throws {
        var spec = spec("button", .on, scale: s) { $0.onSymbol = ""; $0.label = "Wi-Fi" }
        spec.tint = .named(.blue)
        let label = StyleLabel.measured(spec)
        #expect(label.width > 20 && label.width < 60 && close(label.height, 22))   // one body line at Large
        let scene = try ToggleScene.scene(for: spec)
        // 14 + text + 14 pt wide, 34 pt high.
        #expect(scene.width == Int(((28 + label.width) * s).rounded()) && scene.height == Int(34 * s))
        guard scene.operations.count == 2, case .fill(let text) = scene.operations[1]
        else { Issue.record("expected fill, label: \(scene.operations)"); return }
        #expect(text.color == .white)   // on: white text on the tint
        // Every outline point lies in the label's box: x from 14 pt on, y within the 22 pt line box
        // centred in the 34 pt button (6 ... 28 pt).
        let points = text.path.elements.flatMap { e -> [Point] in
            switch e {
            case .move(let p), .line(let p): return [p]
            case .quad(let c, let p): return [c, p]
            case .cubic(let c1, let c2, let p): return [c1, c2, p]
            case .close: return []
            }
        }
        #expect(!points.isEmpty)
        let box = ButtonLayout(spec: spec, label: label)
        let left = box.labelOrigin.x, right = left + (label.width + 1) * s
        #expect(points.allSatisfy { $0.x >= left - 1 * s && $0.x <= right && $0.y >= 6 * s && $0.y <= 28 * s })
    }

    // MARK: symbol: label above a 50 x 50 pt symbol (spacing 8); mixed: a 3 pt orange border
    // outside the stack's frame.

    @Test(arguments: [1.0, 2.0, 3.0])
    func symbolStyleBoxes(scale s: Double) {
        // Label 80 x 22: content 80 x (22 + 8 + 50) = 80 x 80, plus 3 pt for the border on each
        // side: 86 x 86 pt. Symbol centre (3 + 40, 3 + 30 + 25) = (43, 58).
        let layout = SymbolStyleLayout(spec: spec("symbol", .on, scale: s), label: StyleLabel(width: 80, height: 22))
        #expect(layout.canvasWidth == Int(86 * s) && layout.canvasHeight == Int(86 * s))
        #expect(close(layout.symbolCenter.x, 43 * s) && close(layout.symbolCenter.y, 58 * s))
        #expect(close(layout.symbolBoxSide, 60 * s))   // the 50 pt frame's 24-unit box
        #expect(close(layout.labelOrigin.x, 3 * s) && close(layout.labelOrigin.y, 3 * s))
        // A label narrower than the symbol is centred over it: (3 + (50 - 20) / 2).
        let narrow = SymbolStyleLayout(spec: spec("symbol", scale: s), label: StyleLabel(width: 20, height: 22))
        #expect(narrow.canvasWidth == Int(56 * s) && close(narrow.labelOrigin.x, 18 * s))
    }

    @Test func symbolStyleMixedBorderIsAThreePointOrangeRingOutsideTheFrame() throws {
        let scene = try ToggleScene.scene(for: spec("symbol", .mixed, scale: 2) { $0.mixedSymbol = "xmark.circle" })
        // No label in this build: content 50 x 50 pt, canvas 56 x 56 pt = 112 px.
        #expect(scene.width == 112 && scene.height == 112)
        guard scene.operations.count == 2, case .fill(let border) = scene.operations[1]
        else { Issue.record("expected symbol, border: \(scene.operations)"); return }
        #expect(border.color == RGBAColor(red: 255, green: 149, blue: 0) && border.fillRule == .evenOdd)
        // Outer edge at 0 and 112 px, inner at 6 and 106 px: 3 pt = 6 px, all of it outside the
        // 50 pt (100 px) frame from 6 to 106 px.
        let points = border.path.elements.compactMap { e -> Point? in
            switch e { case .move(let p), .line(let p): return p; default: return nil }
        }
        #expect(Set(points.map(\.x)) == [0, 112, 6, 106] && Set(points.map(\.y)) == [0, 112, 6, 106])
        let on = try ToggleScene.scene(for: spec("symbol", .on, scale: 2) { $0.onSymbol = "hare" })
        #expect(on.operations.count == 1)   // no border unless mixed
    }
}
