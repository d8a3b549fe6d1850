import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// What each signal does to the real binary (README Operations, docs/reliability.md): SIGTERM,
/// SIGINT and SIGHUP drain, write every access log line and exit 0; SIGUSR1 and SIGUSR2 are
/// ignored.
final class SignalEndToEndTests: XCTestCase {
    /// Answers `count` pipelined requests on each of four connections, then sends `signo`:
    /// the process must exit 0 after "drained: exiting" with one log line per request.
    private func assertDrainsAndKeepsTheLog(on signo: Int32, file: StaticString = #filePath, line: UInt = #line) throws {
        let server = try ServerProcess(output: .collected)
        let count = 300
        var clients: [TestClient] = []
        for _ in 0 ..< 4 {
            let client = try TestClient(port: server.port, timeout: 10)
            client.send(String(repeating: "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", count: count))
            clients.append(client)
        }
        for client in clients {
            for _ in 0 ..< count { XCTAssertEqual(try client.readResponse().status, 200, file: file, line: line) }
        }
        XCTAssertEqual(kill(server.process.processIdentifier, signo), 0)
        server.process.waitUntilExit()
        XCTAssertEqual(server.process.terminationReason, .exit, "killed by a signal", file: file, line: line)
        XCTAssertEqual(server.process.terminationStatus, 0, file: file, line: line)
        XCTAssertTrue(server.waitForOutputEnd(), file: file, line: line)
        let lines = server.outputLines
        XCTAssertEqual(lines.filter { $0.contains("\"route\":\"healthz\"") }.count, 4 * count, file: file, line: line)
        XCTAssertTrue(lines.contains("signal \(signo): draining"), "\(lines.suffix(3))", file: file, line: line)
        XCTAssertEqual(lines.last, "drained: exiting", file: file, line: line)
        // The open keep-alive connections were closed by the drain, not left to the kernel.
        for client in clients { XCTAssertTrue(client.closesWithoutMoreData(timeout: 5), file: file, line: line) }
    }

    func testSIGTERMDrainsAndKeepsEveryLogLine() throws {
        try assertDrainsAndKeepsTheLog(on: SIGTERM)
    }

    func testSIGINTDrainsAndKeepsEveryLogLine() throws {
        try assertDrainsAndKeepsTheLog(on: SIGINT)
    }

    /// A terminal hang-up (or a logrotate `kill -HUP`) used to end the process at once, cutting
    /// in-flight answers and losing the buffered log.
    func testSIGHUPDrainsAndKeepsEveryLogLine() throws {
        try assertDrainsAndKeepsTheLog(on: SIGHUP)
    }

    /// The set of signals a process ignores, from the `SigIgn` line of /proc/PID/status
    /// (proc(5): a hexadecimal mask, bit N-1 for signal N).
    private func ignoredSignals(_ pid: Int32) throws -> UInt64 {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") })
        return try XCTUnwrap(UInt64(line.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16))
    }

    /// SIGUSR1 and SIGUSR2 used to end the process at once (their default action). Now they
    /// are ignored: the server answers after them, and a SIGTERM after them still drains.
    func testSIGUSR1AndSIGUSR2AreIgnored() throws {
        let server = try ServerProcess(output: .collected)
        let pid = server.process.processIdentifier
        let mask = try ignoredSignals(pid)
        XCTAssertNotEqual(mask & (1 << UInt64(SIGUSR1 - 1)), 0, "SIGUSR1 not ignored")
        XCTAssertNotEqual(mask & (1 << UInt64(SIGUSR2 - 1)), 0, "SIGUSR2 not ignored")
        XCTAssertEqual(mask & (1 << UInt64(SIGHUP - 1)), 0, "SIGHUP must drain, not be ignored")
        let client = try TestClient(port: server.port, timeout: 10)
        for signo in [SIGUSR1, SIGUSR2, SIGUSR1] {
            XCTAssertEqual(kill(pid, signo), 0)
            XCTAssertEqual(try client.get("/healthz").status, 200, "after signal \(signo)")
        }
        XCTAssertEqual(kill(pid, SIGTERM), 0)
        server.process.waitUntilExit()
        XCTAssertEqual(server.process.terminationReason, .exit)
        XCTAssertEqual(server.process.terminationStatus, 0)
        XCTAssertTrue(server.waitForOutputEnd())
        XCTAssertEqual(server.outputLines.filter { $0.contains("\"route\":\"healthz\"") }.count, 3)
    }
}
