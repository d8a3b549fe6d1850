import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Over the limits, visibly and fairly: a refused client reads its 503 (no reset before it), one
/// address cannot hold every slot with `--max-connections-per-client`, and running out of
/// descriptors is said on standard error and counted in /metrics, accepting resuming afterwards.
final class ConnectionLimitsEndToEndTests: XCTestCase {
    /// A socket connected to 127.0.0.1:`port` from `source` (any address of 127.0.0.0/8).
    private func connect(port: Int, from source: String) throws -> TestClient {
        let client = try TestClient(port: port, timeout: 10, source: source)
        return client
    }

    /// Before, the refused connection was closed with the client's request unread, which the
    /// kernel answers with a reset: a client sending 1 KB with its request read the 503 and then
    /// ECONNRESET (100 of 100), and one that had not read it yet lost it. Now the request is read
    /// and the connection ends with a FIN.
    func testAClientOverMaxConnectionsReadsItsWhole503() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off", "--max-connections", "2",
                                                   "--header-timeout", "30"])
        defer { server.stop() }
        let held = try (0 ..< 2).map { _ in try TestClient(port: server.port, timeout: 10) }
        for client in held { XCTAssertEqual(try client.get("/healthz").status, 200) }
        let padding = String(repeating: "x", count: 1000)
        for i in 0 ..< 30 {
            let client = try TestClient(port: server.port, timeout: 10)
            client.send("GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n" + padding)
            let response = try client.readResponse()
            XCTAssertEqual(response.status, 503, "client \(i)")
            XCTAssertEqual(response.header("Retry-After"), "1", "client \(i)")
            XCTAssertTrue(client.endsWithoutReset(timeout: 5), "client \(i): reset after its 503")
        }
        XCTAssertEqual(held.count, 2)
        for client in held { client.reset() }
        XCTAssertEqual(metricSample(port: server.port, "toggle_http_connections_refused_total{reason=\"max_connections\"}"), 30)
    }

    /// One address holding partial heads used to lock every other client out of
    /// `--max-connections`; with a per-client limit the others are still served.
    func testOneClientCannotHoldEverySlot() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off", "--max-connections", "10",
                                                   "--max-connections-per-client", "3", "--header-timeout", "30"])
        defer { server.stop() }
        var greedy: [TestClient] = []
        for _ in 0 ..< 3 {
            let client = try connect(port: server.port, from: "127.0.0.1")
            client.send("GET /healthz HTTP/1.1\r\nHost: x\r\n")  // a partial head, held
            greedy.append(client)
        }
        let fourth = try connect(port: server.port, from: "127.0.0.1")
        let refused = try fourth.get("/healthz")
        XCTAssertEqual(refused.status, 503)
        XCTAssertTrue(refused.bodyString.contains("too many connections from one client"), refused.bodyString)
        // Another address is a client of its own.
        XCTAssertEqual(try connect(port: server.port, from: "127.0.0.2").get("/healthz").status, 200)
        // A slot given back is the first client's again.
        greedy.removeLast().reset()
        XCTAssertTrue(waitUntil(10) { (try? self.connect(port: server.port, from: "127.0.0.1").get("/healthz").status) == 200 })
        XCTAssertGreaterThanOrEqual(
            try XCTUnwrap(metricSample(port: server.port, "toggle_http_connections_refused_total{reason=\"per_client\"}")), 1)
        XCTAssertEqual(greedy.count, 2)
    }

    /// With few descriptors (`ulimit -n 48`), connections use up the budget: accepting pauses,
    /// standard error says so once, clients wait in the backlog and are served once others close,
    /// and /metrics counts the pause. Before, nothing was said anywhere.
    func testRunningOutOfDescriptorsIsSaidCountedAndRecoveredFrom() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off", "--header-timeout", "60"],
                                       fileDescriptorLimit: 48, captureStandardError: true)
        defer { server.stop() }
        var held: [TestClient] = []
        // Connections, each answered, until the one that used up the budget is said on stderr.
        while !server.standardError.contains("accepting paused") && held.count < 48 {
            let client = try TestClient(port: server.port, timeout: 10)
            client.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            held.append(client)
            XCTAssertTrue(waitUntil(10) { client.hasInput || server.standardError.contains("accepting paused") })
            if client.hasInput { XCTAssertEqual(try client.readResponse().status, 200) }
        }
        XCTAssertTrue(server.standardError.contains("RLIMIT_NOFILE 48"), server.standardError)
        // A client that connects now waits in the listen backlog ...
        let waiting = try TestClient(port: server.port, timeout: 10)
        waiting.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        // ... and is served once descriptors free up.
        for client in held.suffix(5) { client.reset() }
        XCTAssertEqual(try waiting.readResponse().status, 200)
        let pauses = try XCTUnwrap(metricSample(port: server.port, "toggle_http_accept_pauses_total{reason=\"descriptor_budget\"}"))
        XCTAssertGreaterThanOrEqual(pauses, 1)
        XCTAssertEqual(server.standardError.components(separatedBy: "accepting paused").count - 1, 1, server.standardError)
    }
}
