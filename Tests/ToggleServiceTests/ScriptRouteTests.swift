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

    /// Emoji are drawn from Noto Color Emoji's bitmaps: the row has colour where the emoji is,
    /// and /row and /card answer 200.
    func testEmojiRowsAreDrawnInColour() throws {
        let query = "label=" + encoded("🔔 Notifications") + "&bg=white&scale=2"
        let png = try XCTUnwrap(DecodedPNG(get("/row", query).body))
        // The bell is at the label's start: saturated yellow pixels there, none in black text.
        let coloured = (0..<60).flatMap { x in (0..<png.height).map { (x, $0) } }.filter { x, y in
            let p = png.rgba(x, y)
            return p[0] > 180 && p[1] > 120 && p[2] < 100
        }
        XCTAssertGreaterThan(coloured.count, 50, "a yellow bell")
        for label in ["👍🏽", "👨‍👩‍👧 Family", "🇯🇵 日本", "1️⃣ One"] {
            XCTAssertEqual(get("/row", "label=" + encoded(label)).status, 200, label)
            XCTAssertEqual(get("/row.svg", "label=" + encoded(label)).status, 200, label)
        }
        XCTAssertEqual(get("/card", "row1.label=" + encoded("🔔 Notifications") + "&row2.label=" + encoded("自動アップデート")).status,
                       200)
    }

    func testCharacterNoFontHasIsA400NamingIt() throws {
        let response = get("/row", "label=Dark%20%CD%B8")
        XCTAssertEqual(response.status, 400)
        let body = String(decoding: response.body, as: UTF8.self)
        XCTAssertTrue(body.contains("U+0378 is in none"), body)
    }
}
