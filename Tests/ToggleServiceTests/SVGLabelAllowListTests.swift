import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HTTPServer
import TestSupport
import XCTest
@testable import ToggleService

/// The SVG allow-list walk (`SVGStructureTests.allowed`) for rows and cards with a label in every
/// script and with colour emoji: only allowed elements and attributes, no script, no external
/// reference; the one URI an SVG may hold is an `<image>`'s `data:image/png;base64,` PNG.
final class SVGLabelAllowListTests: XCTestCase {
    let responder = ToggleResponder(configuration: .init())

    static let labels = ScriptRouteTests.labels + [
        "Dark Mode", "مرحبا SVG.", "מצב כהה", "🔔 Notifications", "👍🏽 👨‍👩‍👧 🇯🇵 1️⃣", "Wi-Fi 📶 設定",
    ]

    private func svg(_ path: String, _ query: String) -> [UInt8] {
        let response = responder.respond(to: HTTPRequest(method: "GET", target: path + "?" + query, path: path, query: query,
                                                         version: .http1_1, headers: HTTPFields([("Host", "x")])))
        XCTAssertEqual(response.status, 200, query)
        XCTAssertEqual(response.headers["Content-Security-Policy"], "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
        return response.body
    }

    func testEveryLabelsSVGWalksTheAllowList() throws {
        var images = 0
        for label in Self.labels {
            let encoded = label.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            for (path, query) in [("/row.svg", "label=" + encoded), ("/row.svg", "label=" + encoded + "&theme=auto&disabled=1"),
                                  ("/card.svg", "row1.label=" + encoded + "&row2.label=Wi-Fi&row2.style=button"),
                                  ("/row.svg", "label=" + encoded + "&style=button&on=1")] {
                let bytes = svg(path, query)
                let walker = SVGStructureTests.Walker()
                let parser = XMLParser(data: Data(bytes))
                parser.delegate = walker
                XCTAssertTrue(parser.parse(), "well-formed XML: \(query)")
                XCTAssertEqual(walker.elements.first?.0, "svg")
                for (name, attributes) in walker.elements {
                    guard let allowed = SVGStructureTests.allowed[name] else { XCTFail("element \(name) in \(query)"); continue }
                    for (attribute, value) in attributes {
                        XCTAssertTrue(allowed.contains(attribute), "\(name) \(attribute) in \(query)")
                        if attribute == "href" { try checkDataURI(value, query: query) }
                    }
                    if name == "image" { images += 1 }
                }
                let text = String(decoding: bytes, as: UTF8.self)
                let hrefs = text.components(separatedBy: "href=\"").count - 1
                XCTAssertEqual(hrefs, text.components(separatedBy: "<image ").count - 1, "an href only on an image")
                XCTAssertEqual(text.components(separatedBy: "data:").count - 1, hrefs, "data: only in image hrefs")
                for forbidden in ["<script", "foreignObject", "https:", "@import", "url(h", "xlink"] {
                    XCTAssertFalse(text.contains(forbidden), "\(forbidden) in \(query)")
                }
                XCTAssertEqual(text.components(separatedBy: "http:").count - 1, 1, "only the SVG namespace name")
            }
        }
        XCTAssertGreaterThan(images, 20, "the emoji labels drew images")
    }

    /// `data:image/png;base64,` and base64 (RFC 4648) of a PNG file (its 8-byte signature).
    private func checkDataURI(_ value: String, query: String) throws {
        let prefix = "data:image/png;base64,"
        XCTAssertTrue(value.hasPrefix(prefix), "\(value.prefix(40)) in \(query)")
        let png = try XCTUnwrap(Data(base64Encoded: String(value.dropFirst(prefix.count))), "base64 in \(query)")
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG in \(query)")
        XCTAssertNotNil(DecodedPNG([UInt8](png)), "a PNG libpng reads, in \(query)")
    }
}
