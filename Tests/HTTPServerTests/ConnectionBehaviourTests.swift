import Foundation
import TestSupport
import XCTest
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// Counts metrics callbacks (thread-safe).
final class CountingMetrics: HTTPServerMetrics, @unchecked Sendable {
    private let lock = NSLock()
    private var _opened = 0, _closed = 0, _statuses: [Int] = []
    private var _requestLines: [String] = []
    var opened: Int { lock.lock(); defer { lock.unlock() }; return _opened }
    /// Each exchange's method and target as reported, "METHOD TARGET" ("nil nil" when absent).
    var requestLines: [String] { lock.lock(); defer { lock.unlock() }; return _requestLines }
    var closed: Int { lock.lock(); defer { lock.unlock() }; return _closed }
    var statuses: [Int] { lock.lock(); defer { lock.unlock() }; return _statuses }
    func connectionOpened() { lock.lock(); _opened += 1; lock.unlock() }
    func connectionClosed() { lock.lock(); _closed += 1; lock.unlock() }
    func requestCompleted(_ exchange: HTTPExchange) {
        lock.lock(); _statuses.append(exchange.status)
        _requestLines.append("\(exchange.method ?? "nil") \(exchange.target ?? "nil")"); lock.unlock()
    }
}

/// A responder that blocks for `seconds`.
struct SlowResponder: HTTPResponder {
    var seconds: Double
    func plan(for request: HTTPRequest) -> HTTPResponsePlan { .work(.onWorker { respond(to: request) }) }
    func respond(to request: HTTPRequest) -> HTTPResponse {
        usleep(UInt32(seconds * 1_000_000))
        return HTTPResponse(status: 200, body: Array("slow".utf8))
    }
}

