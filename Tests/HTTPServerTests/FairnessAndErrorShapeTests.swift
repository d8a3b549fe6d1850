import Foundation
import TestSupport
import XCTest
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// Answers `/costly...` inline after 3 ms of work (more than a turn's budget), `/quick` inline at
/// once, anything else like `EchoResponder`.
struct CostlyInlineResponder: HTTPResponder {
    func plan(for request: HTTPRequest) -> HTTPResponsePlan {
        if let ready = respondImmediately(to: request) { return .answer(ready) }
        return .work(.onWorker { respond(to: request) })
    }
    func respond(to request: HTTPRequest) -> HTTPResponse { EchoResponder().respond(to: request) }
    func respondImmediately(to request: HTTPRequest) -> HTTPResponse? {
        if request.path.hasPrefix("/costly") {
            usleep(3_000)
            return HTTPResponse(status: 200, body: Array("costly".utf8))
        }
        return request.path == "/quick" ? HTTPResponse(status: 200, body: Array("quick".utf8)) : nil
    }
}

final class FairnessAndErrorShapeTests: XCTestCase {
    /// Bounded work per loop turn at the server's level: inline answers that cost more than the turn's
    /// budget are taken one per turn, so another connection on the same loop waits for at most a
    /// few of them, not for the whole pipeline (300 x 3 ms = 0.9 s).
    func testAnotherConnectionOnTheLoopIsNotHeldUpByAPipeline() throws {
        let (server, port) = try startServer({ $0.eventLoopCount = 1 }, responder: CostlyInlineResponder())
        defer { stop(server) }
        let busy = try TestClient(port: port, timeout: 10)
        busy.send(String(repeating: "GET /costly HTTP/1.1\r\nHost: x\r\n\r\n", count: 300))
        usleep(30_000)
        var worst = 0.0
        for _ in 0 ..< 5 {
            let start = Date()
            let other = try TestClient(port: port, timeout: 5)
            XCTAssertEqual(try other.get("/quick").bodyString, "quick")
            worst = max(worst, Date().timeIntervalSince(start))
        }
        XCTAssertLessThan(worst, 0.1, "a quick request waited \(worst) s behind a pipeline")
        for i in 0 ..< 300 { XCTAssertEqual(try busy.readResponse().bodyString, "costly", "response \(i)") }
    }

    /// Cheap pipelined requests are answered in order across turns (the count bound yields too).
    func testLongCheapPipelineIsAnsweredWholeAcrossTurns() throws {
        let (server, port) = try startServer({ $0.eventLoopCount = 1; $0.maxRequestsPerTurn = 2 },
                                             responder: CostlyInlineResponder())
        defer { stop(server) }
        let client = try TestClient(port: port)
        client.send((0 ..< 50).map { "GET /\($0) HTTP/1.1\r\nHost: x\r\n\r\nGET /quick HTTP/1.1\r\nHost: x\r\n\r\n" }.joined())
        for i in 0 ..< 50 {
            XCTAssertEqual(try client.readResponse().bodyString, "GET /\(i)")
            XCTAssertEqual(try client.readResponse().bodyString, "quick")
        }
    }

