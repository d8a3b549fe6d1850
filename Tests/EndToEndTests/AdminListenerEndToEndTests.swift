import Foundation
import TestSupport
import XCTest

/// `--admin-port`: /metrics moves to a second listener, /healthz and /readyz answer on both,
/// nothing else is on the admin port. Without the flag there is one port (the default).
final class AdminListenerEndToEndTests: XCTestCase {
    func testMetricsMoveToTheAdminPortAndProbesAnswerOnBoth() throws {
        let server = try ServerProcess(arguments: ["--admin-port", "0"], output: .collected)
        defer { server.stop() }
        // The second line printed names the admin address.
        XCTAssertTrue(waitUntil(10) { server.outputLines.contains { $0.hasPrefix("admin listening on http://127.0.0.1:") } },
                      "\(server.outputLines.prefix(3))")
        let line = try XCTUnwrap(server.outputLines.first { $0.hasPrefix("admin listening on ") })
        let adminPort = try XCTUnwrap(Int(line.split(separator: ":").last ?? ""))
        XCTAssertNotEqual(adminPort, server.port)

        let admin = try TestClient(port: adminPort)
        let scrape = try admin.get("/metrics")
        XCTAssertEqual(scrape.status, 200)
        XCTAssertEqual(scrape.header("Content-Type"), "text/plain; version=0.0.4; charset=utf-8")
        XCTAssertEqual(try admin.get("/healthz").status, 200)
        XCTAssertEqual(try admin.get("/readyz").status, 200)
        for path in ["/toggle?on=1", "/", "/index.html", "/symbols", "/row?label=x"] {
            let response = try admin.get(path)
            XCTAssertEqual(response.status, 404, path)
            XCTAssertTrue(response.bodyString.contains("admin port answers /metrics"), "\(path): \(response.bodyString)")
        }

        let public_ = try TestClient(port: server.port)
        let moved = try public_.get("/metrics")
        XCTAssertEqual(moved.status, 404)
        XCTAssertTrue(moved.bodyString.contains("/metrics is on the admin port"), moved.bodyString)
        XCTAssertEqual(try public_.get("/healthz").status, 200)
        XCTAssertEqual(try public_.get("/readyz").status, 200)
        XCTAssertEqual(try public_.get("/toggle?on=1").status, 200)
        XCTAssertEqual(try public_.get("/").status, 200)
        // Requests on both ports are counted in the one set of metrics.
        let text = try admin.get("/metrics").bodyString
        XCTAssertNoThrow(try PrometheusParser.checkRules(text))
        let after = try PrometheusParser.parse(text)
        XCTAssertEqual(after["toggle_http_requests_total{route=\"toggle\",status=\"200\"}"], 1)
        XCTAssertGreaterThanOrEqual(after["toggle_http_requests_total{route=\"healthz\",status=\"200\"}"] ?? 0, 2)

        XCTAssertEqual(server.stop(), 0)
        XCTAssertTrue(server.waitForOutputEnd())
        XCTAssertEqual(server.outputLines.last, "drained: exiting")
    }

    func testOnePortByDefault() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off"])
        defer { server.stop() }
        XCTAssertEqual(try TestClient(port: server.port).get("/metrics").status, 200)
    }
}
