import Foundation
import HTTPServer
import TestSupport
import TogglePicture
@testable import ToggleService
import XCTest
@testable import QueryLanguage

/// `style=` and `sources=` on `/row` and on `/card` rows, PNG and SVG; every style
/// mirrored right to left, in pixels; the query leftovers a newcomer found.
final class StyleRowRouteTests: XCTestCase {
    let responder = ToggleResponder(configuration: .init())

    private func get(_ path: String, _ query: String?) -> HTTPResponse {
        responder.respond(to: HTTPRequest(method: "GET", target: path + (query.map { "?" + $0 } ?? ""), path: path,
                                          query: query, version: .http1_1, headers: HTTPFields([("Host", "x")])))
    }

    private func png(_ path: String, _ query: String) throws -> DecodedPNG {
        let response = get(path, query)
        XCTAssertEqual(response.status, 200, "\(path)?\(query): " + String(decoding: response.body, as: UTF8.self))
        return try XCTUnwrap(DecodedPNG(response.body), query)
    }

    private func json(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    // MARK: rows and cards of every style

    /// Row heights in pt at Large (docs/design-facts.md sections 10 and 11): 44 for the switches
    /// and the button (34 pt, under 44); the symbol style's stack 22 + 8 + 50 pt plus 3 pt either
    /// side for its border, 86 pt.
    static let styles: [(query: String, height: Double)] = [
        ("style=iconSwitch", 44), ("style=switch", 44), ("style=button", 44), ("style=symbol", 86), ("style=tutorial", 44),
    ]

    func testEveryStyleStateThemeAndScaleRowRendersInPNGAndSVG() throws {
        for (style, height) in Self.styles {
            for state in ["on=1", "on=0", "state=mixed", "sources=1,0,1"] {
                for theme in ["light", "dark"] {
                    for scale in [1, 2, 3] {
                        let query = "label=Wi-Fi&\(style)&\(state)&theme=\(theme)&scale=\(scale)"
                        let picture = try png("/row.png", query)
                        XCTAssertEqual(picture.width, 350 * scale, query)
                        XCTAssertEqual(picture.height, Int((height * Double(scale)).rounded()), query)
                        let svg = get("/row.svg", query)
                        XCTAssertEqual(svg.status, 200, query)
                        XCTAssertTrue(json(svg).contains("width=\"\(350 * scale)\""), query)
                    }
                }
            }
        }
    }

    func testCardWithOneRowOfEachStyle() throws {
        let query = "scale=2&theme=dark&row1.label=Wi-Fi&row1.on=1&row2.label=Wi-Fi&row2.style=switch&row2.on=1"
            + "&row3.label=Bold&row3.style=button&row3.on=1&row4.label=Play&row4.style=symbol&row4.sources=1,0"
            + "&row5.label=Custom&row5.style=tutorial"
        let picture = try png("/card.png", query)
        // 20 + 12 + 44 x 4 + 86 + 8 x 4 + 12 + 20 pt = 358 pt at scale 2.
        XCTAssertEqual(picture.width, 780)
        XCTAssertEqual(picture.height, 716)
        let svg = get("/card.svg", query)
        XCTAssertEqual(svg.status, 200)
        XCTAssertTrue(json(svg).contains("Bold, toggle button, on"), "the button row says it is a toggle button")
        XCTAssertTrue(json(svg).contains("Play, switch, mixed"), "sources=1,0 is mixed")
    }

    func testStyleRulesHoldInRowsWithTheRowPrefix() throws {
        let sym = get("/card", "row1.label=A&row1.style=switch&row1.sym=star.fill")
        XCTAssertEqual(sym.status, 400)
        XCTAssertTrue(json(sym).contains("\"parameter\":\"row1.sym\""), json(sym))
        XCTAssertTrue(json(sym).contains("has no symbol"), json(sym))
        XCTAssertEqual(get("/row", "label=A&style=switch&off_sym=moon").status, 400)
        XCTAssertEqual(get("/row", "label=A&style=frog").status, 400)
        XCTAssertEqual(get("/row", "label=A&sources=1,0&on=1").status, 400)
        // A label-drawing style takes the row's label: no label= beside it is needed (or possible).
        XCTAssertEqual(get("/row", "label=A&style=button").status, 200)
        XCTAssertEqual(get("/card", "row1.label=A&row1.style=symbol").status, 200)
    }

    func testTheRowsStyleIsPartOfTheEntityTag() {
        let tags = Self.styles.map { get("/row", "label=A&on=1&\($0.query)").headers["ETag"] }
        XCTAssertEqual(Set(tags).count, tags.count, "\(tags)")
        XCTAssertNotEqual(get("/row", "label=A&style=button&on=1").headers["ETag"],
                          get("/row", "label=A&style=button&on=1&width=300").headers["ETag"])
    }

    // MARK: right to left, every style

    func testSwitchMirroredPutsTheKnobLeftWhenOn() throws {
        // Scale 2: the knob's centre at 15.5 x 2 = 31 px from the left (at 71 px left to right).
        let rtl = try png("/toggle.png", "style=switch&on=1&dir=rtl&scale=2")
        XCTAssertEqual(rtl.rgba(31, 31), [255, 255, 255, 255])
        XCTAssertEqual(rtl.rgba(94, 31), [52, 199, 89, 255], "track, green, where the knob is left to right")
        let off = try png("/toggle.png", "style=switch&on=0&dir=rtl&scale=2")
        XCTAssertEqual(off.rgba(71, 31), [255, 255, 255, 255], "off: the knob at the trailing end, the right")
    }

    func testTutorialMirroredPutsTheKnobLeftWhenOn() throws {
        // Scale 2: knob centre (25.5 - 11) x 2 = 29 px; its rim 10 px above the centre is white.
        let rtl = try png("/toggle.png", "style=tutorial&on=1&dir=rtl&scale=2")
        XCTAssertEqual(rtl.rgba(29, 21), [255, 255, 255, 255])
        XCTAssertEqual(rtl.rgba(29, 31), [255, 149, 0, 255], "checkmark in the on colour, orange")
        XCTAssertEqual(rtl.rgba(90, 31), [255, 149, 0, 255], "track at the right")
        let ltr = try png("/toggle.png", "style=tutorial&on=1&scale=2")
        XCTAssertEqual(ltr.rgba(29, 21), [255, 149, 0, 255], "left to right, the track is there")
        // In a right-to-left row the same: the switch at the left, on = knob at its left.
        let row = try png("/row.png", "label=%D7%9E%D7%A6%D7%91%20%D7%9B%D7%94%D7%94&style=tutorial&on=1&scale=2")
        XCTAssertEqual(row.rgba(29, 13 + 21), [255, 255, 255, 255], "track top round(6.5 x 2) = 13 px")
    }

    /// White ink (the on button's symbol and text) left and right of the button's middle.
    private func whiteInk(_ picture: DecodedPNG) -> (left: Int, right: Int) {
        var left = 0, right = 0
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let p = picture.rgba(x, y)
                guard p[0] > 200, p[1] > 200, p[2] > 200, p[3] > 200 else { continue }
                if x < picture.width / 2 { left += 1 } else { right += 1 }
            }
        }
        return (left, right)
    }

    func testButtonMirroredPutsTheSymbolRightOfTheLabel() throws {
        // Label "l" (a thin stroke) beside a filled star: the star's side has most of the ink.
        let ltr = whiteInk(try png("/toggle.png", "style=button&label=l&sym=star.fill&on=1&scale=2"))
        let rtl = whiteInk(try png("/toggle.png", "style=button&label=l&sym=star.fill&on=1&scale=2&dir=rtl"))
        XCTAssertGreaterThan(ltr.left, 2 * ltr.right, "\(ltr)")
        XCTAssertGreaterThan(rtl.right, 2 * rtl.left, "\(rtl)")
        // Mixed draws `minus` before the label: after it when mirrored, so the picture differs.
        XCTAssertNotEqual(get("/toggle.png", "style=button&label=l&state=mixed&dir=rtl").headers["ETag"],
                          get("/toggle.png", "style=button&label=l&state=mixed").headers["ETag"])
    }

    func testARightToLeftLabelMirrorsTheToggleUnlessDirSaysLtr() throws {
        // "שלום" with a star: the star at the leading end, right of the label, as with dir=rtl.
        let hebrew = "%D7%A9%D7%9C%D7%95%D7%9D"
        let auto = whiteInk(try png("/toggle.png", "style=button&label=\(hebrew)&sym=star.fill&on=1&scale=2"))
        XCTAssertGreaterThan(auto.right, auto.left, "\(auto)")
        let rtl = try png("/toggle.png", "style=button&label=\(hebrew)&sym=star.fill&on=1&scale=2&dir=rtl")
        XCTAssertEqual(try png("/toggle.png", "style=button&label=\(hebrew)&sym=star.fill&on=1&scale=2&dir=auto").pixels,
                       rtl.pixels)
        let ltr = whiteInk(try png("/toggle.png", "style=button&label=\(hebrew)&sym=star.fill&on=1&scale=2&dir=ltr"))
        XCTAssertGreaterThan(ltr.left, ltr.right, "dir=ltr keeps the symbol first: \(ltr)")
        // A switch with that label: on puts the knob at the left (15.5 x 2 = 31 px).
        XCTAssertEqual(try png("/toggle.png", "style=switch&label=\(hebrew)&on=1&scale=2").rgba(31, 31), [255, 255, 255, 255])
    }

    func testSymbolStyleHasNothingToMirror() throws {
        let ltr = try png("/toggle.png", "style=symbol&label=Play&on=1&scale=2")
        let rtl = try png("/toggle.png", "style=symbol&label=Play&on=1&scale=2&dir=rtl")
        XCTAssertEqual(ltr.pixels, rtl.pixels)
    }

    // MARK: query leftovers

    func testCardLevelRowParameterSaysDidYouMeanRowOne() {
        let response = get("/card", "color=red")
        XCTAssertEqual(response.status, 400)
        let body = json(response)
        XCTAssertTrue(body.contains("\"parameter\":\"color\""), body)
        XCTAssertTrue(body.contains("did you mean row1.color?"), body)
        XCTAssertTrue(body.contains("theme, size, scale, width"), body)
        XCTAssertTrue(json(get("/card", "label=Wi-Fi")).contains("did you mean row1.label?"))
        XCTAssertTrue(json(get("/card", "colour=red")).contains("did you mean row1.color?"))
        XCTAssertTrue(json(get("/card", "thme=dark")).contains("did you mean theme?"))
        XCTAssertEqual(get("/card", "pad=4").status, 400)
        // Other unknown names (cache-busters) are still ignored.
        let busted = get("/card", "v=3")
        XCTAssertEqual(busted.status, 200)
        XCTAssertEqual(busted.headers["X-Ignored-Params"], "v")
    }

    func testMisspeltLabelOnRowSuggestsLabel() {
        let response = get("/row", "lable=Wi-Fi")
        XCTAssertEqual(response.status, 400)
        XCTAssertTrue(json(response).contains("\"parameter\":\"lable\""), json(response))
        XCTAssertTrue(json(response).contains("did you mean label?"), json(response))
        XCTAssertTrue(json(get("/row", "on=1")).contains("missing parameter"), "no label at all is still that")
        XCTAssertTrue(json(get("/row", "label=A&widht=300")).contains("did you mean width?"))
        XCTAssertTrue(json(get("/card", "widht=300")).contains("did you mean width?"))
        XCTAssertEqual(get("/row", "label=A&v=3").status, 200, "a cache-buster is still ignored")
    }

    func testTooLargeEchoesTheValueAsSent() {
        let long = Array(repeating: "Wi-Fi", count: 33).joined(separator: "%20")
        let rows = (1...6).map { "row\($0).label=\(long)" }.joined(separator: "&")
        let body = json(get("/card", rows + "&size=xxxLarge&width=1200&scale=4"))
        XCTAssertTrue(body.contains("\"parameter\":\"scale\",\"value\":\"4\""), body)
        let decimal = json(get("/card", rows + "&size=xxxLarge&width=1200&scale=3.50"))
        XCTAssertTrue(decimal.contains("\"value\":\"3.50\""), decimal)
    }
}
