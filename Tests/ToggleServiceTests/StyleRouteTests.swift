import Foundation
import HTTPServer
import TestSupport
@testable import ToggleService
import XCTest
@testable import QueryLanguage

/// `style`, `sources` and `label` through the responder: images, ETags, and the 400s
/// as JSON naming parameter, value and what is accepted.
final class StyleRouteTests: XCTestCase {
    func request(_ path: String, _ query: String) -> HTTPRequest {
        HTTPRequest(method: "GET", target: path + "?" + query, path: path, query: query,
                    version: .http1_1, headers: HTTPFields([("Host", "x")]))
    }

    func testStylesAnswerPNGAndSVGOfTheirOwnSize() throws {
        let responder = ToggleResponder(configuration: .init())
        let png = responder.respond(to: request("/toggle.png", "style=switch&on=1&scale=2"))
        XCTAssertEqual(png.status, 200)
        let decoded = try XCTUnwrap(DecodedPNG(png.body))
        XCTAssertEqual([decoded.width, decoded.height], [102, 62])   // 51 x 31 pt at scale 2
        let svg = responder.respond(to: request("/toggle.svg", "style=tutorial&sources=1,0"))
        XCTAssertEqual(svg.status, 200)
        let text = String(decoding: svg.body, as: UTF8.self)
        XCTAssertTrue(text.contains("width=\"51\" height=\"31\""), text)
        XCTAssertTrue(text.contains("Switch, mixed"), text)
    }

    func testEqualPicturesShareTheETagAndStylesDoNot() throws {
        let responder = ToggleResponder(configuration: .init())
        let a = responder.respond(to: request("/toggle", "style=switch&sources=1,1,1")).headers["ETag"]
        let b = responder.respond(to: request("/toggle", "on=true&style=switch")).headers["ETag"]
        let c = responder.respond(to: request("/toggle", "on=1&style=tutorial")).headers["ETag"]
        let d = responder.respond(to: request("/toggle", "on=1")).headers["ETag"]
        XCTAssertNotNil(a)
        XCTAssertEqual(a, b)
        XCTAssertEqual(Set([a, c, d]).count, 3)
    }

    /// `style=automatic`, SwiftUI's default style, is the switch on iOS: in any case, every
    /// route and format draws the switch's bytes under the switch's ETag.
    func testAutomaticIsTheSwitch() throws {
        let responder = ToggleResponder(configuration: .init())
        for (path, rest) in [("/toggle", "on=1&scale=2"), ("/toggle.svg", "state=mixed&theme=dark"),
                             ("/toggle", "on=0&animate=1"), ("/row", "label=Wi-Fi&on=1"),
                             ("/card", "row1.label=Wi-Fi&row1.on=1&row1.style=")] {
            let suffix = rest.hasSuffix("=") ? "" : "&style="
            let reference = responder.respond(to: request(path, rest + suffix + "switch"))
            XCTAssertEqual(reference.status, 200, path + rest)
            for name in ["automatic", "Automatic", "AUTOMATIC"] {
                let response = responder.respond(to: request(path, rest + suffix + name))
                XCTAssertEqual(response.status, 200, "\(path) \(name)")
                XCTAssertEqual(response.headers["ETag"], reference.headers["ETag"], "\(path)?\(rest) \(name)")
                XCTAssertEqual(response.body, reference.body, "\(path)?\(rest) \(name)")
            }
        }
        let spec = try ToggleQuery(rawQuery: "style=automatic&on=1").spec
        XCTAssertEqual(spec.style, "switch")
        XCTAssertEqual(spec.canonicalKey, try ToggleQuery(rawQuery: "style=switch&on=1").spec.canonicalKey)
    }

    func testBadStyleParametersAreJSON400s() throws {
        let responder = ToggleResponder(configuration: .init())
        let cases: [(String, String, String)] = [
            ("style=fancy", "style", "a style: iconSwitch, switch, button, symbol, tutorial, or automatic (SwiftUI's default style: switch on iOS) (any case)"),
            ("style=automatc", "style", "did you mean automatic? a style: "),
            ("style=switch&sym=star", "sym", "no symbol: style switch has no symbol"),
            ("style=button&on=1", "label", "a label (label=...): style button draws its label"),
            ("sources=1,2", "sources", "1 to 12 booleans"),
            ("sources=1&on=1", "sources", "either sources or on, not both"),
        ]
        for (query, parameter, expected) in cases {
            let response = responder.respond(to: request("/toggle", query))
            XCTAssertEqual(response.status, 400, query)
            XCTAssertEqual(response.headers["Cache-Control"], "no-store", query)
            let body = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String], query)
            XCTAssertEqual(body["parameter"], parameter, query)
            XCTAssertTrue(body["expected"]?.hasPrefix(expected) == true, "\(query): \(body)")
        }
    }
}
