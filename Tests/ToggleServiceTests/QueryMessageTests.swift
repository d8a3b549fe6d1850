import Foundation
import HTTPServer
import TestSupport
@testable import ToggleService
import TogglePicture
import XCTest
@testable import QueryLanguage

/// The 400s a newcomer met: the picture size of label-drawing styles, `&amp;`, card row-prefix
/// typos, style-name case and misspellings, blank labels, the animation frame bound.
final class QueryMessageTests: XCTestCase {
    func request(_ path: String, _ query: String) -> HTTPRequest { pictureRequest(path, query) }

    func json(_ body: [UInt8]) throws -> [String: String] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(body)) as? [String: String])
    }

    static let longLabel = String(repeating: "W", count: 200)

    // MARK: 1. picture size

    func testALabelDrawingToggleOverThreeAndAHalfMegapixelsIsA400InPNGAndSVG() throws {
        let responder = ToggleResponder(configuration: .init())
        let q = "style=button&size=accessibility5&scale=4&pad=64&label=" + Self.longLabel
        for path in ["/toggle", "/toggle.png", "/toggle.svg"] {
            let response = responder.respond(to: request(path, q))
            XCTAssertEqual(response.status, 400, path)
            let body = try json(response.body)
            XCTAssertEqual(body["error"], "picture too large", path)
            XCTAssertEqual(body["parameter"], "scale", path)
            XCTAssertEqual(body["value"], "4", path)
            let expected = body["expected"] ?? ""
            for part in ["3500000", "scale 4", "size accessibility5", "pad 64", "label of 200 characters"] {
                XCTAssertTrue(expected.contains(part), "\(path): \(part) missing from \(expected)")
            }
        }
        // Without scale the size is blamed; smaller pictures pass.
        let e = rejection("style=button&size=accessibility5&pad=64&label=" + String(repeating: "W", count: 200) + "&scale=2")
        XCTAssertEqual(e?.error, "picture too large")
        XCTAssertNoThrow(try ToggleQuery(rawQuery: "style=button&size=accessibility5&scale=1&label=" + Self.longLabel))
        XCTAssertNoThrow(try ToggleQuery(rawQuery: "style=symbol&scale=4&pad=64&label=Wi-Fi"))
        XCTAssertNoThrow(try ToggleQuery(rawQuery: "scale=4&size=accessibility5&pad=64"))
    }

    /// The bound's measure is the size the renderer draws, for every style.
    func testPictureSizeIsTheRenderedSize() throws {
        for style in ToggleStyles.names {
            for q in ["scale=2&pad=3.5", "scale=1.5&size=xxxLarge", "scale=3&size=accessibility2&pad=10"] {
                let query = try ToggleQuery(rawQuery: "style=\(style)&label=Dark%20Mode&on=1&" + q)
                let png = try ToggleRequest(spec: query.spec, format: .png).bytes()
                let decoded = try XCTUnwrap(DecodedPNG(png))
                let size = PictureSize.of(query.spec)
                XCTAssertEqual([size.width, size.height], [decoded.width, decoded.height], "\(style) \(q)")
            }
        }
    }
}

extension QueryMessageTests {
    // MARK: 2. &amp;

    func testAnHTMLEscapedAmpersandIsA400NamingTheParameterMeant() throws {
        let responder = ToggleResponder(configuration: .init())
        for (path, query, name) in [("/row", "label=Dark%20Mode&amp;style=button&amp;on=1", "amp;style"),
                                    ("/toggle", "on=1&amp;color=red", "amp;color"),
                                    ("/card", "row1.label=x&amp;row1.on=1", "amp;row1.on"),
                                    ("/toggle.svg", "on=1&amp%3Bsym=star", "amp;sym")] {
            let response = responder.respond(to: request(path, query))
            XCTAssertEqual(response.status, 400, query)
            let body = try json(response.body)
            XCTAssertEqual(body["parameter"], name, query)
            let expected = body["expected"] ?? ""
            XCTAssertTrue(expected.contains("&amp; is HTML escaping"), expected)
            XCTAssertTrue(expected.contains("the parameter \(name.dropFirst(4))"), expected)
        }
        // A name that merely starts with "amp" is still an ignored unknown name.
        XCTAssertEqual(try ToggleQuery(rawQuery: "on=1&ampere=3").ignored, ["ampere"])
    }
}

extension QueryMessageTests {
    // MARK: 3. card row prefixes

    func testAMistypedRowPrefixIsA400WithTheRowMeant() {
        for (name, meant) in [("rows1.label", "row1.label"), ("Row1.label", "row1.label"), ("ROW2.on", "row2.on"),
                              ("row_3.sym", "row3.sym"), ("raw1.label", "row1.label"), ("row.label", "row1.label"),
                              ("rows1.colour", "row1.color")] {
            let e = cardRejection("row1.label=a&\(name)=x")
            XCTAssertEqual(e?.parameter, name)
            XCTAssertTrue(e?.expected.hasPrefix("did you mean \(meant)?") == true, "\(name): \(e?.expected ?? "")")
        }
        // Names that are not row prefixes stay ignored.
        XCTAssertEqual(try CardQuery(rawQuery: "row1.label=a&v=3&utm.source=x&a.b=1").ignored, ["v", "utm.source", "a.b"])
    }

