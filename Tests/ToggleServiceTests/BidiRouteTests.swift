import Foundation
import HTTPServer
import TestSupport
import XCTest
@testable import ToggleService

/// The Unicode Bidirectional Algorithm through HTTP: "مرحبا SVG." in a right-to-left row shows its
/// full stop at the far left of the label (rules N1/N2 give it the paragraph's level), as a
/// browser does; first-strong ordering kept it right of "SVG". In the PNG and in the SVG (drawn
/// by librsvg's rsvg-convert).
final class BidiRouteTests: XCTestCase {
    let responder = ToggleResponder(configuration: .init())

    private func get(_ path: String, _ query: String) -> HTTPResponse {
        let response = responder.respond(to: HTTPRequest(method: "GET", target: path + "?" + query, path: path, query: query,
                                                         version: .http1_1, headers: HTTPFields([("Host", "x")])))
        XCTAssertEqual(response.status, 200, String(decoding: response.body, as: UTF8.self))
        return response
    }

    /// Columns of `png` (x from `from`) with dark ink, as runs of adjacent columns: (first, last,
    /// lowest ink row's top).
    private func inkRuns(_ png: DecodedPNG, from: Int) -> [(first: Int, last: Int, top: Int)] {
        var runs: [(first: Int, last: Int, top: Int)] = []
        for x in from..<png.width {
            let rows = (0..<png.height).filter { png.rgba(x, $0)[0] < 128 }
            guard let top = rows.first else { continue }
            if let last = runs.last, last.last == x - 1 {
                runs[runs.count - 1] = (last.first, x, min(last.top, top))
            } else {
                runs.append((x, x, top))
            }
        }
        return runs
    }

    private func assertFullStopAtTheLeft(_ png: DecodedPNG, file: StaticString = #filePath, line: UInt = #line) {
        // The switch is at the left (0 ... 57.6 pt at scale 2); the label's ink is right of it.
        let runs = inkRuns(png, from: 130)
        guard let stop = runs.first, runs.count > 3 else { return XCTFail("no label ink", file: file, line: line) }
        let letters = runs.dropFirst()
        XCTAssertLessThanOrEqual(stop.last - stop.first, 6, "the leftmost ink is a full stop's width", file: file, line: line)
        XCTAssertGreaterThan(stop.top, letters.map(\.top).min()! + 12, "and sits on the baseline", file: file, line: line)
    }

    func testFullStopGoesToTheFarLeftInPNGAndSVG() throws {
        let query = "label=%D9%85%D8%B1%D8%AD%D8%A8%D8%A7%20SVG.&scale=2&bg=white"
        assertFullStopAtTheLeft(try XCTUnwrap(DecodedPNG(get("/row.png", query).body)))
        if let tool = SVGFidelityTests.rsvgConvert() {
            assertFullStopAtTheLeft(try SVGFidelityTests.rasterize(get("/row.svg", query).body, with: tool))
        } else {
            XCTFail("rsvg-convert not found: install Debian's librsvg2-bin (.ci/run does)")
        }
        // The check can fail: without the full stop the leftmost ink is the tall S.
        let plain = try XCTUnwrap(DecodedPNG(get("/row.png", "label=%D9%85%D8%B1%D8%AD%D8%A8%D8%A7%20SVG&scale=2&bg=white").body))
        let runs = inkRuns(plain, from: 130)
        XCTAssertGreaterThan(runs[0].last - runs[0].first, 6)
    }
}
