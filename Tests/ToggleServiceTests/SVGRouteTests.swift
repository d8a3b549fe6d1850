import Foundation
import HTTPServer
import TogglePicture
@testable import ToggleService
import XCTest
@testable import QueryLanguage

/// `/toggle.svg` through the responder: headers of docs/design-facts.md ("SVG"), ETags apart from
/// the PNG's, 304, the same 400s, theme=auto, and the one route table for both paths.
final class SVGRouteTests: XCTestCase {
    func request(_ path: String, _ query: String?, headers: [(String, String)] = []) -> HTTPRequest {
        HTTPRequest(method: "GET", target: path + (query.map { "?" + $0 } ?? ""), path: path, query: query,
                    version: .http1_1, headers: HTTPFields([("Host", "x")] + headers))
    }

    func testSVGResponseHeaders() throws {
        let responder = ToggleResponder(configuration: .init())
        let response = responder.respond(to: request("/toggle.svg", "on=1&bogus=2"))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["Content-Type"], "image/svg+xml; charset=utf-8")
        XCTAssertEqual(response.headers["Content-Security-Policy"], "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
        XCTAssertEqual(response.headers["Access-Control-Allow-Origin"], "*")
        XCTAssertEqual(response.headers["X-Content-Type-Options"], "nosniff")
        XCTAssertEqual(response.headers["X-Ignored-Params"], "bogus")
        let body = String(decoding: response.body, as: UTF8.self)
        XCTAssertTrue(body.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"58\" height=\"32\""), body)
        // The same bytes the render command and ToggleRequest give.
        let picture = ToggleRequest(query: try ToggleQuery(rawQuery: "on=1"), format: .svg)
        XCTAssertEqual(response.body, try picture.bytes())
    }

    func testETagDiffersFromThePNGsAnd304() throws {
        let responder = ToggleResponder(configuration: .init())
        let svg = responder.respond(to: request("/toggle.svg", "on=1"))
        let png = responder.respond(to: request("/toggle.png", "on=1"))
        let svgTag = try XCTUnwrap(svg.headers["ETag"]), pngTag = try XCTUnwrap(png.headers["ETag"])
        XCTAssertTrue(svgTag.hasPrefix("\""), "strong: \(svgTag)")
        XCTAssertNotEqual(svgTag, pngTag)
        XCTAssertNil(png.headers["Content-Security-Policy"])
        let again = responder.respond(to: request("/toggle.svg", "on=1", headers: [("If-None-Match", svgTag)]))
        XCTAssertEqual(again.status, 304)
        XCTAssertTrue(again.body.isEmpty)
        let crossed = responder.respond(to: request("/toggle.svg", "on=1", headers: [("If-None-Match", pngTag)]))
        XCTAssertEqual(crossed.status, 200, "the PNG's tag does not validate the SVG")
    }

    func testScaleSetsIntrinsicSizeAndAt2xSVGIsNotARoute() throws {
        let responder = ToggleResponder(configuration: .init())
        let body = String(decoding: responder.respond(to: request("/toggle.svg", "scale=2")).body, as: UTF8.self)
        XCTAssertTrue(body.contains("width=\"115\" height=\"64\" viewBox=\"0 0 115 64\""), body)
        XCTAssertEqual(responder.respond(to: request("/toggle@2x.svg", nil)).status, 404)
        XCTAssertNil(ToggleRoute.route(for: "/toggle@2x.svg"))
    }

    func testSameJSON400sAndThemeAutoOnlyForSVG() throws {
        let responder = ToggleResponder(configuration: .init())
        let bad = responder.respond(to: request("/toggle.svg", "color=nope"))
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(bad.headers["Content-Type"], "application/json")
        XCTAssertEqual(bad.body, responder.respond(to: request("/toggle.png", "color=nope")).body)

        let png = responder.respond(to: request("/toggle.png", "theme=auto"))
        XCTAssertEqual(png.status, 400)
        let error = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(png.body)) as? [String: String])
        XCTAssertEqual(error["parameter"], "theme")
        XCTAssertEqual(error["value"], "auto")
        XCTAssertTrue(error["expected"]?.contains(".svg") == true, "\(error)")
        XCTAssertEqual(responder.respond(to: request("/toggle@2x.png", "theme=auto")).status, 400)

        let auto = responder.respond(to: request("/toggle.svg", "on=1&theme=auto"))
        XCTAssertEqual(auto.status, 200)
        let svg = String(decoding: auto.body, as: UTF8.self)
        // Light green (52,199,89) drawn; dark green (48,209,88) under the media query.
        XCTAssertTrue(svg.contains("fill=\"#34c759\""), svg)
        XCTAssertTrue(svg.contains("@media (prefers-color-scheme:dark){"), svg)
        XCTAssertTrue(svg.contains("fill:#30d158"), svg)
        // Its ETag is neither the light one's nor the dark one's.
        let tags = ["light", "dark", "auto"].map {
            responder.respond(to: request("/toggle.svg", "on=1&theme=\($0)")).headers["ETag"]
        }
        XCTAssertEqual(Set(tags).count, 3)
    }

    func testThemeAutoKeyTellsApartColoursEqualInLightOnly() throws {
        // color=green and color=34c759 are the same in light, not in dark.
        let a = ToggleRequest(query: try ToggleQuery(rawQuery: "on=1&theme=auto&color=green"), format: .svg)
        let b = ToggleRequest(query: try ToggleQuery(rawQuery: "on=1&theme=auto&color=34c759"), format: .svg)
        XCTAssertNotEqual(a.canonicalKey, b.canonicalKey)
        XCTAssertNotEqual(try a.bytes(), try b.bytes())
    }

    /// The answer `plan(for:)` has ready (no work to do), else nil.
    func ready(_ responder: ToggleResponder, _ request: HTTPRequest) -> HTTPResponse? {
        guard case .answer(let response) = responder.plan(for: request) else { return nil }
        return response
    }

    func testOneRouteTableForReadyAndMadeAnswers() throws {
        let cache = ImageCache(capacityBytes: 1 << 20)
        let responder = ToggleResponder(configuration: .init(), cache: cache)
        // Not cached yet: the inline path declines, the queued path renders and caches.
        XCTAssertNil(ready(responder, request("/toggle.svg", "on=1")))
        let rendered = responder.respond(to: request("/toggle.svg", "on=1"))
        XCTAssertEqual(rendered.annotations["cache"], "miss")
        let inline = try XCTUnwrap(ready(responder, request("/toggle.svg", "on=1")))
        XCTAssertEqual(inline.annotations["cache"], "hit")
        XCTAssertEqual(inline.body, rendered.body)
        XCTAssertEqual(inline.headers["Content-Type"], "image/svg+xml; charset=utf-8")
        // The PNG of the same query is another cache entry (the format is part of the key).
        XCTAssertNil(ready(responder, request("/toggle.png", "on=1")))
        XCTAssertEqual(ready(responder, request("/healthz", nil))?.status, 200)
        XCTAssertNil(ready(responder, request("/symbols", nil)))
        XCTAssertNil(ready(responder, request("/index.html", nil)))
        for (path, route) in ToggleRoute.exact {
            XCTAssertEqual(ToggleRoute.route(for: path), route)
        }
        XCTAssertEqual(ToggleRoute.route(for: "/toggle@3x.png")?.target, .toggle(.png, impliedScale: 3))
        XCTAssertNil(ToggleRoute.route(for: "/toggle@5x.png"))
    }

    /// The route found from a path's bytes (the event loop's lookup) is the one the table's
    /// dictionary gives for the path as a String, for every path of the table and near misses.
    func testRouteByBytesAgreesWithTheTable() {
        var paths = Array(ToggleRoute.exact.keys)
        for path in ToggleRoute.exact.keys {
            paths += [String(path.dropLast()), path + "x", path.uppercased(), "/" + path, path + "/"]
        }
        paths += (0...9).map { "/toggle@\($0)x.png" } + ["/toggle@2x.svg", "/toggle@22x.png", "/toggle@2X.png",
                                                        "/toggle@2x.pn", "/toggle@x.png", "/", "", "/toggle?"]
        for path in paths {
            XCTAssertEqual(ToggleRoute.route(forPath: ArraySlice(path.utf8)), ToggleRoute.route(for: path), path)
        }
        XCTAssertEqual(ToggleRoute.route(forPath: ArraySlice("/toggle@4x.png".utf8))?.target,
                       .toggle(.png, impliedScale: 4))
        XCTAssertEqual(ToggleRoute.route(for: request("/toggle.svg", "on=1"))?.target,
                       .toggle(.svg, impliedScale: nil))
    }

    func testDefaultSVGIsAtMost2KB() throws {
        let bytes = try ToggleRequest(spec: ToggleSpec(), format: .svg).bytes()
        XCTAssertLessThanOrEqual(bytes.count, 2048)
    }
}
