import Foundation
import HTTPServer
import TestSupport
import TogglePicture
@testable import ToggleService
import XCTest
@testable import QueryLanguage

/// `/row.svg` and `/card.svg`: the same scene as the PNG, so librsvg's rendering of our SVG
/// matches our PNG; text as paths (no font needed by the viewer), the label in the title.
final class RowAndCardSVGTests: XCTestCase {
    let responder = ToggleResponder(configuration: .init())

    private func get(_ path: String, _ query: String?) -> HTTPResponse {
        responder.respond(to: HTTPRequest(method: "GET", target: path + (query.map { "?" + $0 } ?? ""), path: path,
                                          query: query, version: .http1_1, headers: HTTPFields([("Host", "x")])))
    }

    func testRowSVGIsSelfContainedWithTheLabelAsTitle() throws {
        let response = get("/row.svg", "label=Dark%20Mode%20%26%20%3CNight%3E&on=1&scale=2")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["Content-Type"], "image/svg+xml; charset=utf-8")
        XCTAssertEqual(response.headers["Content-Security-Policy"], "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
        let svg = String(decoding: response.body, as: UTF8.self)
        XCTAssertTrue(svg.contains("<title>Dark Mode &amp; &lt;Night&gt;, switch, on</title>"), svg.prefix(400).description)
        XCTAssertTrue(svg.contains("width=\"700\"") && svg.contains("height=\"88\""), svg.prefix(300).description)
        XCTAssertFalse(svg.contains("<text"), "text is drawn as outlines")
        XCTAssertFalse(svg.contains("font"), "no font is asked of the viewer")
        XCTAssertNotEqual(response.headers["ETag"], get("/row.png", "label=Dark%20Mode%20%26%20%3CNight%3E&on=1&scale=2").headers["ETag"])
    }

    func testThemeAutoIsSVGOnly() throws {
        XCTAssertEqual(get("/row.svg", "label=Sound&theme=auto").status, 200)
        XCTAssertEqual(get("/card.svg", "theme=auto").status, 200)
        let png = get("/row", "label=Sound&theme=auto")
        XCTAssertEqual(png.status, 400)
        XCTAssertTrue(String(decoding: png.body, as: UTF8.self).contains("theme"))
        XCTAssertEqual(get("/card.png", "theme=auto").status, 400)
        let auto = String(decoding: get("/card.svg", "theme=auto").body, as: UTF8.self)
        XCTAssertTrue(auto.contains("prefers-color-scheme:dark"), "one file for both schemes")
    }

    /// Rows of every style: each state and theme, a scale, right to left, a wrapped
    /// button label, and a card of mixed styles.
    static let styleRows: [(String, String)] = {
        var q: [(String, String)] = []
        for style in ["switch", "button", "symbol", "tutorial"] {
            for (state, theme) in [("on=1", "light"), ("on=0", "dark"), ("state=mixed", "light")] {
                q.append(("/row", "label=Wi-Fi&style=\(style)&\(state)&theme=\(theme)"))
            }
            q.append(("/row", "label=%D7%9E%D7%A6%D7%91%20%D7%9B%D7%94%D7%94&style=\(style)&sources=1,1&scale=3&theme=dark"))
        }
        return q + [
            ("/row", "label=Italic&style=button&sym=star.fill&on=1&dir=rtl&scale=2&disabled=1"),
            ("/row", "label=A%20long%20label%20that%20wraps%20inside%20the%20button%20over%20two%20lines&style=button&width=240&scale=2"),
            ("/card", "scale=2&row1.label=Wi-Fi&row1.style=switch&row1.on=1&row2.label=Bold&row2.style=button"
                + "&row3.label=Play&row3.style=symbol&row3.state=mixed&row4.label=Custom&row4.style=tutorial&row4.on=1"),
        ]
    }()

    func testRowAndCardSVGRasterizedByLibrsvgMatchOurPNG() throws {
        guard let tool = SVGFidelityTests.rsvgConvert() else {
            throw XCTSkip("rsvg-convert not found: install Debian's librsvg2-bin (.ci/run does) to compare SVG with PNG")
        }
        for (path, query) in [
            ("/row", "label=Dark%20Mode&on=1&sym=moon.fill&color=indigo&scale=2"),
            ("/row", "label=%D7%9E%D7%A6%D7%91%20%D7%9B%D7%94%D7%94&on=1&theme=dark&bg=black"),
            ("/row", "label=Automatically%20download%20and%20install%20updates%20overnight&size=xLarge&disabled=1"),
            ("/card", "scale=2"),
            ("/card", "theme=dark&row1.label=%D8%A7%D9%84%D8%B5%D9%88%D8%AA&row1.on=1&row2.label=Wi-Fi"),
        ] + Self.styleRows {
            let png = try XCTUnwrap(DecodedPNG(get(path + ".png", query).body))
            let svg = try SVGFidelityTests.rasterize(get(path + ".svg", query).body, with: tool)
            XCTAssertEqual(svg.width, png.width, query)
            XCTAssertEqual(svg.height, png.height, query)
            guard svg.width == png.width, svg.height == png.height else { continue }
            for background in [255.0, 0.0] {
                let db = SVGFidelityTests.psnr(svg, png, over: background)
                print("RowAndCardSVGTests: \(path)?\(query) over \(background): PSNR \(db) dB")
                XCTAssertGreaterThanOrEqual(db, 38, "\(path)?\(query) over \(background): \(db) dB")
            }
        }
    }
}
