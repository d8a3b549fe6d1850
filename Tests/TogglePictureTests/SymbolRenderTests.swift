import Geometry
import Raster
@testable import TogglePicture
import SceneRaster
import XCTest

/// Symbols drawn inside the knob: every table entry, the seed's symbols in both states, and
/// the slash knock-out.
final class SymbolRenderTests: XCTestCase {
    static let seedSymbols = ["checkmark", "xmark", "moon.fill", "sun.max.fill", "speaker.wave.2.fill",
                              "speaker.slash.fill", "location.fill", "location.slash.fill"]

    /// The symbol's coverage as the renderer places it, on the toggle's canvas.
    func symbolCoverage(_ name: String, spec: ToggleSpec) throws -> (CoverageMask, ToggleLayout) {
        let layout = ToggleLayout(spec: spec)
        let path = try XCTUnwrap(SymbolCatalog.path(named: name), name)
        let k = layout.symbolBoxSide / 24
        let transform = AffineTransform.scale(k, k)
            .then(.translation(layout.knobCenterX - 12 * k, layout.knobCenterY - 12 * k))
        let mask = try Rasterizer.coverage(of: path, transform: transform,
                                           width: layout.canvasWidth, height: layout.canvasHeight)
        return (mask, layout)
    }

    func testEveryTableEntryDrawsInkInsideTheKnob() throws {
        var spec = ToggleSpec()
        spec.state = .on
        spec.scale = 2
        for name in SymbolCatalog.names {
            let (mask, layout) = try symbolCoverage(name, spec: spec)
            let box = layout.symbolBoxSide
            // Some real ink: at least 3 % of the symbol box (a thin chevron is about 5 %).
            XCTAssertGreaterThan(mask.totalCoverage, 0.03 * box * box, name)
            // None outside the knob: no pixel wholly outside it (centre more than half a pixel
            // diagonal beyond the radius) has coverage above rounding noise.
            var outside = 0
            for y in 0..<mask.height {
                for x in 0..<mask.width where mask[x, y] > 1e-4 {
                    let dx = Double(x) + 0.5 - layout.knobCenterX, dy = Double(y) + 0.5 - layout.knobCenterY
                    if (dx * dx + dy * dy).squareRoot() > layout.knobRadius + 0.71 { outside += 1 }
                }
            }
            XCTAssertEqual(outside, 0, name)
        }
    }

    func testSymbolBoxIsCentredOnTheKnobAtTheDesignSize() throws {
        // A full 24-unit square would fill 0.45 d x 1.2 = 0.54 d, centred on the knob.
        var spec = ToggleSpec()
        spec.state = .off
        spec.scale = 3
        let layout = ToggleLayout(spec: spec)
        XCTAssertEqual(layout.symbolBoxSide, 0.45 * 1.2 * 26 * 3, accuracy: 1e-9)
        let (mask, _) = try symbolCoverage("minus", spec: spec)  // minus-thick: x 4...20, y 10...14
        var sum = 0.0, cx = 0.0, cy = 0.0
        for y in 0..<mask.height {
            for x in 0..<mask.width {
                let c = Double(mask[x, y])
                sum += c; cx += c * (Double(x) + 0.5); cy += c * (Double(y) + 0.5)
            }
        }
        XCTAssertEqual(cx / sum, layout.knobCenterX, accuracy: 0.01)
        XCTAssertEqual(cy / sum, layout.knobCenterY, accuracy: 0.01)
        let k = layout.symbolBoxSide / 24
        XCTAssertEqual(sum, 16 * 4 * k * k, accuracy: 0.5)
    }

    func testSeedSymbolsRenderInBothStates() throws {
        for name in Self.seedSymbols {
            for state in [ToggleState.on, .off] {
                var spec = ToggleSpec()
                spec.state = state
                spec.onSymbol = name
                spec.offSymbol = name
                spec.scale = 2
                let canvas = try SceneRasterizer.render(ToggleScene.scene(for: spec))
                let layout = ToggleLayout(spec: spec)
                // Pixels inside the knob that are not (nearly) the white knob: the symbol.
                var inked = 0
                let r = layout.knobRadius - 1
                for y in 0..<canvas.height {
                    for x in 0..<canvas.width {
                        let dx = Double(x) + 0.5 - layout.knobCenterX, dy = Double(y) + 0.5 - layout.knobCenterY
                        guard dx * dx + dy * dy < r * r else { continue }
                        let p = canvas.pixel(x: x, y: y)
                        if Int(p.r) + Int(p.g) + Int(p.b) < 3 * 255 - 60 { inked += 1 }
                    }
                }
                XCTAssertGreaterThan(inked, 30, "\(name) \(state)")
                XCTAssertNotNil(SymbolCatalog.path(named: name))
            }
        }
    }

