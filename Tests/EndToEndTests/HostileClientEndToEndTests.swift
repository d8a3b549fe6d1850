import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Hostile clients against the real binary over loopback: no single client can stall a loop, hold a
/// slot, make the server work for nobody, or stop it through its log. Short timeouts keep each
/// test to seconds.
final class HostileClientEndToEndTests: XCTestCase {
    /// CPU seconds (user + system) the process `pid` has used, from /proc/PID/stat.
    private func cpuSeconds(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The process's open descriptors but the memory files that hold large cached images
    /// (`/memfd:` links, kept as long as the image is cached).
    private func openDescriptors(_ pid: Int32) -> Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return fds.filter { fd in
            !((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)"))?.hasPrefix("/memfd:") ?? false)
        }.count
    }

    /// Seconds a fresh connection's `GET /healthz` takes to be answered 200, or nil.
    private func healthzSeconds(port: Int, timeout: Double = 10) -> Double? {
        let start = Date()
        guard let client = try? TestClient(port: port, timeout: timeout),
              (try? client.get("/healthz"))?.status == 200 else { return nil }
        return Date().timeIntervalSince(start)
    }

    /// Item 1: one connection pipelining costly requests (unknown symbols, each answered with a
    /// "did you mean" search) must not hold up `/healthz` on the same, only, loop.
    func testHealthzStaysFastWhileTheOnlyLoopGetsPipelinedCostlyRequests() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off"], prefix: ["taskset", "-c", "0"])
        defer { server.stop() }
        XCTAssertNotNil(healthzSeconds(port: server.port))
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var clients: [TestClient] = []
        for _ in 0 ..< 2 {
            let client = try TestClient(port: server.port, timeout: 30)
            var batch = ""
            for _ in 0 ..< 400 {
                let name = String((0 ..< 20).map { _ in letters.randomElement(using: &generator)! })
                batch += "GET /toggle?sym=mdi:\(name) HTTP/1.1\r\nHost: x\r\n\r\n"
            }
            client.send(batch)  // 21 KB: the socket buffers take it whole
            clients.append(client)
        }
        usleep(200_000)
        var samples: [Double] = []
        for _ in 0 ..< 10 {
            samples.append(try XCTUnwrap(healthzSeconds(port: server.port), "/healthz unanswered"))
            usleep(50_000)
        }
        // The costly answers are still being made: the load lasted through the samples.
        XCTAssertEqual(try clients[0].readResponse().status, 400)
        // Before the per-turn budget /healthz went unanswered for over 60 s. The median holds the
        // tight bound; the worst sample only a loose one, since other processes on a shared
        // machine can take core 0 away for a while (a 4 s sample was seen under a load of 6).
        samples.sort()
        let median = samples[samples.count / 2], worst = samples[samples.count - 1]
        XCTAssertLessThan(median, 0.25, "/healthz took \(median) s (median) while a connection pipelined costly requests")
        XCTAssertLessThan(worst, 10, "/healthz took \(worst) s while a connection pipelined costly requests")
    }

