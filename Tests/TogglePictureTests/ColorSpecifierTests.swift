import Scene
import Geometry
import Raster
import XCTest
import Utilities
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

    /// `parse` reads hex digits before names; that is only the same as names first while no name
    /// is itself 3, 4, 6 or 8 hex digits.
    func testNoColourNameIsHexDigits() {
        let names = NamedColor.allCases.map(\.rawValue) + ["grey", "transparent"] + Array(CSSNamedColors.table.keys)
        XCTAssertGreaterThan(names.count, 150)
        for name in names {
            XCTAssertFalse([3, 4, 6, 8].contains(name.utf8.count) && name.utf8.allSatisfy { hexDigitValue($0) != nil }, name)
            XCTAssertNil(ColorSpecifier.hexColor(name), name)
        }
        XCTAssertNil(ColorSpecifier.hexColor("#"))
        XCTAssertNil(ColorSpecifier.hexColor("##f80"))
        XCTAssertNil(ColorSpecifier.hexColor("ff88001"))
        XCTAssertEqual(ColorSpecifier.hexColor("#aBc"), RGBAColor(red: 0xaa, green: 0xbb, blue: 0xcc))
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

    // MARK: - CSS Color 4

    func rgb(_ text: String) -> [Int]? {
        guard case .fixed(let c)? = ColorSpecifier.parse(text) else { return nil }
        return [Int(c.red), Int(c.green), Int(c.blue)]
    }

    func testGreyIsGrayAndSwiftUINamesWinOverCSS() {
        XCTAssertEqual(ColorSpecifier.parse("grey"), .named(.gray))
        XCTAssertEqual(ColorSpecifier.parse("GREY"), .named(.gray))
        XCTAssertEqual(ColorSpecifier.parse("transparent"), .named(.clear))
        // CSS has red, green, blue, teal, indigo, ... too; the SwiftUI colours (which adapt to
        // the theme) win: CSS green is (0,128,0), SwiftUI's is (52,199,89) light.
        for name in NamedColor.allCases.map(\.rawValue) {
            XCTAssertEqual(ColorSpecifier.parse(name), NamedColor(rawValue: name).map { .named($0) }, name)
        }
    }

    func testCSSNamedColours() {
        // Values from CSS Color 4 section 6.1; the whole list is checked against an outside list
        // by scripts/check-css-colors.
        XCTAssertEqual(rgb("PapayaWhip"), [255, 239, 213])
        XCTAssertEqual(rgb("rebeccapurple"), [102, 51, 153])
        XCTAssertEqual(rgb("darkgrey"), [169, 169, 169])
        XCTAssertEqual(rgb("darkgray"), [169, 169, 169])
        XCTAssertEqual(rgb("lightslategrey"), [119, 136, 153])
        XCTAssertEqual(rgb("aliceblue"), [240, 248, 255])
        XCTAssertEqual(rgb("yellowgreen"), [154, 205, 50])
        XCTAssertEqual(CSSNamedColors.table.count, 148)
    }

    func testRGBFunctions() {
        let orange = [255, 149, 0]
        for form in ["rgb(255,149,0)", "rgb(255, 149, 0)", "RGB( 255 , 149 , 0 )", "rgb(255 149 0)", "rgba(255 149 0)",
                     "rgb(100% 58.4% 0%)", "rgb(255 149 0 / 1)", "rgb(255 149 0 / 100%)", "rgba(255,149,0,1)",
                     "rgb(2.55e2 149 0)", "rgb(255 149 none)", "rgb(100% 149 0)"] {
            XCTAssertEqual(rgb(form), orange, form)
        }
        XCTAssertEqual(rgb("rgb(100% 58% 0%)"), [255, 148, 0])  // 0.58 x 255 = 147.9
        guard case .fixed(let half)? = ColorSpecifier.parse("rgba(255, 149, 0, 0.5)") else { return XCTFail() }
        XCTAssertEqual(half.alpha, 0.5)
        XCTAssertEqual(ColorSpecifier.parse("rgb(255 149 0 / 50%)"), .fixed(half))
        XCTAssertEqual(ColorSpecifier.parse("rgba(255,149,0,50%)"), .fixed(half))
    }

    /// Expected values from the definitions of CSS Color 4 sections 7 and 8: the primaries and
    /// secondaries at full saturation, grays at zero saturation, and hwb's whiteness + blackness
    /// >= 1 giving the gray w / (w + b); 127.5 rounds to 128.
    func testHSLAndHWB() {
        let cases: [(String, [Int])] = [
            ("hsl(0 100% 50%)", [255, 0, 0]), ("hsl(120deg 100% 50%)", [0, 255, 0]), ("hsl(240 100% 50%)", [0, 0, 255]),
            ("hsl(60, 100%, 50%)", [255, 255, 0]), ("hsla(180, 100%, 50%, 1)", [0, 255, 255]),
            ("hsl(300 100 50)", [255, 0, 255]), ("hsl(-120 100% 50%)", [0, 0, 255]), ("hsl(480 100% 50%)", [0, 255, 0]),
            ("hsl(0.5turn 100% 50%)", [0, 255, 255]), ("hsl(400grad 100% 50%)", [255, 0, 0]),
            ("hsl(3.14159265rad 100% 50%)", [0, 255, 255]), ("hsl(0 0% 50%)", [128, 128, 128]),
            ("hsl(123 0% 100%)", [255, 255, 255]), ("hsl(200 80% 0%)", [0, 0, 0]), ("hsl(120 100% 25%)", [0, 128, 0]),
            ("hsl(35 100% 50%)", [255, 149, 0]),
            ("hwb(0 0% 0%)", [255, 0, 0]), ("hwb(120 0% 50%)", [0, 128, 0]), ("hwb(0 100% 0%)", [255, 255, 255]),
            ("hwb(0 0% 100%)", [0, 0, 0]), ("hwb(90 60% 60%)", [128, 128, 128]), ("hwb(35 0% 0%)", [255, 149, 0]),
            ("hwb(240 20% 20% / 0.5)", [51, 51, 204]),
        ]
        for (form, expected) in cases { XCTAssertEqual(rgb(form), expected, form) }
    }

    func testMalformedAndOutOfRangeFunctionsAreRejected() {
        for bad in ["rgb(256,0,0)", "rgb(-1 0 0)", "rgb(101% 0% 0%)", "rgb(255 0 0 / 1.5)", "rgb(255 0 0 / 101%)",
                    "rgb(255,0,0", "rgb 255,0,0)", "rgb()", "rgb(1,2)", "rgb(1,2,3,4,5)", "rgb(1 2 3 4)",
                    "rgb(1, 2 3)", "rgb(1,2,3 / 1)", "rgb(100%, 0, 0)", "rgb(none,0,0)", "rgb(1 2 3 /)",
                    "rgb(1 2 3 / 1 / 1)", "rgb(nan 0 0)", "rgb(inf 0 0)", "rgb(0x10 0 0)", "rgb(1e400 0 0)",
                    "hsl(0 101% 50%)", "hsl(0, 50, 50)", "hsl(10% 50% 50%)", "hsl(0 50% -1%)", "hwb(0, 0%, 0%)",
                    "hwb(0 101% 0%)", "hsv(0 0% 0%)", "lab(50 0 0)", "color(srgb 1 0 0)", "rgb(1deg 0 0)",
                    "rgb(1,,2,3)", "rgb(1 2 3)x", "notacolour", "rgb(1 2 3) ", "greys"] {
            XCTAssertNil(ColorSpecifier.parse(bad), bad)
        }
    }
}
