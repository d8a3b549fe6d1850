import Foundation
import TestSupport
import XCTest
import Utilities

/// docs/design-facts.md sections 4 and 6 against the real binary: caching headers, 304, HEAD, ignored
/// parameters, metrics, traversal, and two instances agreeing byte for byte.
final class APIContractEndToEndTests: XCTestCase {
    var server: ServerProcess!

    override func setUpWithError() throws {
        server = try ServerProcess()
    }

    override func tearDown() {
        server.stop()
    }

    func testCachingHeadersAndConditionalRequests() throws {
        let client = try TestClient(port: server.port)
        let first = try client.get("/toggle?on=1")
        XCTAssertEqual(first.header("Cache-Control"), "public, max-age=86400")
        XCTAssertEqual(first.header("Access-Control-Allow-Origin"), "*")
        XCTAssertEqual(first.header("X-Content-Type-Options"), "nosniff")
        let etag = try XCTUnwrap(first.header("ETag"))
        XCTAssertTrue(etag.hasPrefix("\"") && etag.hasSuffix("\""), "strong ETag: \(etag)")
        // Written differently, same picture: same ETag, and If-None-Match gives 304.
        let again = try client.get("/toggle?state=on&color=GREEN")
        XCTAssertEqual(again.header("ETag"), etag)
        XCTAssertEqual(again.body, first.body)
        let notModified = try client.get("/toggle?on=true", headers: ["If-None-Match: \"other\", \(etag)"])
        XCTAssertEqual(notModified.status, 304)
        XCTAssertEqual(notModified.body, [])
        XCTAssertEqual(notModified.header("ETag"), etag)
        XCTAssertEqual(try client.get("/toggle?on=true", headers: ["If-None-Match: *"]).status, 304)
        XCTAssertEqual(try client.get("/toggle?on=0", headers: ["If-None-Match: \(etag)"]).status, 200)
        // The tag on a second If-None-Match line counts as on one line (RFC 9110 section 5.3).
        XCTAssertEqual(try client.get("/toggle?on=true", headers: ["If-None-Match: \"other\"", "If-None-Match: \(etag)"]).status, 304)
        XCTAssertEqual(try client.get("/toggle.svg?on=true", headers: ["If-None-Match: \"other\"", "If-None-Match: \"else\""]).status, 200)
    }

    func testHeadMirrorsGetWithoutBody() throws {
        let client = try TestClient(port: server.port)
        let get = try client.get("/toggle@2x.png?on=1")
        let head = try client.get("/toggle@2x.png?on=1", method: "HEAD")
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.body, [])
        XCTAssertEqual(head.header("Content-Length"), String(get.body.count))
        XCTAssertEqual(head.header("ETag"), get.header("ETag"))
        // The connection is still in sync after HEAD.
        XCTAssertEqual(try client.get("/healthz").status, 200)
    }

    func testPathFormsAndIgnoredParameters() throws {
        let client = try TestClient(port: server.port)
        let at2x = try client.get("/toggle@2x.png?on=1&v=3&utm_source=readme")
        XCTAssertEqual(at2x.header("X-Ignored-Params"), "v, utm_source")
        XCTAssertEqual(try XCTUnwrap(DecodedPNG(at2x.body)).width, 115)
        XCTAssertEqual(try client.get("/toggle.png?on=1&scale=2").body, at2x.body)
        XCTAssertEqual(try client.get("/toggle@2x.png?scale=2").status, 400)
        XCTAssertEqual(try client.get("/toggle?on=1&on=0").status, 400)
        XCTAssertEqual(try client.get("/toggle?on=%zz").status, 400)
    }

    func testMetricsFollowTheExpositionRules() throws {
        let client = try TestClient(port: server.port)
        _ = try client.get("/toggle?on=1")
        _ = try client.get("/toggle?on=1")
        _ = try client.get("/toggle?on=bad")
        let response = try client.get("/metrics")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Type"), "text/plain; version=0.0.4; charset=utf-8")
        let text = String(decoding: response.body, as: UTF8.self)
        try PrometheusParser.checkRules(text)
        let samples = try PrometheusParser.parse(text)
        XCTAssertEqual(samples["toggle_http_requests_total{route=\"toggle\",status=\"200\"}"], 2)
        XCTAssertEqual(samples["toggle_http_requests_total{route=\"toggle\",status=\"400\"}"], 1)
        XCTAssertEqual(samples["toggle_image_cache_hits_total"], 1)
        XCTAssertEqual(samples["toggle_image_cache_misses_total"], 1)
        XCTAssertEqual(samples["toggle_http_open_connections"], 1)
        XCTAssertFalse(text.contains("checkmark"), "no per-symbol labels")
    }

    func testTraversalOverHTTP() throws {
        let client = try TestClient(port: server.port)
        for target in ["/%2e%2e/Package.swift", "/..%2FPackage.swift", "/%2E%2E/%2E%2E/etc/passwd", "/.gitignore",
                       "/style.css%00.png"] {
            let status = try client.get(target).status
            XCTAssertTrue(status == 404 || status == 400, "\(target) gave \(status)")
        }
        let css = try client.get("/style.css")
        XCTAssertEqual(css.status, 200)
        XCTAssertEqual(css.header("Content-Type"), "text/css; charset=utf-8")
        XCTAssertNotNil(css.header("ETag"))
    }

    func testReadiness() throws {
        let client = try TestClient(port: server.port)
        XCTAssertEqual(try client.get("/readyz").status, 200)
    }

    func testTwoInstancesGiveIdenticalBytesAndETags() throws {
        let other = try ServerProcess()
        defer { other.stop() }
        let a = try TestClient(port: server.port)
        let b = try TestClient(port: other.port)
        for query in ["on=1", "on=0&theme=dark&scale=3", "state=mixed&color=%23ff8800&size=xxLarge&pad=4&bg=white"] {
            let ra = try a.get("/toggle?\(query)"), rb = try b.get("/toggle?\(query)")
            XCTAssertEqual(ra.status, 200)
            XCTAssertEqual(ra.body, rb.body, query)
            XCTAssertEqual(ra.header("ETag"), rb.header("ETag"), query)
        }
    }
}