    /// Item 2: connections trickling a body cannot hold the server's slots past the request
    /// deadline; a new client is then served.
    func testTricklingBodiesAreCutAtTheRequestDeadline() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off", "--max-connections", "4",
                                                   "--request-timeout", "1", "--idle-timeout", "30"])
        defer { server.stop() }
        var slow: [TestClient] = []
        for _ in 0 ..< 4 {
            let client = try TestClient(port: server.port, timeout: 5)
            client.send("GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n")
            XCTAssertEqual(try client.readResponse().status, 200)
            slow.append(client)
        }
        let full = try TestClient(port: server.port, timeout: 5)
        XCTAssertEqual(try full.get("/healthz").status, 503, "the four trickling connections fill the server")
        // One byte per connection every 100 ms: always progress, never done.
        let start = Date()
        while Date().timeIntervalSince(start) < 1.5 {
            for client in slow { client.send("a") }
            usleep(100_000)
        }
        for (i, client) in slow.enumerated() {
            XCTAssertTrue(client.closesWithoutMoreData(timeout: 1), "connection \(i) still open after the deadline")
        }
        let fresh = try TestClient(port: server.port, timeout: 5)
        XCTAssertEqual(try fresh.get("/healthz").status, 200)
    }

    /// Item 3: a connection that never sends a byte is closed at the header timeout, not the
    /// idle timeout.
    func testSilentConnectionIsClosedAtTheHeaderTimeout() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off", "--header-timeout", "0.5",
                                                   "--idle-timeout", "30"])
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        let start = Date()
        XCTAssertTrue(client.closesWithoutMoreData(timeout: 5), "still open after 5 s")
        let seconds = Date().timeIntervalSince(start)
        XCTAssertGreaterThan(seconds, 0.4)
        XCTAssertLessThan(seconds, 2, "closed after \(seconds) s, not at the 0.5 s header timeout")
    }

    /// Item 4: worst-case renders whose clients reset before their turn are never made, and their
    /// descriptors are released at once. Equal renders still coalesce (covered by the cache's tests).
    func testRendersForClientsThatResetAreDropped() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off"])
        defer { server.stop() }
        let pid = server.process.processIdentifier
        let worstCase = "/toggle?on=1&scale=4&size=accessibility5&pad=64"
        // The cost of one such render on this machine and build.
        let warm = try TestClient(port: server.port, timeout: 60)
        XCTAssertEqual(try warm.get(worstCase + "&color=%23000001").status, 200)
        var before = cpuSeconds(pid)
        XCTAssertEqual(try warm.get(worstCase + "&color=%23000002").status, 200)
        let one = max(cpuSeconds(pid) - before, 0.01)
        let baseline = openDescriptors(pid)

        let count = 40
        var clients: [TestClient] = []
        for i in 0 ..< count {
            let client = try TestClient(port: server.port)
            client.send("GET \(worstCase)&color=%23ff\(String(format: "%04x", i)) HTTP/1.1\r\nHost: x\r\n\r\n")
            clients.append(client)
        }
        usleep(100_000)  // the server has read them; a render or two has started
        before = cpuSeconds(pid)
        for client in clients { client.reset() }
        XCTAssertTrue(eventually(2) { openDescriptors(pid) <= baseline + 2 },
                      "descriptors still held: \(openDescriptors(pid)), baseline \(baseline)")
        // Wait until the renders already started are done, then count the CPU spent.
        var last = cpuSeconds(pid)
        var quiet = 0
        for _ in 0 ..< 300 where quiet < 3 {
            usleep(100_000)
            let now = cpuSeconds(pid)
            quiet = now - last < 0.02 ? quiet + 1 : 0
            last = now
        }
        let spent = last - before
        XCTAssertLessThan(spent, 6 * one, "\(spent) s of CPU after the resets; one render is \(one) s")
        XCTAssertNotNil(healthzSeconds(port: server.port))
    }

    /// Item 5: with standard output a pipe nobody reads, serving goes on; lines beyond the
    /// buffer are dropped, counted and reported on standard error.
    func testServingGoesOnWhileNobodyReadsTheLog() throws {
        let started = Date()
        let server = try ServerProcess(output: .unread, captureStandardError: true)
        defer { server.stop() }
        // About 150 bytes of log each: 10,000 are over the pipe (64 KiB) and the buffer (1 MiB).
        let count = 10_000
        let client = try TestClient(port: server.port, timeout: 10)
        let reader = Thread {
            var ok = 0
            while ok < count, (try? client.readResponse())?.status == 200 { ok += 1 }
            _ = ok
        }
        reader.start()
        client.send(String(repeating: "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", count: count))
        XCTAssertTrue(eventually(20) { reader.isFinished }, "the pipelined requests were not all answered")
        let seconds = try XCTUnwrap(healthzSeconds(port: server.port, timeout: 5), "/healthz unanswered")
        XCTAssertLessThan(seconds, 1)
        let metrics = try TestClient(port: server.port).get("/metrics").bodyString
        let dropped = metrics.split(separator: "\n").first { $0.hasPrefix("toggle_access_log_dropped_total{reason=\"stalled\"} ") }
        let value = try XCTUnwrap(dropped.flatMap { Int($0.split(separator: " ")[1]) })
        XCTAssertGreaterThan(value, 0)
        XCTAssertLessThan(value, count)
        XCTAssertTrue(eventually(2) { server.standardError.contains("access log: dropped") }, server.standardError)
        // At most once a second: the first at once, the rest gathered into one per second.
        let reports = server.standardError.components(separatedBy: "access log: dropped").count - 1
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertLessThanOrEqual(Double(reports), elapsed.rounded(.up) + 1,
                                 "\(reports) reports in \(elapsed) s: \(server.standardError)")
    }

    /// Every access log line reaches standard output when SIGTERM ends the process.
    func testSIGTERMLosesNoAccessLogLine() throws {
        let server = try ServerProcess(output: .collected)
        let count = 600
        let client = try TestClient(port: server.port, timeout: 10)
        client.send(String(repeating: "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", count: count))
        for _ in 0 ..< count { XCTAssertEqual(try client.readResponse().status, 200) }
        XCTAssertEqual(kill(server.process.processIdentifier, SIGTERM), 0)
        server.process.waitUntilExit()
        XCTAssertTrue(server.waitForOutputEnd())
        let lines = server.outputLines
        XCTAssertEqual(lines.filter { $0.contains("\"route\":\"healthz\"") }.count, count)
        XCTAssertEqual(lines.last, "drained: exiting")
        XCTAssertEqual(server.process.terminationStatus, 0)
    }

    /// The server's own errors and the application's share one JSON shape,
    /// `{"error": "..."}` (parameter errors add their fields), with nosniff and no-store.
    func testEveryErrorIsTheSameJSONShape() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off", "--max-target-bytes", "64"])
        defer { server.stop() }
        let requests: [(Int, String)] = [
            (400, "GET /toggle?on=maybe HTTP/1.1\r\nHost: x\r\n\r\n"),
            (404, "GET /nothing-here HTTP/1.1\r\nHost: x\r\n\r\n"),
            (405, "DELETE /toggle HTTP/1.1\r\nHost: x\r\n\r\n"),
            (414, "GET /\(String(repeating: "a", count: 100)) HTTP/1.1\r\nHost: x\r\n\r\n"),
            (501, "BREW /toggle HTTP/1.1\r\nHost: x\r\n\r\n"),
            (505, "GET /toggle HTTP/3.0\r\nHost: x\r\n\r\n"),
        ]
        for (status, request) in requests {
            let client = try TestClient(port: server.port)
            client.send(request)
            let response = try client.readResponse()
            XCTAssertEqual(response.status, status)
            XCTAssertEqual(response.header("Content-Type"), "application/json", "\(status)")
            XCTAssertEqual(response.header("X-Content-Type-Options"), "nosniff", "\(status)")
            XCTAssertEqual(response.header("Cache-Control"), "no-store", "\(status)")
            let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            XCTAssertNotNil(object?["error"] as? String, "\(status): \(response.bodyString)")
        }
    }

    /// A TLS ClientHello on the plain-HTTP port gets a 400 saying so, then a close.
    func testTLSClientHelloGetsAPlainHTTP400() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off"])
        defer { server.stop() }
        let client = try TestClient(port: server.port, timeout: 5)
        // The first bytes of a TLS 1.2/1.3 ClientHello record (RFC 8446 section 5.1 and 4.1.2).
        client.send([0x16, 0x03, 0x01, 0x00, 0xF4, 0x01, 0x00, 0x00, 0xF0, 0x03, 0x03] + [UInt8](repeating: 0x2A, count: 32))
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 400)
        XCTAssertEqual(response.header("Content-Type"), "application/json")
        XCTAssertTrue(response.bodyString.contains("plain HTTP"), response.bodyString)
        XCTAssertTrue(client.closesWithoutMoreData())
    }
}

/// Polls `condition` every 10 ms up to `timeout` seconds.
private func eventually(_ timeout: Double, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}