    func testAMisspeltNameUnderARowPrefixGetsASuggestion() {
        for (name, meant) in [("row1.colour", "row1.color"), ("row1.styl", "row1.style"), ("row2.source", "row2.sources"),
                              ("row1.lable", "row1.label")] {
            let e = cardRejection("row1.label=a&row2.label=b&\(name)=x")
            XCTAssertEqual(e?.parameter, name)
            XCTAssertTrue(e?.expected.hasPrefix("did you mean \(meant)?") == true, "\(name): \(e?.expected ?? "")")
        }
        for name in ["row1.width", "row1.scale"] {
            let e = cardRejection("row1.label=a&\(name)=400")
            XCTAssertEqual(e?.parameter, name)
            XCTAssertTrue(e?.expected.contains("for the whole card, without a row prefix") == true, e?.expected ?? "")
        }
        XCTAssertTrue(cardRejection("row1.label=a&row1.thme=dark")?.expected.hasPrefix("did you mean theme?") == true)
    }
}

extension QueryMessageTests {
    // MARK: 4. style names

    func testStyleNamesIgnoreCase() throws {
        for (value, style) in [("Switch", "switch"), ("iconswitch", "iconSwitch"), ("ICONSWITCH", "iconSwitch"),
                               ("Tutorial", "tutorial")] {
            let spec = try ToggleQuery(rawQuery: "style=\(value)&on=1").spec
            XCTAssertEqual(spec.style, style, value)
            XCTAssertEqual(spec.canonicalKey, try ToggleQuery(rawQuery: "style=\(style)&on=1").spec.canonicalKey)
        }
        XCTAssertEqual(try ToggleQuery(rawQuery: "style=BUTTON&label=Wi-Fi").spec.style, "button")
        // The rules that depend on the style see it too: a button needs its label.
        XCTAssertEqual(rejection("style=Button")?.parameter, "label")
        XCTAssertEqual(try RowQuery(rawQuery: "label=a&style=Symbol").spec.style, "symbol")
    }

    func testAMisspeltStyleSuggestsTheNearest() {
        for (value, meant) in [("swich", "switch"), ("buton", "button"), ("iconSwich", "iconSwitch"),
                               ("Symbl", "symbol"), ("tutorail", "tutorial")] {
            let e = rejection("style=\(value)&label=x")
            XCTAssertEqual(e?.parameter, "style")
            XCTAssertTrue(e?.expected.hasPrefix("did you mean \(meant)? a style: ") == true, "\(value): \(e?.expected ?? "")")
        }
        XCTAssertEqual(rejection("style=fancy")?.expected.hasPrefix("a style:"), true)
    }
}

extension QueryMessageTests {
    // MARK: 5. blank labels

    func testALabelOfOnlyBlankCharactersIsA400() throws {
        let responder = ToggleResponder(configuration: .init())
        for label in ["%20", "%20%20%20", "%E2%80%8B", "%C2%A0", "%E3%80%80", "%E2%80%8B%20%EF%BB%BF", "%E2%81%A0"] {
            for (path, q) in [("/row", "label=\(label)"), ("/toggle", "style=button&label=\(label)"),
                              ("/card", "row1.label=\(label)")] {
                let response = responder.respond(to: request(path, q))
                XCTAssertEqual(response.status, 400, "\(path)?\(q)")
                let body = try json(response.body)
                XCTAssertTrue(body["expected"]?.contains("at least one visible character") == true, "\(q): \(body)")
                XCTAssertTrue(body["parameter"]?.hasSuffix("label") == true, q)
            }
        }
        // A visible character among blanks is a label.
        XCTAssertNoThrow(try RowQuery(rawQuery: "label=%20a%E2%80%8B"))
        XCTAssertNoThrow(try RowQuery(rawQuery: "label=."))
    }
}

extension QueryMessageTests {
    /// The animation frame bound measures the style's own picture: a label-drawing style with a
    /// long label is refused on `animate`, as a large icon switch is, naming the label's length.
    func testAnimationFrameLimitAppliesToLabelDrawingStyles() throws {
        for style in ["button", "symbol"] {
            let e = rejection("style=\(style)&on=1&animate=1&scale=3&label=" + String(repeating: "W", count: 120))
            XCTAssertEqual(e?.error, "picture too large", style)
            XCTAssertEqual(e?.parameter, "animate", style)
            XCTAssertTrue(e?.expected.contains("at most 400000 px") == true, e?.expected ?? "")
            XCTAssertTrue(e?.expected.contains("a label of 120 characters") == true, e?.expected ?? "")
            XCTAssertNoThrow(try ToggleQuery(rawQuery: "style=\(style)&on=1&animate=1&scale=2&label=Wi-Fi"), style)
        }
    }
}

