import Scene
import Geometry
import Raster
import XCTest
@testable import TogglePicture

/// Colour parsing against docs/design-facts.md sections 2 and 4 (values from Apple's iOS 15-18 palette).
final class ColorSpecifierTests: XCTestCase {
    func testNamedColoursResolvePerAppearance() {
        XCTAssertEqual(ColorSpecifier.parse("green")?.resolved(in: .light), RGBAColor(red: 52, green: 199, blue: 89))
        XCTAssertEqual(ColorSpecifier.parse("green")?.resolved(in: .dark), RGBAColor(red: 48, green: 209, blue: 88))
        XCTAssertEqual(ColorSpecifier.parse("indigo")?.resolved(in: .light), RGBAColor(red: 88, green: 86, blue: 214))
        XCTAssertEqual(ColorSpecifier.parse("Indigo")?.resolved(in: .dark), RGBAColor(red: 94, green: 92, blue: 230))
        XCTAssertEqual(ColorSpecifier.parse("clear")?.resolved(in: .light).alpha, 0)
        XCTAssertEqual(ColorSpecifier.parse("white")?.resolved(in: .dark), RGBAColor.white)
    }

    func testEveryPaletteNameParses() {
        for name in ["red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple",
                     "pink", "brown", "gray", "black", "white", "clear"] {
            XCTAssertNotNil(ColorSpecifier.parse(name), name)
        }
    }

    func testHexForms() {
        let orange = RGBAColor(red: 0xff, green: 0x88, blue: 0x00)
        XCTAssertEqual(ColorSpecifier.parse("f80"), .fixed(orange))
        XCTAssertEqual(ColorSpecifier.parse("#F80"), .fixed(orange))
        XCTAssertEqual(ColorSpecifier.parse("ff8800"), .fixed(orange))
        XCTAssertEqual(ColorSpecifier.parse("#FF8800"), .fixed(orange))
        XCTAssertEqual(ColorSpecifier.parse("ff880080"), .fixed(RGBAColor(red: 0xff, green: 0x88, blue: 0, alpha: 128.0 / 255)))
        XCTAssertEqual(ColorSpecifier.parse("f808"), .fixed(RGBAColor(red: 0xff, green: 0x88, blue: 0, alpha: 0x88 / 255.0)))
    }

    func testRejects() {
        for bad in ["", "#", "notacolor", "ff", "ff8800f", "#ff88001122", "gg0000", "12345", " red", "red ", "#-12"] {
            XCTAssertNil(ColorSpecifier.parse(bad), "\(bad) should be rejected")
        }
    }

    func testCanonicalSpelling() {
        XCTAssertEqual(ColorSpecifier.parse("#F80")?.canonical, "#ff8800ff")
        XCTAssertEqual(ColorSpecifier.parse("BLUE")?.canonical, "blue")
    }
}
