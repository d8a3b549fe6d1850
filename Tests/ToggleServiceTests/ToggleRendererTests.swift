import Geometry
import Raster
import TestSupport
import XCTest
@testable import ToggleService
import TogglePicture
@testable import QueryLanguage

/// Pixel values worked out by hand from docs/design-facts.md section 2.
final class ToggleRendererTests: XCTestCase {
    func render(_ q: String) throws -> DecodedPNG {
        let spec = try ToggleQuery(rawQuery: q).spec
        let png = try ToggleRequest(spec: spec, format: .png).bytes()
        return try XCTUnwrap(DecodedPNG(png), "libpng should decode our PNG")
    }

    func assertColor(_ actual: [Int], _ expected: [Int], tolerance: Int = 1,
                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.count, 4, file: file, line: line)
        for (a, e) in zip(actual, expected) where abs(a - e) > tolerance {
            XCTFail("pixel \(actual) differs from \(expected)", file: file, line: line)
            return
        }
    }

    func testDefaultSizeIs58By32() throws {
        let image = try render("on=1")
        // round(1.8 x 32) = 58 (57.6 rounded), 32.
        XCTAssertEqual(image.width, 58)
        XCTAssertEqual(image.height, 32)
    }

    func testImageSizeForEverySizeAndScale() throws {
        let factors: [String: Double] = [
            "xSmall": 0.8636, "small": 0.9091, "medium": 0.9545, "large": 1, "xLarge": 1.0909,
            "xxLarge": 1.1818, "xxxLarge": 1.3182, "accessibility1": 1.5455, "accessibility2": 1.8182,
            "accessibility3": 2.1818, "accessibility4": 2.5455, "accessibility5": 2.8182,
        ]
        for (name, factor) in factors {
            for scale in [1.0, 1.5, 2, 3, 4] {
                let spec = try ToggleQuery(rawQuery: "size=\(name)&scale=\(scale)").spec
                let layout = ToggleLayout(spec: spec)
                let h = 32 * factor * scale
                XCTAssertEqual(layout.canvasWidth, Int((1.8 * h).rounded()), "\(name) @\(scale)")
                XCTAssertEqual(layout.canvasHeight, Int(h.rounded()), "\(name) @\(scale)")
            }
        }
        let image = try render("size=accessibility5&scale=3")
        XCTAssertEqual(image.width, Int((1.8 * 32 * 2.8182 * 3).rounded()))
        XCTAssertEqual(image.height, Int((32 * 2.8182 * 3).rounded()))
    }

    func testOnTrackKnobAndCorners() throws {
        let image = try render("on=1")
        // Track away from the knob (knob centred at x = 58 - 16 = 42): the tint, opaque.
        assertColor(image.rgba(6, 16), [52, 199, 89, 255], tolerance: 0)
        // Knob, above the symbol box (half side 0.27 x 26 = 7.02 pt): white, opaque.
        assertColor(image.rgba(42, 5), [255, 255, 255, 255], tolerance: 0)
        // Corners lie outside the capsule: fully transparent.
        for (x, y) in [(0, 0), (57, 0), (0, 31), (57, 31)] {
            XCTAssertEqual(image.rgba(x, y)[3], 0, "corner \(x),\(y)")
        }
        // The symbol (tint) is drawn inside the knob: some pixel near the centre is the tint.
        let ink = (36...48).flatMap { x in (10...22).map { y in image.rgba(x, y) } }
        XCTAssertTrue(ink.contains { $0 == [52, 199, 89, 255] }, "checkmark ink in the tint")
    }

    func testOffTrackIsSecondaryAt035() throws {
        // Light: rgba(60,60,67, 0.6 x 0.35 = 0.21): alpha round(0.21 x 255) = 54.
        // Colour channels are straight alpha recovered from 8-bit premultiplied: within
        // 255 / (2 x 54) + 1/2, so 3.
        let light = try render("on=0")
        assertColor(light.rgba(50, 16), [60, 60, 67, 54], tolerance: 3)
        XCTAssertEqual(light.rgba(50, 16)[3], 54)
        let dark = try render("on=0&theme=dark")
        assertColor(dark.rgba(50, 16), [235, 235, 245, 54], tolerance: 3)
        // The off symbol is gray (142,142,147).
        let ink = (10...22).flatMap { x in (10...22).map { y in light.rgba(x, y) } }
        XCTAssertTrue(ink.contains { $0 == [142, 142, 147, 255] }, "xmark ink in gray")
    }

    func testDarkPaletteAndCustomOffColour() throws {
        assertColor(try render("on=1&theme=dark").rgba(6, 16), [48, 209, 88, 255], tolerance: 0)
        assertColor(try render("on=1&color=indigo&theme=dark").rgba(6, 16), [94, 92, 230, 255], tolerance: 0)
        assertColor(try render("on=0&off_color=red").rgba(50, 16), [255, 59, 48, 255], tolerance: 0)
    }

    func testDisabledDrawsEveryLayerAtFortyPercent() throws {
        let image = try render("on=1&disabled=1")
        // Track alone: alpha round(0.4 x 255) = 102.
        assertColor(image.rgba(6, 16), [52, 199, 89, 102], tolerance: 1)
        // Knob over track over shadow: white 0.4 over (shadow, then tint at 0.4): not opaque.
        let knob = image.rgba(42, 5)
        XCTAssertLessThan(knob[3], 255)
        XCTAssertGreaterThan(knob[3], 102)
    }

    /// x of the knob's centre: midpoint of the white run on the row 10 pt above centre
    /// (outside the symbol box).
    func knobCenterX(_ image: DecodedPNG, scale: Double) -> Double {
        let y = Int((16 - 10) * scale)
        let white = (0..<image.width).filter { image.rgba($0, y) == [255, 255, 255, 255] }
        guard let first = white.first, let last = white.last else { return -1 }
        return Double(first + last + 1) / 2
    }

    func testKnobPositions() throws {
        // Off: 3 s + d s / 2 = 3 + 13 = 16; on: W - 16 = 42; mixed: W / 2 = 29 (scale 1).
        XCTAssertEqual(knobCenterX(try render("on=0"), scale: 1), 16, accuracy: 0.5)
        XCTAssertEqual(knobCenterX(try render("on=1"), scale: 1), 42, accuracy: 0.5)
        XCTAssertEqual(knobCenterX(try render("state=mixed"), scale: 1), 29, accuracy: 0.5)
        // Scale 3: W = round(172.8) = 173; off 9 + 39 = 48; on 173 - 48 = 125.
        XCTAssertEqual(knobCenterX(try render("on=0&scale=3"), scale: 3), 48, accuracy: 0.5)
        XCTAssertEqual(knobCenterX(try render("on=1&scale=3"), scale: 3), 125, accuracy: 0.5)
        // Mixed: track in the tint.
        assertColor(try render("state=mixed").rgba(4, 16), [52, 199, 89, 255], tolerance: 0)
    }

    func testShadowFallsBelowTheKnob() throws {
        // Black at 0.2, offset 1 pt down, sigma 2 pt: just below the knob's bottom edge the track
        // is darker than the same distance above its top edge.
        let image = try render("on=1&scale=2&bg=white")
        let x = Int(42 * 2.0)
        let below = image.rgba(x, Int((16 + 13 + 1.5) * 2))
        let above = image.rgba(x, Int((16 - 13 - 1.5) * 2))
        XCTAssertLessThan(below[1], above[1], "shadow below \(below) vs above \(above)")
    }

    func testPaddingAndBackground() throws {
        let image = try render("on=1&pad=4&bg=ff0000")
        XCTAssertEqual(image.width, 58 + 8)
        XCTAssertEqual(image.height, 32 + 8)
        assertColor(image.rgba(0, 0), [255, 0, 0, 255], tolerance: 0)
        assertColor(image.rgba(4 + 6, 4 + 16), [52, 199, 89, 255], tolerance: 0)
    }

    func testTextChunks() throws {
        let spec = try ToggleQuery(rawQuery: "on=1").spec
        let chunks = pngTextChunks(try ToggleRequest(spec: spec, format: .png).bytes())
        XCTAssertEqual(chunks["Title"], "Switch, on")
        XCTAssertEqual(chunks["Description"], "Switch, on, symbol checkmark, tint green")
        XCTAssertNotNil(chunks["Software"])
    }

    func testIdenticalSpecsGiveIdenticalBytes() throws {
        let spec = try ToggleQuery(rawQuery: "on=1&scale=2.5&color=teal").spec
        XCTAssertEqual(try ToggleRequest(spec: spec, format: .png).bytes(), try ToggleRequest(spec: spec, format: .png).bytes())
    }
}
