import Foundation
import HTTPServer
@testable import ToggleService
import XCTest

/// Near misses say what was meant, on every route: a theme, a path, a symbol's case, an empty
/// `mdi:` name, a bare boolean, an empty colour (a raw `#` starts the URL's fragment).
final class NearMissMessageTests: XCTestCase {
    let responder = ToggleResponder(configuration: .init())

    func get(_ path: String, _ query: String = "") -> HTTPResponse {
        responder.respond(to: HTTPRequest(method: "GET", target: query.isEmpty ? path : path + "?" + query, path: path,
                                          query: query.isEmpty ? nil : query, version: .http1_1,
                                          headers: HTTPFields([("Host", "x")])))
    }

    func json(_ response: HTTPResponse) -> [String: String] {
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: String] ?? [:]
    }

    func test400sSayWhatWasMeant() {
        for (query, parameter, says, notSays) in [
            ("theme=drak", "theme", "did you mean dark? light, dark or auto", nil),
            ("theme=ligth", "theme", "did you mean light?", nil),
            ("on=1&sym=mdi:", "sym", "an icon name after mdi: (it is empty)", "did you mean"),
            ("on", "on", "a value: on=1 or on=0 (a bare on gives none)", nil),
            ("color=", "color", "write %23 (color=%23ff9500)", nil),
            ("color=", "color", "(color=ff9500). Accepted: a SwiftUI colour name", nil),
            ("on=0&off_color=", "off_color", "a raw #", nil),
            ("color=%2523ff0000", "color", "percent-encoded twice (%2523); write %23 once", "fragment"),
        ] as [(String, String, String, String?)] {
            let response = get("/toggle", query)
            XCTAssertEqual(response.status, 400, query)
            let body = json(response)
            XCTAssertEqual(body["parameter"], parameter, query)
            XCTAssertTrue(body["expected"]?.contains(says) == true, "\(query): \(body)")
            if let notSays { XCTAssertFalse(body["expected"]?.contains(notSays) == true, "\(query): \(body)") }
        }
        // A colour that is not empty gets no fragment advice.
        XCTAssertFalse(json(get("/toggle", "color=notacolour"))["expected"]?.contains("fragment") == true)
    }

    /// A scale beside an @Nx path says which scale the path means and both ways out.
    func testScaleBesideAnAtFormSaysWhatThePathSets() {
        let response = get("/toggle@2x.png", "on=1&scale=2")
        XCTAssertEqual(response.status, 400)
        let body = json(response)
        XCTAssertEqual(body["parameter"], "scale")
        XCTAssertTrue(body["expected"]?.contains("(@2x is scale=2): drop scale, or drop the @Nx") == true, "\(body)")
    }

    func testSymbolNamesInAnyCaseAreTheirLowerCaseNames() {
        for (odd, name) in [("Moon.Fill", "moon.fill"), ("CHECKMARK", "checkmark"), ("mdi:Weather-Night", "mdi:weather-night")] {
            let a = get("/toggle", "on=1&sym=" + odd), b = get("/toggle", "on=1&sym=" + name)
            XCTAssertEqual(a.status, 200, odd)
            XCTAssertEqual(a.headers["ETag"], b.headers["ETag"], odd)
            XCTAssertEqual(a.body, b.body, odd)
        }
        XCTAssertEqual(get("/row.svg", "label=A&on=0&off_sym=Bell.Fill").status, 200)
    }

    func test404sSuggestThePictureMeant() {
        for (path, says) in [("/togle", "not found: /togle; did you mean /toggle?"),
                             ("/Toggle", "did you mean /toggle?"), ("/row.jpg", "did you mean /row."),
                             ("/toggle@2x.svg", "an SVG has no @2x form: scale=2 sets its size (/toggle.svg?scale=2)"),
                             ("/toggle@5x.png", "the @ forms are /toggle@1x.png to /toggle@4x.png"),
                             ("/toggle@1.5x.png", "scale in the query takes any number from 1 to 4")] {
            let response = get(path, "on=1")
            XCTAssertEqual(response.status, 404, path)
            XCTAssertTrue(json(response)["error"]?.contains(says) == true, "\(path): \(json(response))")
        }
        XCTAssertEqual(json(get("/no-such-page.html"))["error"], "not found: /no-such-page.html")
    }
}
