import Foundation
import TestSupport
import XCTest
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// Many, slow and rude clients over real loopback sockets. Each test takes a few seconds
/// at most.
final class StressTests: XCTestCase {
    /// Raises the soft descriptor limit to `wanted` (tests and server share this process);
    /// skips when the hard limit is lower.
    private func raiseDescriptorLimit(to wanted: rlim_t) throws {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        if limit.rlim_cur >= wanted { return }
        guard limit.rlim_max >= wanted else {
            throw XCTSkip("RLIMIT_NOFILE hard limit \(limit.rlim_max) is below \(wanted)")
        }
        limit.rlim_cur = wanted
        XCTAssertEqual(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit), 0)
    }

    func testThousandIdleConnectionsDoNotDelayANewClient() throws {
        try raiseDescriptorLimit(to: 2_500)
        let (server, port) = try startServer()
        defer { stop(server) }
        var idle: [TestClient] = []
        for _ in 0 ..< 1_000 { idle.append(try TestClient(port: port)) }
        XCTAssertTrue(eventually(5) { server.openConnectionCount == 1_000 }, "open: \(server.openConnectionCount)")
        // A few idle ones have sent half a request, so they hold a parser buffer and a header timer.
        for client in idle.prefix(50) { client.send("GET / HTTP/1.1\r\nHo") }

        let started = Date()
        let client = try TestClient(port: port)
        client.send("GET /new HTTP/1.1\r\nHost: a\r\n\r\n")
        XCTAssertEqual(try client.readResponse().bodyString, "GET /new")
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertLessThan(elapsed, 0.5, "a new client waited \(elapsed) s behind 1,000 idle connections")

        // The idle connections are still usable.
        for (i, c) in idle.enumerated() where i % 100 == 99 {
            c.send("GET /idle\(i) HTTP/1.1\r\nHost: a\r\n\r\n")
            XCTAssertEqual(try c.readResponse().bodyString, "GET /idle\(i)")
        }
        idle.removeAll()
        XCTAssertTrue(eventually(5) { server.openConnectionCount == 1 }, "open: \(server.openConnectionCount)")
    }

    func testDribblingClientIsCutOffAtHeaderTimeoutWhileOthersAreServed() throws {
        let (server, port) = try startServer { $0.headerTimeout = 0.5 }
        defer { stop(server) }
        let dribbler = try TestClient(port: port, timeout: 5)
        let request = Array("GET /dribble HTTP/1.1\r\nHost: a\r\nUser-Agent: one byte at a time\r\n\r\n".utf8)
        let started = Date()
        let cutOff = DispatchSemaphore(value: 0)
        let sentBeforeCut = CountingMetrics()
        Thread.detachNewThread {
            for byte in request {
                if cutOff.wait(timeout: .now()) == .success { return }
                dribbler.send([byte])
                sentBeforeCut.connectionOpened()
                usleep(100_000)
            }
        }
        // Meanwhile another client is served promptly, request after request.
        let other = try TestClient(port: port)
        while Date().timeIntervalSince(started) < 0.8 {
            let t = Date()
            other.send("GET /other HTTP/1.1\r\nHost: a\r\n\r\n")
            XCTAssertEqual(try other.readResponse().bodyString, "GET /other")
            XCTAssertLessThan(Date().timeIntervalSince(t), 0.25)
            usleep(50_000)
        }
        let response = try dribbler.readResponse()
        cutOff.signal()
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(response.status, 408)
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertGreaterThan(elapsed, 0.45)
        XCTAssertLessThan(elapsed, 1.5, "cut off after \(elapsed) s")
        XCTAssertLessThan(sentBeforeCut.opened, request.count, "the whole head was sent before the timeout")
    }

    func testTwoHundredClientsResettingMidResponseLeaveServerHealthy() throws {
        let metrics = CountingMetrics()
        let (server, port) = try startServer(metrics: metrics)
        defer { stop(server) }
        // 200 at once, in waves of 50 threads: each asks for 4 MiB, reads a little, and resets.
        let failures = CountingMetrics()
        DispatchQueue.concurrentPerform(iterations: 200) { _ in
            guard let client = try? TestClient(port: port) else { failures.connectionOpened(); return }
            client.send("GET /big HTTP/1.1\r\nHost: a\r\n\r\n")
            var chunk = [UInt8](repeating: 0, count: 4096)
            if recv(client.fd, &chunk, chunk.count, 0) <= 0 { failures.connectionOpened() }
            client.reset()
        }
        XCTAssertEqual(failures.opened, 0, "clients that could not connect or read")
        XCTAssertTrue(eventually(5) { server.openConnectionCount == 0 }, "open: \(server.openConnectionCount)")
        XCTAssertEqual(metrics.opened, 200)
        XCTAssertEqual(metrics.closed, 200)
        let client = try TestClient(port: port)
        client.send("GET /big HTTP/1.1\r\nHost: a\r\n\r\nGET /after HTTP/1.1\r\nHost: a\r\n\r\n")
        XCTAssertEqual(try client.readResponse().body.count, 4 << 20)
        XCTAssertEqual(try client.readResponse().bodyString, "GET /after")
    }

    /// Thousands of pipelined requests the server answers itself (501, keep-alive) arrive in one
    /// read; each answer used to start the next one a stack frame deeper.
    func testManyPipelinedRejectionsInOneRead() throws {
        let (server, port) = try startServer()
        defer { stop(server) }
        let client = try TestClient(port: port, timeout: 10)
        let count = 20_000
        let one = "BREW / HTTP/1.1\r\nHost: a\r\n\r\n"
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            client.send(String(repeating: one, count: count) + "GET /last HTTP/1.1\r\nHost: a\r\n\r\n")
            done.signal()
        }
        for i in 0 ..< count {
            let r = try client.readResponse()
            if r.status != 501 { XCTFail("response \(i): \(r.status)"); break }
        }
        XCTAssertEqual(try client.readResponse().bodyString, "GET /last")
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
    }
}
