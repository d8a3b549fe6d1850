import Foundation
import HTTPServer
import TestSupport
import XCTest
@testable import ToggleService

/// `lang` on `/toggle`, `/row` and `/card` (`rowN.lang`): a malformed tag is a 400 naming it;
/// ja and zh-Hans draw 直 differently, each with its own ETag; Accept-Language changes nothing.
final class LanguageRouteTests: XCTestCase {
    let responder = ToggleResponder(configuration: .init())

    private func get(_ path: String, _ query: String, headers: [(String, String)] = []) -> HTTPResponse {
        responder.respond(to: HTTPRequest(method: "GET", target: path + "?" + query, path: path, query: query,
                                          version: .http1_1, headers: HTTPFields([("Host", "x")] + headers)))
    }

    static let straight = "%E7%9B%B4"  // 直

    func testMalformedTagIsA400NamingIt() throws {
        for (path, query, parameter) in [("/row", "label=\(Self.straight)&lang=ja_JP", "lang"),
                                         ("/toggle", "style=button&label=A&lang=-", "lang"),
                                         ("/card", "row1.label=A&row1.lang=en%20US", "row1.lang")] {
            let response = get(path, query)
            XCTAssertEqual(response.status, 400, query)
            let body = String(decoding: response.body, as: UTF8.self)
            XCTAssertTrue(body.contains("\"parameter\":\"\(parameter)\""), body)
            XCTAssertTrue(body.contains("BCP 47"), body)
        }
    }

    func testJapaneseAndChineseFormsAreDifferentPictures() throws {
        for (path, base) in [("/row", "label=\(Self.straight)"), ("/row.svg", "label=\(Self.straight)"),
                             ("/toggle", "style=button&label=\(Self.straight)"),
                             ("/card", "row1.label=\(Self.straight)&row1.")] {
            let sep = base.hasSuffix(".") ? "" : "&"
            let ja = get(path, base + sep + "lang=ja"), zh = get(path, base + sep + "lang=zh-Hans")
            XCTAssertEqual(ja.status, 200, path)
            XCTAssertEqual(zh.status, 200, path)
            XCTAssertNotEqual(ja.body, zh.body, "\(path): 直 in ja and zh-Hans")
            XCTAssertNotEqual(ja.headers["ETag"], zh.headers["ETag"], path)
            XCTAssertEqual(get(path, base + sep + "lang=JA").headers["ETag"], ja.headers["ETag"], "tags compare canonically")
        }
        // Without lang, other Han is Simplified Chinese's form.
        XCTAssertEqual(get("/row", "label=\(Self.straight)").body, get("/row", "label=\(Self.straight)&lang=zh-Hans").body)
    }

    func testAcceptLanguageIsNeverRead() throws {
        let plain = get("/row", "label=\(Self.straight)")
        let asked = get("/row", "label=\(Self.straight)", headers: [("Accept-Language", "ja-JP,ja;q=0.9")])
        XCTAssertEqual(asked.body, plain.body)
        XCTAssertEqual(asked.headers["ETag"], plain.headers["ETag"])
        XCTAssertNil(asked.headers["Vary"].flatMap { $0.lowercased().contains("accept-language") ? $0 : nil })
    }
}
