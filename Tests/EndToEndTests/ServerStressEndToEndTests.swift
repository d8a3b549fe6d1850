import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The server's failure handling against the real binary: descriptor exhaustion and SIGTERM
/// with requests in flight.
final class ServerStressEndToEndTests: XCTestCase {
    /// CPU seconds (user + system) the process `pid` has used, from /proc/PID/stat.
    private func cpuSeconds(_ pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: state is field 3, utime field 14, stime field 15 (1-based).
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    func testSurvivesDescriptorExhaustionAndServesAgain() throws {
        let server = try ServerProcess(fileDescriptorLimit: 40)
        defer { XCTAssertEqual(server.stop(), 0, "SIGTERM should drain and exit 0") }
        let pid = server.process.processIdentifier

        // Flood past the limit: about 30 connections get a descriptor, the rest wait in the backlog.
        var flood: [TestClient] = []
        for _ in 0 ..< 100 {
            let client = try TestClient(port: server.port, timeout: 2)
            client.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
            flood.append(client)
        }
        let answered = flood.prefix(10).filter { (try? $0.readResponse())?.status == 200 }.count
        XCTAssertGreaterThan(answered, 0, "no connection was served before the limit")

        // At the limit, accept fails with EMFILE: the server backs off rather than spinning.
        usleep(200_000)
        let before = try XCTUnwrap(cpuSeconds(pid))
        usleep(1_000_000)
        let used = try XCTUnwrap(cpuSeconds(pid)) - before
        XCTAssertLessThan(used, 0.3, "the server used \(used) s of CPU in 1 s while out of descriptors")
        XCTAssertTrue(server.process.isRunning)

        // Once the clients close, descriptors free up and a new client is served.
        flood.removeAll()
        let client = try TestClient(port: server.port, timeout: 10)
        let response = try client.get("/toggle?on=1")
        XCTAssertEqual(response.status, 200)
        XCTAssertNotNil(DecodedPNG(response.body))
    }

    func testSIGTERMWithRequestsInFlightLosesNone() throws {
        let server = try ServerProcess()
        let count = 6
        let results = ResultBox(count: count)
        let group = DispatchGroup()
        var clients: [ClientBox] = []
        for _ in 0 ..< count { clients.append(ClientBox(try TestClient(port: server.port, timeout: 30))) }
        for (i, box) in clients.enumerated() {
            group.enter()
            Thread.detachNewThread {
                // Large, slow renders, each different so none is served from a cache.
                let target = "/toggle?on=1&scale=4&size=accessibility5&color=ff00\(String(format: "%02x", i))"
                results.set(i, Result { try box.client.get(target) })
                group.leave()
            }
        }
        usleep(150_000)  // the requests are with the server now
        XCTAssertEqual(kill(server.process.processIdentifier, SIGTERM), 0)
        XCTAssertEqual(group.wait(timeout: .now() + 30), .success)
        for i in 0 ..< count {
            switch results.get(i) {
            case .success(let response)?:
                XCTAssertEqual(response.status, 200, "request \(i)")
                XCTAssertEqual(response.header("Content-Length"), String(response.body.count))
                let image = DecodedPNG(response.body)
                XCTAssertNotNil(image, "request \(i): not a complete PNG")
                XCTAssertGreaterThan(image?.width ?? 0, 4 * 58, "request \(i): larger than the default size")
            case .failure(let error)?:
                XCTFail("request \(i) failed: \(error)")
            case nil:
                XCTFail("request \(i) did not finish")
            }
        }
        server.process.waitUntilExit()
        XCTAssertEqual(server.process.terminationStatus, 0)
        XCTAssertEqual(server.process.terminationReason, .exit)
    }
}

/// A client handed to one other thread.
final class ClientBox: @unchecked Sendable {
    let client: TestClient
    init(_ client: TestClient) { self.client = client }
}

/// Results written by several threads.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<ClientResponse, Error>?]
    init(count: Int) { results = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ r: Result<ClientResponse, Error>) { lock.withLock { results[i] = r } }
    func get(_ i: Int) -> Result<ClientResponse, Error>? { lock.withLock { results[i] } }
}
