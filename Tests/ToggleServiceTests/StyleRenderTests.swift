import ImageWriters
import Foundation
import TestSupport
import TogglePicture
@testable import ToggleService
import XCTest
@testable import QueryLanguage

/// Every style x state x theme x format renders: PNGs decode (with an independent
/// decoder) at the scene's size, SVGs name the same size, and a few pixels sit where DESIGN
/// section 11 puts them.
final class StyleRenderTests: XCTestCase {
    static let styles = ["iconSwitch", "switch", "button&label=Bold", "symbol&label=Play", "tutorial"]

    func testEveryStyleStateThemeAndFormatRenders() throws {
        for style in Self.styles {
            for state in ["on=1", "on=0", "state=mixed"] {
                for theme in ["light", "dark", "auto"] {
                    for format in ImageFormat.allCases where theme != "auto" || format == .svg {
                        let query = "style=\(style)&\(state)&theme=\(theme)&scale=2"
                        let parsed = try ToggleQuery(rawQuery: query)
                        let scene = try ToggleScene.scene(for: parsed.spec)
                        let bytes = try ToggleRequest(query: parsed, format: format).bytes()
                        switch format {
                        case .png:
                            let png = try XCTUnwrap(DecodedPNG(bytes), query)
                            XCTAssertEqual(png.width, scene.width, query)
                            XCTAssertEqual(png.height, scene.height, query)
                            XCTAssertTrue(stride(from: 3, to: png.pixels.count, by: 4).contains { png.pixels[$0] > 0 },
                                          "\(query): nothing drawn")
                        case .svg:
                            let text = String(decoding: bytes, as: UTF8.self)
                            XCTAssertTrue(text.contains("width=\"\(scene.width)\""), query)
                            XCTAssertTrue(text.contains("height=\"\(scene.height)\""), query)
                        }
                    }
                }
            }
        }
    }

    func pixel(_ png: DecodedPNG, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * png.width + x) * 4
        return Array(png.pixels[i..<i + 4])
    }

    func testSwitchPixels() throws {
        // Scale 2, on: 102 x 62 px; knob centre (71, 31) white; track at (8, 31) the tint green.
        let png = try XCTUnwrap(DecodedPNG(try ToggleRequest(spec: ToggleQuery(rawQuery: "style=switch&on=1&scale=2").spec, format: .png).bytes()))
        XCTAssertEqual(png.width, 102)
        XCTAssertEqual(png.height, 62)
        XCTAssertEqual(pixel(png, 71, 31), [255, 255, 255, 255])
        XCTAssertEqual(pixel(png, 8, 31), [52, 199, 89, 255])
        XCTAssertEqual(pixel(png, 0, 0)[3], 0)   // outside the capsule
    }

    func testTutorialPixels() throws {
        // Scale 2, off: the knob at (25.5 - 11) x 2 = 29 px; its rim white, the track blue at the right.
        let png = try XCTUnwrap(DecodedPNG(try ToggleRequest(spec: ToggleQuery(rawQuery: "style=tutorial&on=0&scale=2").spec, format: .png).bytes()))
        XCTAssertEqual(pixel(png, 29, 31 - 10), [255, 255, 255, 255])
        XCTAssertEqual(pixel(png, 90, 31), [0, 122, 255, 255])
        // The xmark at the knob's centre is in the track colour.
        XCTAssertEqual(pixel(png, 29, 31), [0, 122, 255, 255])
    }

    func testButtonOffIsTheTintAtPointFifteen() throws {
        let png = try XCTUnwrap(DecodedPNG(try ToggleRequest(spec: ToggleQuery(rawQuery: "style=button&label=A&on=0&color=blue").spec, format: .png).bytes()))
        // In the 14 pt padding left of the label, mid-height: blue at alpha 0.15.
        let p = pixel(png, 5, 17)
        // Straight alpha from premultiplied 8-bit: within 1 of (0, 122, 255), alpha round(0.15 x 255) = 38.
        for (got, want) in zip(p[0..<3], [0, 122, 255]) { XCTAssertLessThanOrEqual(abs(Int(got) - want), 1, "\(p)") }
        XCTAssertEqual(Int(p[3]), 38)
    }
}
