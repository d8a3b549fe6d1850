import Foundation
import TestSupport
import XCTest
@testable import ToggleService
#if canImport(Glibc)
import Glibc
@testable import Observability
#endif

/// Reports received by a writer (thread-safe).
final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String] = []
    func add(_ text: String) { lock.withLock { texts.append(text) } }
    var all: [String] { lock.withLock { texts } }
}

/// The access log's writer thread and bounded buffer (a stalled or slow reader never blocks
/// serving), through a pipe.
final class AccessLogWriterTests: XCTestCase {
    var fds: [Int32] = [-1, -1]

    override func setUp() {
        XCTAssertEqual(pipe(&fds), 0)
    }

    override func tearDown() {
        close(fds[0])
        close(fds[1])
    }

    /// Reads what the pipe holds now (the read end set non-blocking), with pauses of `pause`
    /// seconds between reads of at most `chunk` bytes, until `expected` bytes or 10 s.
    func read(expected: Int, chunk: Int = 65536, pause: Double = 0) -> [UInt8] {
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: chunk)
        let end = Date().addingTimeInterval(10)
        while out.count < expected && Date() < end {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fds[0], $0.baseAddress, chunk) }
            if n > 0 { out += buffer[0 ..< n] } else { usleep(1_000) }
            if pause > 0 { usleep(UInt32(pause * 1e6)) }
        }
        return out
    }

    /// Fills the pipe from the test until it would block; returns the bytes written.
    func fillPipe() -> Int {
        let flags = fcntl(fds[1], F_GETFL)
        _ = fcntl(fds[1], F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(fds[1], F_SETFL, flags) }
        let block = [UInt8](repeating: 0x2E, count: 4096)
        var total = 0
        while true {
            let n = block.withUnsafeBytes { Glibc.write(fds[1], $0.baseAddress, $0.count) }
            if n <= 0 { return total }
            total += n
        }
    }

    func testASlowReaderGetsEveryLineInOrderAndWhole() {
        let reports = Reports()
        let writer = AccessLogWriter(fd: fds[1], report: { reports.add($0) })
        // 5,000 lines of 60 bytes (300 KB): far over the pipe's 64 KiB, within the buffer.
        let lines = (0 ..< 5000).map { String(format: "{\"line\":%06d,\"pad\":\"%@\"}", $0, String(repeating: "x", count: 34)) }
        for line in lines { writer.append(line) }
        let expected = lines.joined(separator: "\n") + "\n"
        let got = read(expected: expected.utf8.count, chunk: 4096, pause: 0.0002)
        XCTAssertEqual(String(decoding: got, as: UTF8.self), expected)
        XCTAssertEqual(writer.droppedLines, 0)
        XCTAssertTrue(reports.all.isEmpty)
    }

    func testFlushWritesEverythingAppendedBefore() {
        let writer = AccessLogWriter(fd: fds[1], report: { _ in })
        writer.append("one")
        writer.append("two")
        XCTAssertTrue(writer.flush(timeout: 2))
        XCTAssertEqual(String(decoding: read(expected: 8), as: UTF8.self), "one\ntwo\n")
    }

    func testAFullBufferDropsCountsAndReportsAtMostOnceASecond() {
        let reports = Reports()
        let writer = AccessLogWriter(fd: fds[1], capacityBytes: 1000, report: { reports.add($0) })
        let line = String(repeating: "y", count: 99)  // 100 bytes with its newline
        // Nobody reads and the pipe is full: the buffer takes 10 lines, then lines drop.
        let pipeBytes = fillPipe()
        for _ in 0 ..< 2000 { writer.append(line) }
        XCTAssertTrue(eventually(5) { reports.all.count == 1 })
        let dropped = writer.droppedLines
        XCTAssertEqual(dropped, 2000 - 10, "the buffer holds 1,000 bytes: 10 lines")
        for _ in 0 ..< 100 { writer.append(line) }
        usleep(100_000)
        XCTAssertEqual(reports.all.count, 1, "a second report within a second: \(reports.all)")
        XCTAssertTrue(reports.all[0].contains("dropped"), reports.all[0])
        usleep(1_000_000)
        writer.append(line)
        XCTAssertTrue(eventually(2) { reports.all.count == 2 }, "no report a second later")
        XCTAssertEqual(writer.droppedLines, dropped + 101)
        // Reading again lets lines through once more, whole.
        let drained = read(expected: pipeBytes + 1000)
        XCTAssertEqual(drained.count, pipeBytes + 1000)
        XCTAssertEqual(String(decoding: drained.suffix(1000), as: UTF8.self), String(repeating: line + "\n", count: 10))
        writer.append("after")
        XCTAssertTrue(writer.flush(timeout: 2))
        let tail = String(decoding: read(expected: 6), as: UTF8.self)
        XCTAssertTrue(tail.hasSuffix("after\n"), tail)
    }

    func testDropsAreExportedByReason() throws {
        let writer = AccessLogWriter(fd: fds[1], capacityBytes: 10, report: { _ in })
        writer.append(String(repeating: "z", count: 20))
        let samples = try PrometheusParser.parse(ServiceMetrics(cache: nil, accessLog: writer).text())
        XCTAssertEqual(samples["toggle_access_log_dropped_total{reason=\"stalled\"}"], 1)
        XCTAssertEqual(samples["toggle_access_log_dropped_total{reason=\"full\"}"], 0)
        let off = try PrometheusParser.parse(ServiceMetrics(cache: nil).text())
        for reason in ["stalled", "full", "closed", "error"] {
            XCTAssertEqual(off["toggle_access_log_dropped_total{reason=\"\(reason)\"}"], 0, reason)
        }
    }

    /// Writes that fail are counted by reason, line by line: ENOSPC (/dev/full) is `full`, EPIPE
    /// (a pipe whose reading end is closed; SIGPIPE ignored as the server ignores it) `closed`.
    func testFailedWritesAreCountedByReason() throws {
        let full = open("/dev/full", O_WRONLY)
        XCTAssertGreaterThanOrEqual(full, 0)
        defer { close(full) }
        let reports = Reports()
        let writer = AccessLogWriter(fd: full, report: { reports.add($0) })
        for i in 0 ..< 300 { writer.append("{\"line\":\(i)}") }
        XCTAssertTrue(writer.flush(timeout: 5))
        XCTAssertEqual(writer.droppedLines(reason: .full), 300)
        XCTAssertEqual(writer.droppedLines, 300)
        XCTAssertTrue(eventually(5) { !reports.all.isEmpty })
        XCTAssertTrue(reports.all[0].contains("full 300") && reports.all[0].contains("No space left on device"), reports.all[0])

        signal(SIGPIPE, SIG_IGN)
        close(fds[0])
        fds[0] = -1
        let closed = AccessLogWriter(fd: fds[1], report: { _ in })
        for i in 0 ..< 7 { closed.append("{\"line\":\(i)}") }
        XCTAssertTrue(closed.flush(timeout: 5))
        XCTAssertEqual(closed.droppedLines(reason: .closed), 7)
        XCTAssertEqual(closed.droppedLines(reason: .stalled), 0)
    }

    /// What a flush that timed out leaves: the lines still waiting, buffered or in the batch
    /// the writer is blocked on (said on stderr at exit, when no later count could).
    func testPendingLinesAreThoseAFlushCouldNotWrite() {
        let writer = AccessLogWriter(fd: fds[1], report: { _ in })
        let pipeBytes = fillPipe()
        for i in 0 ..< 5 { writer.append("{\"line\":\(i)}") }  // 11 bytes each with the newline
        XCTAssertFalse(writer.flush(timeout: 0.2))
        XCTAssertEqual(writer.pendingLines, 5)
        XCTAssertEqual(read(expected: pipeBytes + 55).count, pipeBytes + 55)
        XCTAssertTrue(writer.flush(timeout: 5))
        XCTAssertEqual(writer.pendingLines, 0)
    }

    func testDropReasonsOfErrnoValues() {
        XCTAssertEqual(AccessLogWriter.DropReason.of(errno: ENOSPC), .full)
        XCTAssertEqual(AccessLogWriter.DropReason.of(errno: EDQUOT), .full)
        XCTAssertEqual(AccessLogWriter.DropReason.of(errno: EPIPE), .closed)
        XCTAssertEqual(AccessLogWriter.DropReason.of(errno: EBADF), .closed)
        XCTAssertEqual(AccessLogWriter.DropReason.of(errno: EIO), .error)
    }
}

private func eventually(_ timeout: Double, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}
