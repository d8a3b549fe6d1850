import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Standard output that fails (a full device, a pipe whose reader exited): serving goes on, every
/// line not written is counted in `toggle_access_log_dropped_total` with its reason, and standard
/// error says so at most once a second. Before, such lines were lost silently and counted nowhere.
final class AccessLogFailureEndToEndTests: XCTestCase {
    private func dropped(_ server: ShellLaunchedServer, _ reason: String) -> Double? {
        metricSample(port: server.port, "toggle_access_log_dropped_total{reason=\"\(reason)\"}")
    }

    /// Polls /metrics until the `reason` count is exactly `requests` plus the /metrics requests
    /// answered before the one read (each of their lines is dropped too): a line lost uncounted,
    /// or counted twice, never gets there.
    private func waitForDropCount(_ server: ShellLaunchedServer, _ reason: String, requests: Int) -> (Bool, Double?) {
        var polls = 0
        var last: Double?
        let reached = waitUntil(20) {
            last = dropped(server, reason)
            defer { polls += 1 }
            return last == Double(requests + polls)
        }
        return (reached, last)
    }

    /// Reports on standard error are at most one per second since the first.
    private func assertReportRate(_ text: String, since start: Date, file: StaticString = #filePath, line: UInt = #line) {
        let reports = text.components(separatedBy: "access log: dropped").count - 1
        XCTAssertGreaterThanOrEqual(reports, 1, "no report on standard error", file: file, line: line)
        let seconds = Date().timeIntervalSince(start)
        XCTAssertLessThanOrEqual(Double(reports), seconds.rounded(.up) + 1, "\(reports) reports in \(seconds) s: \(text)",
                                 file: file, line: line)
    }

    func testAFullDeviceOnStandardOutputIsCountedAsFull() throws {
        let start = Date()
        let server = try ShellLaunchedServer(redirections: ">/dev/full")
        let count = 2000
        let client = try TestClient(port: server.port, timeout: 10)
        client.send(String(repeating: "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", count: count))
        for _ in 0 ..< count { XCTAssertEqual(try client.readResponse().status, 200) }
        let (reached, last) = waitForDropCount(server, "full", requests: count)
        XCTAssertTrue(reached, "dropped{reason=full} is \(String(describing: last)), not \(count) + the scrapes")
        XCTAssertEqual(dropped(server, "stalled"), 0)
        XCTAssertEqual(dropped(server, "closed"), 0)
        XCTAssertTrue(waitUntil(5) { server.standardError.contains("No space left on device") }, server.standardError)
        assertReportRate(server.standardError, since: start)
        XCTAssertEqual(server.stop(), 0, "the drain at exit must not hang on the failing log")
    }

    func testAPipeWhoseReaderExitedIsCountedAsClosed() throws {
        let start = Date()
        let output = Pipe()
        let server = try ShellLaunchedServer(redirections: "", standardOutput: output)
        // The reader reads the address line, then goes away.
        let first = output.fileHandleForReading.readData(ofLength: 10)
        XCTAssertFalse(first.isEmpty)
        try output.fileHandleForReading.close()
        let count = 500
        let client = try TestClient(port: server.port, timeout: 10)
        for _ in 0 ..< count { XCTAssertEqual(try client.get("/healthz").status, 200) }
        let (reached, last) = waitForDropCount(server, "closed", requests: count)
        XCTAssertTrue(reached, "dropped{reason=closed} is \(String(describing: last)), not \(count) + the scrapes")
        XCTAssertTrue(waitUntil(5) { server.standardError.contains("Broken pipe") }, server.standardError)
        assertReportRate(server.standardError, since: start)
        XCTAssertEqual(server.stop(), 0)
    }
}