extension APIContractEndToEndTests {
    /// docs/design-facts.md section 4: a malformed escape in the query is a JSON 400 naming the parameter,
    /// with no-store, and the connection stays usable.
    func testMalformedEscapeInTheQueryIsAJSON400() throws {
        let client = try TestClient(port: server.port)
        for (query, parameter) in [("on=1&v=%zz", "v"), ("on=%4", "on"), ("color=%", "color"), ("on=%FF", "on")] {
            let response = try client.get("/toggle?\(query)")
            XCTAssertEqual(response.status, 400, query)
            XCTAssertEqual(response.header("Cache-Control"), "no-store", query)
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String])
            XCTAssertEqual(json["parameter"], parameter, query)
        }
        XCTAssertEqual(try client.get("/toggle?on=1").status, 200, "the connection survives")
    }

    /// CORS preflight: `fetch()` with custom headers from another origin sends a preflight
    /// (Fetch standard, CORS-preflight request); image routes answer it, other OPTIONS stay 405.
    func testCORSPreflightOnImageRoutes() throws {
        let client = try TestClient(port: server.port)
        for path in ["/toggle?on=1", "/toggle.png", "/toggle@2x.png?color=indigo", "/toggle.svg",
                     "/row?label=Sound", "/row.svg?label=Sound", "/card", "/card.png"] {
            let r = try client.get(path, headers: ["Origin: https://example.org", "Access-Control-Request-Method: GET",
                                                   "Access-Control-Request-Headers: x-trace-id, content-type"],
                                   method: "OPTIONS")
            XCTAssertEqual(r.status, 204, path)
            XCTAssertEqual(r.body, [])
            XCTAssertEqual(r.header("Access-Control-Allow-Origin"), "*")
            XCTAssertEqual(r.header("Access-Control-Allow-Methods"), "GET, HEAD")
            XCTAssertEqual(r.header("Access-Control-Allow-Headers"), "x-trace-id, content-type")
            XCTAssertEqual(r.header("Access-Control-Max-Age"), "86400")
        }
        // Not a preflight (no Access-Control-Request-Method), or not an image route: 405.
        for (path, headers) in [("/toggle", [String]()), ("/symbols", ["Access-Control-Request-Method: GET"]),
                                ("/", ["Access-Control-Request-Method: GET"])] {
            let r = try client.get(path, headers: headers, method: "OPTIONS")
            XCTAssertEqual(r.status, 405, path)
            XCTAssertEqual(r.header("Allow"), "GET, HEAD")
        }
        XCTAssertEqual(try client.get("/toggle?on=1").status, 200)  // the connection is still good
    }

    /// Compressed text: `/symbols` was 927 KB of uncompressed JSON. Text is gzipped when the
    /// client accepts it (qvalues honoured), with `Vary: Accept-Encoding` and an ETag per
    /// encoding; images are unchanged.
    func testTextResponsesAreGzippedWhenAccepted() throws {
        let client = try TestClient(port: server.port)
        for path in ["/symbols", "/", "/playground.js", "/openapi.json"] {
            let plain = try client.get(path)
            XCTAssertEqual(plain.status, 200, path)
            XCTAssertNil(plain.header("Content-Encoding"), path)
            XCTAssertEqual(plain.header("Vary"), "Accept-Encoding", path)
            let zipped = try client.get(path, headers: ["Accept-Encoding: gzip, deflate, br"])
            XCTAssertEqual(zipped.header("Content-Encoding"), "gzip", path)
            XCTAssertEqual(zipped.header("Vary"), "Accept-Encoding", path)
            XCTAssertEqual(zipped.header("Content-Type"), plain.header("Content-Type"), path)
            let tag = try XCTUnwrap(zipped.header("ETag"))
            XCTAssertNotEqual(tag, plain.header("ETag"), path)
            XCTAssertLessThan(zipped.body.count, plain.body.count / 2, path)
            XCTAssertEqual(try gunzip(zipped.body), plain.body, path)
            let refused = try client.get(path, headers: ["Accept-Encoding: gzip;q=0, br"])
            XCTAssertNil(refused.header("Content-Encoding"), path)
            XCTAssertEqual(refused.body, plain.body)
            let revalidated = try client.get(path, headers: ["Accept-Encoding: gzip", "If-None-Match: \(tag)"])
            XCTAssertEqual(revalidated.status, 304, path)
            XCTAssertEqual(revalidated.header("ETag"), tag)
            // The identity client's tag does not match the gzip representation, nor the reverse.
            XCTAssertEqual(try client.get(path, headers: ["If-None-Match: \(tag)"]).status, 200, path)
        }
        let symbols = try client.get("/symbols", headers: ["Accept-Encoding: gzip"])
        XCTAssertLessThan(symbols.body.count, 200_000, "the catalogue compresses well")
        let image = try client.get("/toggle?on=1", headers: ["Accept-Encoding: gzip"])
        XCTAssertEqual(image.header("Content-Type"), "image/png")
        XCTAssertNil(image.header("Content-Encoding"))
        XCTAssertNil(image.header("Vary"))
    }

    /// The system's `gzip -dc`, an independent decoder.
    func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gz-\(UUID().uuidString).gz")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc", url.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return [UInt8](data)
    }
}
