import Foundation
import HTTPServer
import TestSupport
import XCTest
@testable import ToggleService

/// Labels in scripts Inter does not cover answer 200 on `/row` and `/card`, drawn in the system's
/// Noto fonts; a character no installed font has is still a 400 that names it.
final class ScriptRouteTests: XCTestCase {
    let responder = ToggleResponder(configuration: .init())

    private func get(_ path: String, _ query: String) -> HTTPResponse {
        responder.respond(to: HTTPRequest(method: "GET", target: path + "?" + query, path: path, query: query,
                                          version: .http1_1, headers: HTTPFields([("Host", "x")])))
    }

    private func encoded(_ label: String) -> String {
        label.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    /// The labels a new user tried, in PNG and SVG, alone and in a card.
    static let labels = ["自動アップデート", "स्वचालित अपडेट", "자동 업데이트", "自动更新", "স্বয়ংক্রিয় আপডেট",
                         "தானியங்கு புதுப்பிப்பு", "อัปเดตซอฟต์แวร์อัตโนมัติทุกวัน"]

    func testRowsAndCardsInEveryScriptAnswer200() throws {
        for label in Self.labels {
            for path in ["/row", "/row.svg"] {
                let response = get(path, "label=" + encoded(label))
                XCTAssertEqual(response.status, 200, "\(path) \(label): \(String(decoding: response.body, as: UTF8.self))")
            }
            let png = try XCTUnwrap(DecodedPNG(get("/row", "label=" + encoded(label) + "&bg=white").body))
            let ink = (0..<png.width).filter { x in (0..<png.height).contains { png.rgba(x, $0)[0] < 96 } }
            XCTAssertGreaterThan(ink.count, 20, "\(label) is drawn")
        }
        let card = Self.labels.prefix(6).enumerated().map { "row\($0 + 1).label=" + encoded($1) }.joined(separator: "&")
        XCTAssertEqual(get("/card", card).status, 200)
        XCTAssertEqual(get("/card.svg", card).status, 200)
    }

    func testCharacterNoFontHasIsA400NamingIt() throws {
        let response = get("/row", "label=Dark%20%CD%B8")
        XCTAssertEqual(response.status, 400)
        let body = String(decoding: response.body, as: UTF8.self)
        XCTAssertTrue(body.contains("U+0378 is in none"), body)
    }
}
