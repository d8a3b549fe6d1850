import Foundation
import TestSupport
import XCTest
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// Answers `/cached...` at once (`respondImmediately`), everything else through `respond` on a worker.
struct HalfCachedResponder: HTTPResponder {
    func plan(for request: HTTPRequest) -> HTTPResponsePlan {
        if let ready = respondImmediately(to: request) { return .answer(ready) }
        return .work(.onWorker { respond(to: request) })
    }
    func respondImmediately(to request: HTTPRequest) -> HTTPResponse? {
        request.path.hasPrefix("/cached") ? HTTPResponse(status: 200, body: Array("hit \(request.target)".utf8)) : nil
    }
    func respond(to request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: 200, body: Array("render \(request.target)".utf8))
    }
}

final class EventLoopTests: XCTestCase {
    /// Several loop counts (0 meaning 1) serve pipelined inline and rendered answers in order,
    /// and shut down.
    func testEveryLoopCountServesPipelinedMixedRequests() throws {
        for count in [0, 1, 3] {
            let (server, port) = try startServer({ $0.eventLoopCount = count }, responder: HalfCachedResponder())
            let clients = try (0 ..< 7).map { _ in try TestClient(port: port) }
            for (i, client) in clients.enumerated() {
                client.send("GET /cached/\(i) HTTP/1.1\r\nHost: a\r\n\r\nGET /r/\(i) HTTP/1.1\r\nHost: a\r\n\r\n"
                            + "GET /cached/x HTTP/1.1\r\nHost: a\r\n\r\n")
            }
            for (i, client) in clients.enumerated() {
                XCTAssertEqual(try client.readResponse().bodyString, "hit /cached/\(i)", "loops: \(count)")
                XCTAssertEqual(try client.readResponse().bodyString, "render /r/\(i)", "loops: \(count)")
                XCTAssertEqual(try client.readResponse().bodyString, "hit /cached/x", "loops: \(count)")
            }
            XCTAssertEqual(server.openConnectionCount, 7)
            stop(server)
            XCTAssertEqual(server.openConnectionCount, 0)
            for client in clients { XCTAssertTrue(client.closesWithoutMoreData()) }
        }
    }

    /// A response larger than the socket buffers is written across EPOLLOUT edges while the
    /// client reads slowly, and the next pipelined request is answered after it.
    func testLargeResponseResumesOnWritability() throws {
        let (server, port) = try startServer({ $0.eventLoopCount = 1 })
        defer { stop(server) }
        let client = try TestClient(port: port)
        client.send("GET /big HTTP/1.1\r\nHost: a\r\n\r\nGET /after HTTP/1.1\r\nHost: a\r\n\r\n")
        usleep(200_000)
        XCTAssertEqual(try client.readResponse().body.count, 4 << 20)
        XCTAssertEqual(try client.readResponse().bodyString, "GET /after")
    }

    func testDefaultLoopCountFollowsTheAffinity() throws {
        // The CPUs this process may run on, counted independently from /proc/self/status's
        // Cpus_allowed_list (e.g. "0-1" or "0,2-3"); `taskset -c 0 swift test` expects 1.
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        let allowed = line.dropFirst("Cpus_allowed_list:".count).split(separator: ",").reduce(0) { total, part in
            let bounds = part.trimmingCharacters(in: .whitespaces).split(separator: "-").compactMap { Int($0) }
            return total + (bounds.count == 2 ? bounds[1] - bounds[0] + 1 : 1)
        }
        // A container's CPU limit caps it (CPUQuota has its own tests over the file formats).
        let limit = CPUQuota.current().map { CPUQuota.loopCount(cpus: $0) } ?? allowed
        XCTAssertEqual(HTTPServerConfiguration().eventLoopCount, min(allowed, limit))
    }
}