final class ConnectionBehaviourTests: XCTestCase {
    func testPipelinedRequestsAnsweredInOrder() throws {
        let (server, port) = try startServer()
        defer { stop(server) }
        let client = try TestClient(port: port)
        // The first is slow, so a server answering out of order would send /2 first.
        client.send("GET /slow1 HTTP/1.1\r\nHost: a\r\n\r\nHEAD /h HTTP/1.1\r\nHost: a\r\n\r\nGET /2 HTTP/1.1\r\nHost: a\r\n\r\n")
        XCTAssertEqual(try client.readResponse().bodyString, "GET /slow1")
        let head = try client.readResponse(head: true)
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.header("Content-Length"), "\("HEAD /h".utf8.count)")
        XCTAssertEqual(try client.readResponse().bodyString, "GET /2")
    }

    func testHeadHasContentLengthButNoBody() throws {
        let (server, port) = try startServer()
        defer { stop(server) }
        let client = try TestClient(port: port)
        client.send("GET /same HTTP/1.1\r\nHost: a\r\n\r\n")
        let get = try client.readResponse()
        client.send("HEAD /same HTTP/1.1\r\nHost: a\r\n\r\n")
        let head = try client.readResponse(head: true)
        // The echo body for HEAD is "HEAD /same": the length GET-style serving would send.
        XCTAssertEqual(head.header("Content-Length"), "\("HEAD /same".utf8.count)")
        XCTAssertNotEqual(get.header("Content-Length"), nil)
        // If the HEAD response carried a body, it would be read as the start of this response.
        client.send("GET /next HTTP/1.1\r\nHost: a\r\n\r\n")
        XCTAssertEqual(try client.readResponse().bodyString, "GET /next")
    }

    func testGetBodyInPiecesThenSecondRequest() throws {
        let (server, port) = try startServer()
        defer { stop(server) }
        let client = try TestClient(port: port)
        client.send("GET /1 HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nabc")
        XCTAssertEqual(try client.readResponse().bodyString, "GET /1")
        client.send("defghij")
        client.send("GET /2 HTTP/1.1\r\nHost: a\r\n\r\n")
        XCTAssertEqual(try client.readResponse().bodyString, "GET /2")
    }

    func testHeaderTimeoutAnswers408AndCloses() throws {
        let (server, port) = try startServer { $0.headerTimeout = 0.3 }
        defer { stop(server) }
        let client = try TestClient(port: port)
        let started = Date()
        client.send("GET / HTTP/1.1\r\nHost: a\r\n")
        let response = try client.readResponse()
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(response.status, 408)
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertGreaterThan(elapsed, 0.25)
        XCTAssertLessThan(elapsed, 1.5)
        XCTAssertTrue(client.closesWithoutMoreData())
    }

    func testIdleKeepAliveConnectionClosedSilently() throws {
        let (server, port) = try startServer { $0.idleTimeout = 0.3 }
        defer { stop(server) }
        let client = try TestClient(port: port)
        client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        XCTAssertEqual(try client.readResponse().status, 200)
        let started = Date()
        XCTAssertTrue(client.closesWithoutMoreData(timeout: 2))
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.5)
        XCTAssertTrue(eventually { server.openConnectionCount == 0 })
    }

    func testTwoHundredConcurrentConnections() throws {
        let (server, port) = try startServer()
        defer { stop(server) }
        let clients = try (0 ..< 200).map { _ in try TestClient(port: port) }
        XCTAssertTrue(eventually { server.openConnectionCount == 200 }, "open: \(server.openConnectionCount)")
        for (i, client) in clients.enumerated() { client.send("GET /\(i) HTTP/1.1\r\nHost: a\r\n\r\n") }
        for (i, client) in clients.enumerated() {
            XCTAssertEqual(try client.readResponse().bodyString, "GET /\(i)")
        }
        // And from many threads at once.
        let failures = CountingMetrics()
        DispatchQueue.concurrentPerform(iterations: 200) { i in
            let client = clients[i]
            client.send("GET /again\(i) HTTP/1.1\r\nHost: a\r\n\r\n")
            if (try? client.readResponse().bodyString) != "GET /again\(i)" {
                failures.connectionOpened()
            }
        }
        XCTAssertEqual(failures.opened, 0, "requests that failed")
    }

    func testClientsResettingMidResponseLeaveServerHealthy() throws {
        let metrics = CountingMetrics()
        let (server, port) = try startServer(metrics: metrics)
        defer { stop(server) }
        for _ in 0 ..< 20 {
            let client = try TestClient(port: port)
            client.send("GET /big HTTP/1.1\r\nHost: a\r\n\r\n")
            var chunk = [UInt8](repeating: 0, count: 1000)
            _ = recv(client.fd, &chunk, chunk.count, 0)
            client.reset()
        }
        XCTAssertTrue(eventually { server.openConnectionCount == 0 }, "open: \(server.openConnectionCount)")
        // A whole 4 MiB response still arrives intact (partial writes resumed).
        let client = try TestClient(port: port)
        client.send("GET /big HTTP/1.1\r\nHost: a\r\n\r\n")
        let big = try client.readResponse()
        XCTAssertEqual(big.body.count, 4 << 20)
        XCTAssertTrue(big.body.allSatisfy { $0 == 0x61 })
        XCTAssertEqual(metrics.opened, 21)
    }

    func testGracefulShutdownFinishesInFlightRequest() throws {
        let (server, port) = try startServer { $0.drainDeadline = 5 }
        let idle = try TestClient(port: port)
        let busy = try TestClient(port: port)
        busy.send("GET /slow HTTP/1.1\r\nHost: a\r\n\r\n")
        XCTAssertTrue(eventually { server.openConnectionCount == 2 })
        usleep(50_000)  // the slow request is with the responder now
        let done = DispatchSemaphore(value: 0)
        server.shutdown { done.signal() }
        XCTAssertTrue(idle.closesWithoutMoreData(), "idle connection should close at once")
        let response = try busy.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.bodyString, "GET /slow")
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(server.openConnectionCount, 0)
        XCTAssertThrowsError(try TestClient(port: port), "listener should be closed")
    }

    func testDrainDeadlineClosesStuckRequests() throws {
        let (server, port) = try startServer({ $0.drainDeadline = 0.3 }, responder: SlowResponder(seconds: 2))
        let client = try TestClient(port: port)
        client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        XCTAssertTrue(eventually { server.openConnectionCount == 1 })
        let started = Date()
        stop(server)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.5)
    }

    func testErrorCloseShutsWriteSideThenDrainsUntilClientCloses() throws {
        let (server, port) = try startServer { $0.lingerTimeout = 5 }
        defer { stop(server) }
        let client = try TestClient(port: port)
        client.send("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: +5\r\n\r\n")
        XCTAssertEqual(try client.readResponse().status, 400)
        XCTAssertTrue(client.closesWithoutMoreData(), "write side should be shut down")
        // The server still reads (and discards) what the client sends, so no reset loses the error.
        usleep(100_000)
        XCTAssertEqual(server.openConnectionCount, 1, "server should linger, draining input")
        client.send([UInt8](repeating: 0x78, count: 100_000))
        client.reset()
        XCTAssertTrue(eventually { server.openConnectionCount == 0 })
    }

    func testLingerEndsAfterLingerTimeout() throws {
        let (server, port) = try startServer { $0.lingerTimeout = 0.3 }
        defer { stop(server) }
        let client = try TestClient(port: port)
        client.send("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(try client.readResponse().status, 200)
        XCTAssertTrue(eventually(0.2) { server.openConnectionCount == 1 })
        XCTAssertTrue(eventually(1.5) { server.openConnectionCount == 0 })
    }

    func testHTTP10KeepAliveIsAnnounced() throws {
        // An HTTP/1.0 client keeps a connection only if the response says keep-alive (RFC 9112 9.3).
        let (server, port) = try startServer()
        defer { stop(server) }
        let client = try TestClient(port: port)
        client.send("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        let first = try client.readResponse()
        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(first.header("Connection"), "keep-alive")
        client.send("GET / HTTP/1.0\r\n\r\n")
        XCTAssertEqual(try client.readResponse().header("Connection"), "close")
    }

    func testMaxConnectionsClosesExtraConnections() throws {
        let (server, port) = try startServer { $0.maxConnections = 2 }
        defer { stop(server) }
        let a = try TestClient(port: port), b = try TestClient(port: port)
        XCTAssertTrue(eventually { server.openConnectionCount == 2 })
        let c = try TestClient(port: port)
        // The extra client is told why (503, Retry-After) and closed, not left with an empty reply.
        let refusal = try c.readResponse()
        XCTAssertEqual(refusal.status, 503)
        XCTAssertTrue(c.closesWithoutMoreData())
        a.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        XCTAssertEqual(try a.readResponse().status, 200)
        _ = b
    }

    func testMetricsHook() throws {
        let metrics = CountingMetrics()
        let (server, port) = try startServer(metrics: metrics)
        let client = try TestClient(port: port)
        client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\nPOST / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(try client.readResponse().status, 200)
        XCTAssertEqual(try client.readResponse().status, 405)
        XCTAssertTrue(client.closesWithoutMoreData())
        stop(server)
        XCTAssertEqual(metrics.statuses, [200, 405])
        XCTAssertEqual(metrics.opened, 1)
        XCTAssertEqual(metrics.closed, 1)
    }

    func testIPv6AndPortZero() throws {
        var configuration = HTTPServerConfiguration()
        configuration.host = "::1"
        configuration.port = 0
        let server = HTTPServer(configuration: configuration, responder: EchoResponder())
        let address: BoundAddress
        do { address = try server.start() } catch { throw XCTSkip("no IPv6 loopback: \(error)") }
        defer { stop(server) }
        XCTAssertEqual(address.host, "::1")
        XCTAssertGreaterThan(address.port, 0)
        XCTAssertEqual(address.description, "http://[::1]:\(address.port)")
    }

    func testBindErrorsAreThrown() throws {
        let (server, port) = try startServer()
        defer { stop(server) }
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = port
        XCTAssertThrowsError(try HTTPServer(configuration: configuration, responder: EchoResponder()).start())
        configuration.host = "no-such-host.invalid"
        XCTAssertThrowsError(try HTTPServer(configuration: configuration, responder: EchoResponder()).start())
    }
}
