import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// One access log line per request read, telling the truth, and no render for a client that is
/// gone. Before: a request whose client reset with it was still rendered (on the loop and on
/// workers) and logged `"status":200,"bytes":0`; a response cut at the drain deadline had no line.
final class TruthfulLogEndToEndTests: XCTestCase {
    private func sample(_ server: ServerProcess, _ key: String) -> Double {
        metricSample(port: server.port, key) ?? -1
    }

    private func json(_ line: String) -> [String: Any]? {
        guard line.hasPrefix("{") else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }

    /// Requests and their resets arrive together (the server is stopped with SIGSTOP while they
    /// are sent, so it reads each request and sees its reset in one event): none is rendered,
    /// neither small toggles (made on the loop) nor rows (on workers), and each is logged once,
    /// as 499 cut by a reset.
    func testARequestAndItsResetInOneReadAreNeverRenderedAndLoggedAs499() throws {
        let server = try ServerProcess(arguments: ["--event-loops", "1"], output: .collected)
        let pid = server.process.processIdentifier
        let count = 24
        var clients: [TestClient] = []
        for _ in 0 ..< count { clients.append(try TestClient(port: server.port)) }
        // Every connection accepted (the scrape's own is the one more).
        XCTAssertTrue(waitUntil(10) { self.sample(server, "toggle_http_open_connections") == Double(count + 1) })
        let rendersBefore = sample(server, "toggle_render_duration_seconds_count")
        XCTAssertEqual(kill(pid, SIGSTOP), 0)
        XCTAssertTrue(waitUntil(10) { allThreadsStopped(pid) }, "the server did not stop")
        for (i, client) in clients.enumerated() {
            let target = i % 2 == 0 ? "/toggle?on=1&color=%23\(String(format: "%06x", 0x100000 + i))"
                : "/row?label=Gone%20\(i)&scale=2"
            client.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
            client.reset()
        }
        XCTAssertEqual(kill(pid, SIGCONT), 0)
        XCTAssertTrue(waitUntil(10) { self.sample(server, "toggle_http_open_connections") == 1 },
                      "the reset connections were not all closed")
        XCTAssertEqual(sample(server, "toggle_render_duration_seconds_count"), rendersBefore,
                       "pictures were made for clients that were gone")
        XCTAssertEqual(kill(pid, SIGTERM), 0)
        server.process.waitUntilExit()
        XCTAssertTrue(server.waitForOutputEnd())
        let lines = server.outputLines.compactMap(json)
        let gone = lines.filter { ($0["target"] as? String)?.contains("Gone") == true || ($0["target"] as? String)?.contains("color=%231") == true }
        XCTAssertEqual(gone.count, count, "one line per request read")
        for line in gone {
            XCTAssertEqual(line["status"] as? Int, 499, "\(line)")
            XCTAssertEqual(line["bytes"] as? Int, 0, "\(line)")
            XCTAssertEqual(line["cut"] as? String, "reset", "\(line)")
        }
        XCTAssertEqual(server.process.terminationStatus, 0)
    }

    /// A client that half-closes after its request (RFC 9112 section 9.6) still gets its answer,
    /// whether it is made on the loop or on a worker.
    func testAHalfCloseAfterTheRequestStillGetsItsAnswer() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off"])
        defer { server.stop() }
        for target in ["/toggle?on=1&color=%23123456", "/row?label=Half%20closed&scale=2", "/healthz"] {
            let client = try TestClient(port: server.port, timeout: 30)
            client.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
            XCTAssertEqual(shutdown(client.fd, Int32(SHUT_WR)), 0)
            XCTAssertEqual(try client.readResponse().status, 200, target)
            XCTAssertTrue(client.closesWithoutMoreData(timeout: 10), target)
        }
    }

    /// Renders still queued or running when the drain deadline passes: each request read has its
    /// line, those cut saying so (499, `cut: drain_deadline`) and the others their answer. Twenty
    /// rows near the largest the cost bound accepts (about 30 ms of a core each here) take several
    /// times the 0.1 s deadline; a request not yet read when the drain began is read then (the
    /// drain reads what already arrived).
    func testRequestsCutAtTheDrainDeadlineAreLoggedAsCut() throws {
        let server = try ServerProcess(arguments: ["--drain-deadline", "0.1", "--cache-bytes", "0"], output: .collected)
        let count = 20
        let descriptors = { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.process.processIdentifier)/fd").count) ?? 0 }
        let baseline = descriptors()
        var clients: [TestClient] = []
        for i in 0 ..< count {
            let client = try TestClient(port: server.port, timeout: 30)
            let label = String(repeating: "Drain deadline \(i) ", count: 11).addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            client.send("GET /row?label=\(label)&scale=1.15&size=accessibility5&width=1200 HTTP/1.1\r\nHost: x\r\n\r\n")
            clients.append(client)
        }
        // Accepted (each holds a descriptor): a connection accepted is read by the drain at the latest.
        XCTAssertTrue(waitUntil(10) { descriptors() >= baseline + count })
        XCTAssertEqual(kill(server.process.processIdentifier, SIGTERM), 0)
        server.process.waitUntilExit()
        XCTAssertEqual(server.process.terminationStatus, 0)
        XCTAssertTrue(server.waitForOutputEnd())
        let rows = server.outputLines.compactMap(json).filter { ($0["target"] as? String)?.hasPrefix("/row") == true }
        XCTAssertEqual(rows.count, count, "one line per request read")
        let cut = rows.filter { $0["cut"] as? String == "drain_deadline" }
        XCTAssertGreaterThan(cut.count, 0, "\(rows.map { $0["status"] ?? "" })")
        for line in cut { XCTAssertEqual(line["status"] as? Int, 499, "\(line)") }
        for line in rows where line["cut"] == nil { XCTAssertEqual(line["status"] as? Int, 200, "\(line)") }
    }
}
