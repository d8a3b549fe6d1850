import Foundation
import HTTPServer
@testable import TogglePicture
@testable import ToggleService
import XCTest
@testable import QueryLanguage

/// The symbol catalogue as the service shows it: unknown names as 400s with suggestions, and the
/// `/symbols` route.
final class SymbolRouteTests: XCTestCase {
    func testUnknownSymbolIsA400NamingTheClosestNames() throws {
        XCTAssertThrowsError(try ToggleQuery(rawQuery: "on=1&sym=moon.fil")) { error in
            guard let error = error as? ParameterError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.parameter, "sym")
            XCTAssertEqual(error.value, "moon.fil")
            XCTAssertTrue(error.expected.contains("moon.fill"), error.expected)
            XCTAssertTrue(error.expected.contains("/symbols"), error.expected)
        }
        XCTAssertThrowsError(try ToggleQuery(rawQuery: "off_sym=weather-night")) { error in
            XCTAssertTrue((error as? ParameterError)?.expected.contains("mdi:weather-night") == true)
        }
        let query = try ToggleQuery(rawQuery: "on=1&sym=mdi:weather-night&off_sym=location.slash.fill")
        XCTAssertEqual(query.spec.onSymbol, "mdi:weather-night")
        XCTAssertEqual(query.spec.offSymbol, "location.slash.fill")

        let responder = ToggleResponder(configuration: .init())
        let response = responder.respond(to: HTTPRequest(
            method: "GET", target: "/toggle?sym=moon.fil", path: "/toggle", query: "sym=moon.fil",
            version: .http1_1, headers: HTTPFields([("Host", "x")])))
        XCTAssertEqual(response.status, 400)
        let body = String(decoding: response.body, as: UTF8.self)
        XCTAssertTrue(body.contains("moon.fill"), body)
    }

    func testSymbolsRouteListsEveryNameWithIconLicenceAndAuthor() throws {
        let responder = ToggleResponder(configuration: .init())
        let request = HTTPRequest(method: "GET", target: "/symbols", path: "/symbols", query: nil,
                                  version: .http1_1, headers: HTTPFields([("Host", "x")]))
        let response = responder.respond(to: request)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["Content-Type"], "application/json")
        XCTAssertEqual(response.headers["Cache-Control"], "public, max-age=86400")
        let tag = try XCTUnwrap(response.headers["ETag"])

        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]])
        XCTAssertEqual(list.count, SymbolCatalog.names.count + 7447)
        let byName = Dictionary(list.map { ($0["name"] as! String, $0) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(byName.count, list.count, "names are unique")
        let check = try XCTUnwrap(byName["checkmark"])
        XCTAssertEqual(check["icon"] as? String, "check-bold")
        XCTAssertEqual(check["license"] as? String, "Apache-2.0")
        XCTAssertEqual(check["author"] as? String, "Michael Richins")
        XCTAssertEqual(check["slashed"] as? Bool, false)
        XCTAssertEqual(byName["location.slash.fill"]?["slashed"] as? Bool, true)
        XCTAssertEqual(byName["mdi:weather-night"]?["icon"] as? String, "weather-night")
        for item in list {
            XCTAssertFalse((item["author"] as? String ?? "").isEmpty, "\(item)")
        }

        var conditional = request
        conditional.headers.append(name: "If-None-Match", value: tag)
        XCTAssertEqual(responder.respond(to: conditional).status, 304)
    }
}
