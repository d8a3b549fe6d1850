import Geometry
import Scene
import Testing
import TogglePicture

/// The toggle's scene: layers, colours, opacities and geometry from docs/design-facts.md section 2.
struct ToggleSceneTests {
    func spec(_ edit: (inout ToggleSpec) -> Void) -> ToggleSpec {
        var s = ToggleSpec()
        edit(&s)
        return s
    }

    @Test func layersBottomToTop() throws {
        let scene = try ToggleScene.scene(for: spec { $0.state = .on })
        #expect(scene.width == 58 && scene.height == 32)   // round(1.8 x 32) x 32 at scale 1
        #expect(scene.title == "Switch, on")
        guard scene.operations.count == 4,
              case .fill(let track) = scene.operations[0], case .shadow(let shadow) = scene.operations[1],
              case .fill(let knob) = scene.operations[2], case .fill(let symbol) = scene.operations[3]
        else { Issue.record("expected track, shadow, knob, symbol: \(scene.operations)"); return }
        #expect(track.color == RGBAColor(red: 52, green: 199, blue: 89))   // systemGreen, light
        #expect(knob.color == .white && knob.opacity == 1)
        // Shadow: black 0.2, radius 2 pt as sigma, 1 pt down; the opaque knob hides its middle.
        #expect(shadow.color == RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.2))
        #expect(shadow.sigma == 2 && shadow.offset == Point(0, 1))
        #expect(shadow.hiddenUnder == Disc(center: Point(58 - 3 - 13, 16), radius: 13))
        #expect(shadow.path == knob.path)
        // The 24-unit symbol box: side 0.54 x 26 = 14.04 px, centred on the knob (42, 16).
        #expect(abs(symbol.transform.a - 14.04 / 24) < 1e-12 && symbol.transform.b == 0)
        #expect(abs(symbol.transform.apply(Point(12, 12)).x - 42) < 1e-12)
        #expect(abs(symbol.transform.apply(Point(12, 12)).y - 16) < 1e-12)
        #expect(symbol.color == track.color)   // the on symbol is drawn in the tint
    }

    @Test func disabledDrawsEveryLayerAtPointFourAndNeedsTheWholeShadow() throws {
        let scene = try ToggleScene.scene(for: spec { $0.disabled = true; $0.background = .named(.black) })
        #expect(scene.title == "Switch, off, dimmed")
        #expect(scene.operations.first == .paint(.black))
        for op in scene.operations.dropFirst() {
            switch op {
            case .fill(let f): #expect(f.opacity == 0.4)
            case .shadow(let s): #expect(s.opacity == 0.4); #expect(s.hiddenUnder == nil)
            case .paint, .layer, .image: Issue.record("one paint only, no layers or images")
            }
        }
    }

    @Test func scaleAndPaddingAreInPixels() throws {
        let scene = try ToggleScene.scene(for: spec { $0.scale = 2; $0.padding = 4; $0.state = .mixed })
        // round(1.8 x 32 x 2) = 115 (115.2), 64; padding round(4 x 2) = 8 on each side.
        #expect(scene.width == 115 + 16 && scene.height == 64 + 16)
        #expect(scene.title == "Switch, mixed")
        guard case .shadow(let shadow) = scene.operations[1] else { Issue.record("no shadow"); return }
        #expect(shadow.sigma == 4 && shadow.offset == Point(0, 2))
        #expect(shadow.hiddenUnder?.center == Point(8 + 57.5, 8 + 32))
    }

    @Test func unknownSymbolIsAnError() {
        #expect(throws: ToggleRenderError.unknownSymbol("no-such-symbol")) {
            try ToggleScene.scene(for: spec { $0.offSymbol = "no-such-symbol" })
        }
    }
}
