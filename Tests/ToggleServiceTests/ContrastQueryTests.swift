import Foundation
import HTTPServer
import TogglePicture
@testable import ToggleService
import XCTest
@testable import QueryLanguage

/// `contrast=auto` through the query and the responder: which styles take it, what it changes,
/// and the 400s. The shades are checked against coloraide by `scripts/check-contrast`.
final class ContrastQueryTests: XCTestCase {
    func request(_ path: String, _ query: String) -> HTTPRequest {
        HTTPRequest(method: "GET", target: path + "?" + query, path: path, query: query,
                    version: .http1_1, headers: HTTPFields([("Host", "x")]))
    }

    func body(_ response: HTTPResponse) -> [String: String] {
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: String] ?? [:]
    }

    func testAutoRaisesTheIconSwitchAndTutorialSymbolsOnly() throws {
        let responder = ToggleResponder(configuration: .init())
        // Tutorial's default orange shows at 2.2:1, indigo at 6.9:1.
        for (query, changes) in [("on=1&color=yellow", true), ("on=1&color=blue", false), ("on=0&color=yellow", false),
                                 ("state=mixed&color=mint", true), ("style=tutorial&on=1&color=yellow", true),
                                 ("style=tutorial&on=1", true), ("style=tutorial&on=1&color=indigo", false)] {
            let plain = responder.respond(to: request("/toggle.svg", query))
            let raised = responder.respond(to: request("/toggle.svg", query + "&contrast=auto"))
            XCTAssertEqual([plain.status, raised.status], [200, 200], query)
            XCTAssertEqual(plain.body != raised.body, changes, query)
            let off = responder.respond(to: request("/toggle.svg", query + "&contrast=OFF"))
            XCTAssertEqual(off.body, plain.body, query)
        }
        // The default style's unchanged pictures keep their ETag (the key holds the colours drawn).
        let a = responder.respond(to: request("/toggle", "on=1&color=blue")).headers["ETag"]
        let b = responder.respond(to: request("/toggle", "on=1&color=blue&contrast=auto")).headers["ETag"]
        XCTAssertEqual(a, b)
        // Rows and card rows take it too.
        let row = responder.respond(to: request("/row.svg", "label=Go&on=1&color=yellow&contrast=auto"))
        let plainRow = responder.respond(to: request("/row.svg", "label=Go&on=1&color=yellow"))
        XCTAssertEqual(row.status, 200)
        XCTAssertNotEqual(row.body, plainRow.body)
        XCTAssertEqual(responder.respond(to: request("/card", "row1.label=Go&row1.on=1&row1.contrast=auto")).status, 200)
    }

    func testBadValuesAndStylesWithoutAKnobSymbolAre400s() throws {
        let responder = ToggleResponder(configuration: .init())
        for (query, expected) in [("contrast=high", "auto (a symbol under 3:1"),
                                  ("style=button&label=A&contrast=auto", "no contrast: style button draws no symbol on a knob"),
                                  ("style=switch&contrast=auto", "no contrast: style switch"),
                                  ("style=symbol&label=A&contrast=auto", "(styles that do: iconSwitch, tutorial)")] {
            let response = responder.respond(to: request("/toggle", query))
            XCTAssertEqual(response.status, 400, query)
            XCTAssertEqual(body(response)["parameter"], "contrast", query)
            XCTAssertTrue(body(response)["expected"]?.contains(expected) == true, "\(query): \(body(response))")
        }
        XCTAssertEqual(responder.respond(to: request("/toggle", "style=button&label=A&contrast=off")).status, 200)
    }
}