    /// Every error the server writes on its own is the service's JSON error shape
    /// `{"error": "..."}` with nosniff and no-store.
    func testEveryServerErrorIsJSONWithNosniffAndNoStore() throws {
        let (server, port) = try startServer({
            $0.headerTimeout = 0.3
            $0.maxRequestTargetBytes = 64
            $0.maxHeaderBytes = 512
            $0.maxBodyBytes = 10
        })
        defer { stop(server) }
        let cases: [(status: Int, request: String)] = [
            (400, "GET / HTTP/1.1\r\n\r\n"),  // no Host
            (405, "POST / HTTP/1.1\r\nHost: x\r\n\r\n"),
            (408, "GET / HTTP/1.1\r\nHost: x\r\n"),
            (413, "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n"),
            (414, "GET /\(String(repeating: "a", count: 80)) HTTP/1.1\r\nHost: x\r\n\r\n"),
            (431, "GET / HTTP/1.1\r\nHost: x\r\nX: \(String(repeating: "a", count: 600))\r\n\r\n"),
            (501, "BREW / HTTP/1.1\r\nHost: x\r\n\r\n"),
            (505, "GET / HTTP/2.0\r\nHost: x\r\n\r\n"),
        ]
        for c in cases {
            let client = try TestClient(port: port)
            client.send(c.request)
            let response = try client.readResponse()
            XCTAssertEqual(response.status, c.status, c.request)
            XCTAssertEqual(response.header("Content-Type"), "application/json", "\(c.status)")
            XCTAssertEqual(response.header("X-Content-Type-Options"), "nosniff", "\(c.status)")
            XCTAssertEqual(response.header("Cache-Control"), "no-store", "\(c.status)")
            let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            let message = try XCTUnwrap(object?["error"] as? String, "\(c.status): \(response.bodyString)")
            XCTAssertTrue(message.hasPrefix("\(c.status) "), message)
            XCTAssertEqual(object?.count, 1)
        }
        let options = try TestClient(port: port)
        options.send("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(try options.readResponse().header("Allow"), "GET, HEAD")
    }

    /// A 400 for a missing, repeated or malformed Host names the Host field, which RFC 9112
    /// section 3.2 requires exactly once in HTTP/1.1.
    func testHostErrorsNameTheHostField() throws {
        let (server, port) = try startServer()
        defer { stop(server) }
        let cases = [
            ("GET / HTTP/1.1\r\n\r\n", "needs a Host header field"),
            ("GET / HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n", "exactly one Host header field"),
            ("GET / HTTP/1.1\r\nHost: a b\r\n\r\n", "the Host header field is not a host"),
        ]
        for (request, says) in cases {
            let client = try TestClient(port: port)
            client.send(request)
            let response = try client.readResponse()
            XCTAssertEqual(response.status, 400, request)
            XCTAssertTrue(response.bodyString.contains(says), "\(request): \(response.bodyString)")
            XCTAssertTrue(response.bodyString.contains("RFC"), response.bodyString)
        }
    }

    /// The 503 for a connection over the limit has the same shape.
    func testRefusal503IsJSON() throws {
        let (server, port) = try startServer({ $0.maxConnections = 1 })
        defer { stop(server) }
        let first = try TestClient(port: port)
        XCTAssertEqual(try first.get("/a").status, 200)
        let second = try TestClient(port: port)
        let response = try second.readResponse()
        XCTAssertEqual(response.status, 503)
        XCTAssertEqual(response.header("Content-Type"), "application/json")
        XCTAssertEqual(response.header("X-Content-Type-Options"), "nosniff")
        XCTAssertEqual(response.header("Retry-After"), "1")
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String])
    }

    /// TLS on the plain-HTTP port, at the parser: a TLS handshake record is refused at its first byte, with
    /// the reason in the body, whole or split.
    func testTLSHandshakeIsRefusedAtItsFirstByte() throws {
        var parser = RequestParser(limits: RequestParserLimits())
        parser.append(contentsOf: [0x16])
        guard case .rejected(let rejection) = parser.next() else { return XCTFail("not refused") }
        XCTAssertEqual(rejection, .tlsOnPlainPort)
        XCTAssertTrue(rejection.closeConnection)
        let body = ResponseSerializer.errorResponse(for: rejection).body
        let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: String]
        XCTAssertEqual(object?["error"], "400 Bad Request: this port speaks plain HTTP, not TLS: use http:// instead of https://")
        // A request line is still a request line.
        var plain = RequestParser(limits: RequestParserLimits())
        plain.append(contentsOf: Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        guard case .head = plain.next() else { return XCTFail("GET refused") }
    }

    /// A target with raw UTF-8 (a label typed into the address as is) is a 400 that says to
    /// percent-encode; another invalid target byte keeps the generic 400.
    func testRawUTF8InTheTargetIsA400ThatSaysPercentEncode() throws {
        var parser = RequestParser(limits: RequestParserLimits())
        parser.append(contentsOf: Array("GET /row?label=自動 HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        guard case .rejected(let rejection) = parser.next() else { return XCTFail("not refused") }
        XCTAssertEqual(rejection, .targetNotASCII)
        let body = ResponseSerializer.errorResponse(for: rejection).body
        let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: String]
        XCTAssertTrue(object?["error"]?.hasPrefix("400 Bad Request: the request target has bytes outside US-ASCII") == true)
        XCTAssertTrue(object?["error"]?.contains("percent-encode") == true)
        var other = RequestParser(limits: RequestParserLimits())
        other.append(contentsOf: Array("GET /row?label=a\u{7F}b HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        guard case .rejected(let generic) = other.next() else { return XCTFail("DEL not refused") }
        XCTAssertEqual(generic.status, 400)
        XCTAssertNil(generic.detail)
    }

    /// A GET with Transfer-Encoding is refused and closed with a 400 that says why; with a method
    /// not served the status stays 405 or 501.
    func testTransferEncodingRefusalSaysWhy() throws {
        var parser = RequestParser(limits: RequestParserLimits())
        parser.append(contentsOf: Array("GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".utf8))
        guard case .rejected(let rejection) = parser.next() else { return XCTFail("not refused") }
        XCTAssertEqual(rejection.status, 400)
        XCTAssertTrue(rejection.closeConnection)
        XCTAssertTrue(rejection.detail?.contains("Transfer-Encoding") == true, rejection.detail ?? "no detail")
        var post = RequestParser(limits: RequestParserLimits())
        post.append(contentsOf: Array("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".utf8))
        guard case .rejected(let refused) = post.next() else { return XCTFail("POST not refused") }
        XCTAssertEqual(refused.status, 405)
        XCTAssertNil(refused.detail)
    }

    /// A refused request is reported (the access log) with its method and target when its request
    /// line arrived: an unknown method, a raw UTF-8 target, a missing Host. A head refused before
    /// its line is whole (a bare LF) has neither.
    func testRefusedRequestsAreReportedWithTheirRequestLine() throws {
        let metrics = CountingMetrics()
        let (server, port) = try startServer(metrics: metrics)
        defer { stop(server) }
        for head in ["FOO /x HTTP/1.1\r\nHost: a\r\n\r\n", "GET /row?label=自 HTTP/1.1\r\nHost: a\r\n\r\n",
                     "GET /no-host HTTP/1.1\r\n\r\n", "GET /bare\nHost: a\r\n\r\n"] {
            let client = try TestClient(port: port)
            client.send(head)
            XCTAssertGreaterThanOrEqual(try client.readResponse().status, 400)
        }
        XCTAssertTrue(eventually { metrics.requestLines.count == 4 }, "\(metrics.requestLines)")
        // Sorted: the reports come from the loops' threads, in whatever order they finish.
        XCTAssertEqual(metrics.requestLines.sorted(), ["FOO /x", "GET /no-host", "GET /row?label=自", "nil nil"])
    }

    /// epoll_wait's errors other than EINTR are thrown, not turned into "no events"
    /// (a bad descriptor would make the loop spin).
    func testEpollWaitOnABadDescriptorThrows() {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4 * Epoll.eventStride, alignment: 8)
        defer { buffer.deallocate() }
        XCTAssertThrowsError(try Epoll.wait(-1, into: buffer, timeoutMilliseconds: 0)) { error in
            XCTAssertEqual(error as? EpollError, .wait(errno: EBADF))
        }
        let epfd = Epoll.create()
        defer { close(epfd) }
        XCTAssertEqual(try Epoll.wait(epfd, into: buffer, timeoutMilliseconds: 0), 0)
    }
}
