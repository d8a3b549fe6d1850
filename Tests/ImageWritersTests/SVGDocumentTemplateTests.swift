import Geometry
@testable import ImageWriters
import Scene
import TogglePicture
import XCTest
@testable import QueryLanguage

/// A document made from a kept template (`SVGDocumentTemplates`) has the bytes of the same scene
/// written element by element (`SVGWriter.documentBytes`): over toggles of every style, state and
/// size in colours, opacities (opaque, translucent, `fill-opacity` appearing and going) and
/// backgrounds, each asked twice so the second answer comes from a template.
final class SVGDocumentTemplateTests: XCTestCase {
    func testTemplatedDocumentsEqualWrittenOnes() throws {
        var checked = 0
        for style in ["iconSwitch", "switch", "checkbox", "button", "symbol"] {
            for state in ["on=1", "on=0", "state=mixed"] {
                for colour in ["indigo", "%23123456", "rgba(10,200,30,0.5)", "%23ff000080", "red"] {
                    for extra in ["", "&scale=2", "&bg=white", "&disabled=1", "&sym=moon.fill&size=xxxLarge"] {
                        let query = "style=\(style)&\(state)&color=\(colour)\(extra)"
                        guard let parsed = try? ToggleQuery(rawQuery: query) else { continue }
                        let scene = try ToggleScene.scene(for: parsed.spec)
                        let written = SVGWriter.documentBytes(scene, dark: nil)
                        XCTAssertEqual(SVGWriter.svg(scene), written, query)
                        XCTAssertEqual(SVGWriter.svg(scene), written, query + " (again)")
                        // Kept: the second answer came from the template.
                        XCTAssertEqual(SVGDocumentTemplates.document(for: scene), written, query)
                        checked += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// A scene that differs from a kept one in more than colour (a path, a transform, the title,
    /// the size) does not take its template.
    func testOtherGeometryIsWrittenAfresh() {
        let square = Path(elements: [.move(Point(0, 0)), .line(Point(4, 0)), .line(Point(4, 4)), .close])
        let other = Path(elements: [.move(Point(0, 0)), .line(Point(5, 0)), .line(Point(5, 5)), .close])
        func scene(_ path: Path, colour: RGBAColor, title: String = "t", width: Int = 10,
                   transform: Geometry.AffineTransform = .identity) -> Scene {
            Scene(width: width, height: 10, title: title, operations: [
                .fill(PathFill(path, transform: transform, color: colour)),
                .shadow(PathShadow(path, offset: Point(0, 1), sigma: 2, color: colour, opacity: 0.5)),
            ])
        }
        let red = RGBAColor(red: 255, green: 0, blue: 0), blue = RGBAColor(red: 0, green: 0, blue: 255)
        _ = SVGWriter.svg(scene(square, colour: red))
        // A title canonically equivalent to the kept one (String's == says equal) but other bytes:
        // U+00E9 against "e" + U+0301.
        _ = SVGWriter.svg(scene(square, colour: red, title: "Cafe\u{301}"))
        let composed = scene(square, colour: blue, title: "Caf\u{E9}")
        XCTAssertEqual(SVGWriter.svg(composed), SVGWriter.documentBytes(composed, dark: nil))
        XCTAssertNotNil(String(decoding: SVGWriter.svg(composed), as: UTF8.self).utf8
            .firstRange(of: Array("Caf\u{E9}".utf8)), "the composed spelling's own bytes")
        for variant in [scene(square, colour: blue), scene(other, colour: blue), scene(square, colour: blue, title: "u"),
                        scene(square, colour: blue, width: 11),
                        scene(square, colour: blue, transform: Geometry.AffineTransform.translation(1, 0))] {
            XCTAssertEqual(SVGWriter.svg(variant), SVGWriter.documentBytes(variant, dark: nil))
        }
        // Paints of every kind of alpha from the same template: opaque, translucent, zero, and one
        // too large for thousandths (never a colour's, but written as the writer writes it).
        for alpha in [1, 0.5, 0.0004, 0, 2e15, 0.9996] {
            let variant = scene(square, colour: RGBAColor(red: 1, green: 2, blue: 3, alpha: alpha))
            XCTAssertEqual(SVGWriter.svg(variant), SVGWriter.documentBytes(variant, dark: nil), "\(alpha)")
        }
    }

    /// A scene with a path made afresh each time (as a label's glyphs are) never matches: at
    /// most `unusedPerFrame` unused templates of its frame are held (new ones replace them), and
    /// every document is still the written one.
    func testScenesThatNeverMatchAreNotKeptAgain() {
        func scene(_ n: Int) -> Scene {
            let fresh = Path(elements: [.move(Point(0, 0)), .line(Point(3, 0)), .line(Point(3, 3)), .close])
            return Scene(width: 13, height: 7, title: "fresh", operations: [
                .fill(PathFill(fresh, color: RGBAColor(red: UInt8(n % 256), green: 0, blue: 0))),
            ])
        }
        for n in 0..<20 {
            let s = scene(n)
            XCTAssertEqual(SVGWriter.svg(s), SVGWriter.documentBytes(s, dark: nil))
        }
        XCTAssertEqual(SVGDocumentTemplates.count(withFrameOf: scene(0)), SVGDocumentTemplates.unusedPerFrame)
    }

    /// The paint attributes as SVG 1.1 spells them (hand-written): `#rrggbb` in lowercase hex,
    /// `fill-opacity` only when the alpha does not write as 1, with at most three decimals.
    func testPaintAttributes() {
        func paint(_ alpha: Double) -> String {
            var out = SVGBytes()
            SVGWriter.paintBytes((RGBAColor(red: 0x12, green: 0xab, blue: 0xf0), alpha), to: &out)
            return String(decoding: out.bytes, as: UTF8.self)
        }
        XCTAssertEqual(paint(1), " fill=\"#12abf0\"")
        XCTAssertEqual(paint(0.9996), " fill=\"#12abf0\"")
        XCTAssertEqual(paint(0.5), " fill=\"#12abf0\" fill-opacity=\"0.5\"")
        XCTAssertEqual(paint(0.2), " fill=\"#12abf0\" fill-opacity=\"0.2\"")
        XCTAssertEqual(paint(0.12345), " fill=\"#12abf0\" fill-opacity=\"0.123\"")
        XCTAssertEqual(paint(0.0004), " fill=\"#12abf0\" fill-opacity=\"0\"")
        XCTAssertEqual(paint(0), " fill=\"#12abf0\" fill-opacity=\"0\"")
    }
}
