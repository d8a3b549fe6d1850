import Foundation
import TestSupport
import XCTest

/// Accessibility text that cannot be spoofed. A label with U+202E RIGHT-TO-LEFT OVERRIDE used to
/// reach the SVG `<title>`, `aria-label` and the PNG Title, so alt text could read backwards
/// against the picture. Now the embeddings and overrides U+202A-U+202E are a 400 on every route
/// that takes a label, pointing to the isolates; isolates and the marks LRM, RLM and ALM are
/// accepted, laid out with the label, and left out of the title, `aria-label` and PNG text.
final class BidiLabelEndToEndTests: XCTestCase {
    /// Every route and parameter that takes a label, with the percent-encoded label appended.
    static let labelled = ["/toggle?style=button&label=", "/toggle.svg?style=symbol&label=", "/row?label=",
                           "/row.svg?label=", "/card?row1.label=Wi-Fi&row2.label=", "/card.svg?row1.label="]

    private func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    func testEmbeddingsAndOverridesAreRefusedOnEveryRoute() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off"])
        defer { server.stop() }
        let client = try TestClient(port: server.port, timeout: 30)
        for prefix in Self.labelled {
            for code in 0x202A ... 0x202E {
                let scalar = Unicode.Scalar(UInt32(code))!
                let response = try client.get(prefix + encoded("Pay \(Character(scalar))cod.exe"))
                XCTAssertEqual(response.status, 400, "\(prefix) U+\(String(code, radix: 16))")
                let body = response.bodyString
                XCTAssertTrue(body.contains("U+\(String(code, radix: 16, uppercase: true))"), "\(prefix): \(body)")
                XCTAssertTrue(body.contains("U+2066"), "\(prefix): \(body)")
                let parameter = prefix.hasPrefix("/card") && prefix.contains("row2") ? "row2.label"
                    : prefix.hasPrefix("/card") ? "row1.label" : "label"
                XCTAssertTrue(body.contains("\"parameter\":\"\(parameter)\""), "\(prefix): \(body)")
            }
        }
    }

    /// The directional characters the isolates and marks are, and a label using all of them.
    static let directional: Set<Unicode.Scalar> = ["\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}"]
    static let label = "Wi-Fi \u{2067}\u{05E9}\u{05DC}\u{05D5}\u{05DD}\u{2069} \u{2066}on\u{2069}\u{200E}\u{200F}\u{061C} \u{2068}x\u{2069}"
    static let spoken = "Wi-Fi \u{05E9}\u{05DC}\u{05D5}\u{05DD} on x"

    func testIsolatesAndMarksAreLeftOutOfTitlesAndPNGText() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off"])
        defer { server.stop() }
        let client = try TestClient(port: server.port, timeout: 30)
        for prefix in Self.labelled {
            let response = try client.get(prefix + encoded(Self.label))
            XCTAssertEqual(response.status, 200, "\(prefix): \(response.bodyString)")
            let texts: [String]
            if prefix.contains(".svg") {
                let svg = response.bodyString
                let title = try XCTUnwrap(svg.range(of: "<title>").flatMap { start in
                    svg.range(of: "</title>", range: start.upperBound ..< svg.endIndex).map { String(svg[start.upperBound ..< $0.lowerBound]) }
                }, prefix)
                let aria = try XCTUnwrap(svg.range(of: "aria-label=\"").flatMap { start in
                    svg[start.upperBound...].firstIndex(of: "\"").map { String(svg[start.upperBound ..< $0]) }
                }, prefix)
                texts = [title, aria]
            } else {
                let chunks = pngTextChunks(response.body)
                texts = [try XCTUnwrap(chunks["Title"], "\(prefix): \(chunks.keys)")] + (chunks["Description"].map { [$0] } ?? [])
            }
            for text in texts {
                XCTAssertFalse(text.unicodeScalars.contains(where: Self.directional.contains), "\(prefix): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
                XCTAssertTrue(text.contains(Self.spoken), "\(prefix): \(text)")
            }
        }
    }
}