    func testSlashKnocksAGapOutOfTheBaseIcon() throws {
        let base = try XCTUnwrap(SymbolCatalog.path(named: "location.fill"))
        let slashed = try XCTUnwrap(SymbolCatalog.path(named: "location.slash.fill"))
        // 10 px per unit, so a 240 x 240 mask of the 24-unit box.
        let t = AffineTransform.scale(10, 10)
        let b = try Rasterizer.coverage(of: base, transform: t, width: 240, height: 240)
        let s = try Rasterizer.coverage(of: slashed, transform: t, width: 240, height: 240)
        func at(_ m: CoverageMask, _ x: Double, _ y: Double) -> Float { m[Int(x * 10), Int(y * 10)] }
        // near-me's bounding box is 3...21 both ways, so the slash runs through (12, 12).
        let r = 0.5.squareRoot()
        let gap = (SlashKnockout.slashHalfWidth + SlashKnockout.gapHalfWidth) / 2  // between slash and band edge
        for t in [-3.0, 0, 3] {
            let x = 12 + t * r + gap * r, y = 12 + t * r - gap * r
            XCTAssertEqual(at(b, x, y), 1, accuracy: 1e-4, "base icon covers (\(x), \(y))")
            XCTAssertEqual(at(s, x, y), 0, accuracy: 1e-4, "gap at (\(x), \(y))")
            XCTAssertEqual(at(s, 12 + t * r, 12 + t * r), 1, accuracy: 1e-4, "slash at t=\(t)")
        }
        // Away from the band the icon is unchanged.
        XCTAssertEqual(at(s, 19, 6), at(b, 19, 6), accuracy: 1e-4)
        XCTAssertEqual(at(s, 5, 11), at(b, 5, 11), accuracy: 1e-4)
        XCTAssertEqual(at(s, 19, 6), 1, accuracy: 1e-4)
        // The slash stays inside the 24-unit box, caps included.
        for i in 0..<240 {
            XCTAssertEqual(s[i, 0] + s[0, i] + s[i, 239] + s[239, i], 0, accuracy: 1e-4)
        }
    }

    func testSlashedOutlineIsCachedAndStable() {
        let a = SymbolCatalog.path(named: "play.slash")
        XCTAssertNotNil(a)
        XCTAssertNotEqual(a, SymbolCatalog.path(named: "play"))
        // Once cached, the outline is not made again.
        let cache = SymbolCache()
        var makes = 0
        let first = cache.path(for: "play.slash") { makes += 1; return a }
        let second = cache.path(for: "play.slash") { makes += 1; return nil }
        XCTAssertEqual(makes, 1)
        XCTAssertEqual(first, second)
    }
}

/// Broken icon data is a typed error naming the icon, never mistaken for an unknown name.
final class SymbolErrorTests: XCTestCase {
    func testCorruptPathDataNamesTheIconAndTheOffset() {
        XCTAssertThrowsError(try SymbolCatalog.outline(ofIcon: "broken", pathData: "M0,0 L10,10 Q", slashed: false)) {
            guard case .corruptIcon(let icon, let parseError)? = $0 as? SymbolError else {
                return XCTFail("\($0)")
            }
            XCTAssertEqual(icon, "broken")
            XCTAssertEqual(parseError.offset, 13)  // the data ends where Q's arguments should be
        }
    }

    func testASlashedIconThatEnclosesNothingIsAnError() {
        XCTAssertThrowsError(try SymbolCatalog.outline(ofIcon: "flat", pathData: "M0,0 L10,10", slashed: true)) {
            XCTAssertEqual($0 as? SymbolError, .nothingToSlash(icon: "flat"))
        }
    }

    func testUnknownNamesAndGoodIconsStayApart() throws {
        XCTAssertThrowsError(try SymbolCatalog.outline(named: "moon.fil")) {
            XCTAssertEqual($0 as? SymbolError, .unknownName("moon.fil"))
        }
        XCTAssertFalse(try SymbolCatalog.outline(named: "location.slash.fill").isEmpty)
        XCTAssertEqual(try SymbolCatalog.outline(named: "checkmark"), SymbolCatalog.path(named: "checkmark"))
    }
}
