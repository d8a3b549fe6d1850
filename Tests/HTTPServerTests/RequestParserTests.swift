import XCTest
@testable import HTTPServer

/// The parser fed bytes, with no sockets: whole, byte-at-a-time, pipelined, with bodies and limits.
final class RequestParserTests: XCTestCase {
    private func parse(_ text: String, limits: RequestParserLimits = RequestParserLimits()) -> RequestParseResult {
        var parser = RequestParser(limits: limits)
        parser.append(contentsOf: Array(text.utf8))
        return parser.next()
    }

    private func head(_ result: RequestParseResult, file: StaticString = #filePath, line: UInt = #line) -> RequestHead? {
        guard case .head(let h) = result else {
            XCTFail("expected a head, got \(result)", file: file, line: line)
            return nil
        }
        return h
    }

    private func rejection(_ result: RequestParseResult) -> RequestRejection? {
        if case .rejected(let r) = result { return r }
        return nil
    }

    /// `tchar` against RFC 9110 section 5.6.2's list, over every byte value.
    func testTokenCharactersAreRFC9110Tchar() {
        let tchar = Set("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
        for b in 0 ... 255 {
            XCTAssertEqual(ByteClass.isTokenChar(UInt8(b)), tchar.contains(UInt8(b)), "byte \(b)")
        }
    }

    /// The query is the target's bytes after its first `?`, in origin-form and absolute-form.
    func testQueryOfEachTargetForm() throws {
        let cases: [(String, String, String?)] = [
            ("/toggle?on=1&color=%23fff", "/toggle", "on=1&color=%23fff"),
            ("/toggle?", "/toggle", ""),
            ("/toggle?a?b", "/toggle", "a?b"),
            ("/toggle", "/toggle", nil),
            ("http://example.com:8080/toggle?on=1", "/toggle", "on=1"),
            ("HTTPS://example.com?x=1", "/", "x=1"),
            ("http://example.com", "/", nil),
        ]
        for (target, path, query) in cases {
            let h = try XCTUnwrap(head(parse("GET \(target) HTTP/1.1\r\nHost: h\r\n\r\n")), target)
            XCTAssertEqual(h.request.target, target)
            XCTAssertEqual(h.request.path, path, target)
            XCTAssertEqual(h.request.query, query, target)
        }
    }

    func testSimpleGet() throws {
        let h = try XCTUnwrap(head(parse("GET /toggle?on=1&x=%20 HTTP/1.1\r\nHost: example.com\r\nAccept:  */* \r\n\r\n")))
        XCTAssertEqual(h.request.method, "GET")
        XCTAssertEqual(h.request.target, "/toggle?on=1&x=%20")
        XCTAssertEqual(h.request.path, "/toggle")
        XCTAssertEqual(h.request.query, "on=1&x=%20")
        XCTAssertEqual(h.request.version, .http1_1)
        XCTAssertEqual(h.request.headers["accept"], "*/*")
        XCTAssertEqual(h.bodyLength, 0)
        XCTAssertTrue(h.keepAlive)
    }

    func testByteAtATimeGivesTheSameHead() throws {
        let text = "\r\n\r\nHEAD /a/b?q HTTP/1.0\r\nHost: h:8080\r\nConnection: keep-alive\r\n\r\n"
        var parser = RequestParser(limits: RequestParserLimits())
        let bytes = Array(text.utf8)
        for (i, b) in bytes.enumerated() {
            parser.append(contentsOf: [b])
            let result = parser.next()
            if i < bytes.count - 1 {
                guard case .needMore = result else { return XCTFail("early result at byte \(i): \(result)") }
            } else {
                let h = try XCTUnwrap(head(result))
                XCTAssertEqual(h.request.method, "HEAD")
                XCTAssertEqual(h.request.path, "/a/b")
                XCTAssertEqual(h.request.query, "q")
                XCTAssertEqual(h.request.version, .http1_0)
                XCTAssertEqual(h.request.headers["host"], "h:8080")
                XCTAssertTrue(h.keepAlive)
            }
        }
    }

    func testPipelinedRequestsAndBodyIsSkippedNotParsed() throws {
        var parser = RequestParser(limits: RequestParserLimits())
        // The body of the first request looks like a request; it must be skipped, not parsed.
        let body = "GET /evil HTTP/1.1\r\nHost: x\r\n\r\n"
        parser.append(contentsOf: Array("GET /1 HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8))
        parser.append(contentsOf: Array("GET /2 HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        XCTAssertEqual(head(parser.next())?.request.target, "/1")
        XCTAssertEqual(head(parser.next())?.request.target, "/2")
        guard case .needMore = parser.next() else { return XCTFail("expected needMore") }
        XCTAssertFalse(parser.hasPartialHead)
    }

    func testBodyArrivingByteByByteIsSkipped() throws {
        var parser = RequestParser(limits: RequestParserLimits())
        parser.append(contentsOf: Array("GET /1 HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n".utf8))
        XCTAssertEqual(head(parser.next())?.bodyLength, 5)
        for b in Array("abcde".utf8) {
            XCTAssertTrue(parser.isDiscardingBody)
            parser.append(contentsOf: [b])
            guard case .needMore = parser.next() else { return XCTFail("body byte parsed") }
        }
        XCTAssertFalse(parser.isDiscardingBody)
        parser.append(contentsOf: Array("GET /2 HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        XCTAssertEqual(head(parser.next())?.request.target, "/2")
    }

    func testAbsoluteFormHostWins() throws {
        let h = try XCTUnwrap(head(parse("GET http://Real.example:81 HTTP/1.1\r\nHost: other\r\n\r\n")))
        XCTAssertEqual(h.request.headers["Host"], "Real.example:81")
        XCTAssertEqual(h.request.path, "/")
        XCTAssertNil(h.request.query)
    }

    func testStatusesOfBadRequests() {
        let cases: [(String, Int, Bool)] = [
            ("get / HTTP/1.1\r\nHost: x\r\n\r\n", 501, false),
            ("POST / HTTP/1.1\r\nHost: x\r\n\r\n", 405, false),
            ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505, true),
            ("GET / HTTP/1.11\r\nHost: x\r\n\r\n", 400, true),
            ("GET / http/1.1\r\nHost: x\r\n\r\n", 400, true),
            ("GET /\r\n\r\n", 400, true),
            ("GET / HTTP/1.1\nHost: x\n\n", 400, true),
            ("GET / HTTP/1.1\r\n\r\n", 400, true),
            ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: +5\r\n\r\n", 400, true),
            ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", 400, true),
            ("GET / HTTP/1.1\r\nHost: x\r\nFoo : bar\r\n\r\n", 400, true),
            ("GET / HTTP/1.1\r\nHost: x\r\nFoo: bar\r\n baz\r\n\r\n", 400, true),
            ("GET / HTTP/1.1\r\nHost: x\r\nFoo: a\u{1}b\r\n\r\n", 400, true),
            ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n", 413, true),
        ]
        for (text, status, close) in cases {
            let r = rejection(parse(text))
            XCTAssertEqual(r?.status, status, text.debugDescription)
            XCTAssertEqual(r?.closeConnection, close, text.debugDescription)
        }
    }

    func testLimits() {
        let limits = RequestParserLimits(maxRequestTargetBytes: 100, maxHeaderBytes: 400, maxHeaderFields: 5, maxBodyBytes: 10)
        let longTarget = "GET /" + String(repeating: "a", count: 150) + " HTTP/1.1\r\nHost: x\r\n\r\n"
        XCTAssertEqual(rejection(parse(longTarget, limits: limits))?.status, 414)
        // An unfinished long target is refused before the head ends.
        XCTAssertEqual(rejection(parse("GET /" + String(repeating: "a", count: 150), limits: limits))?.status, 414)
        let manyFields = "GET / HTTP/1.1\r\nHost: x\r\n" + (1...6).map { "F\($0): v\r\n" }.joined() + "\r\n"
        XCTAssertEqual(rejection(parse(manyFields, limits: limits))?.status, 431)
        let bigHead = "GET / HTTP/1.1\r\nHost: x\r\nBig: " + String(repeating: "b", count: 500)
        XCTAssertEqual(rejection(parse(bigHead, limits: limits))?.status, 431)
        XCTAssertEqual(rejection(parse("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n", limits: limits))?.status, 413)
        XCTAssertNotNil(head(parse("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n", limits: limits)))
    }

    /// Empty lines before a request line are ignored up to `maxHeaderBytes` of them, in one read
    /// or in many, and counted afresh for each request; past the limit, 400 and close.
    func testEmptyLinesBeforeTheRequestLineCountAgainstTheHeaderLimit() {
        let limits = RequestParserLimits(maxRequestTargetBytes: 100, maxHeaderBytes: 400, maxHeaderFields: 5, maxBodyBytes: 10)
        let request = "GET / HTTP/1.1\r\nHost: x\r\n\r\n"
        let allowed = String(repeating: "\r\n", count: 200)  // exactly 400 bytes
        XCTAssertNotNil(head(parse(allowed + request, limits: limits)))
        let flood = RequestRejection.tooManyEmptyLines
        XCTAssertEqual(rejection(parse(allowed + "\r\n" + request, limits: limits)), flood)
        XCTAssertEqual(flood.status, 400)
        XCTAssertTrue(flood.closeConnection)
        // Two bytes at a time: the same answer, before any request line arrives.
        var parser = RequestParser(limits: limits)
        var result = RequestParseResult.needMore
        for _ in 0 ..< 201 {
            parser.append(contentsOf: Array("\r\n".utf8))
            result = parser.next()
            if case .rejected = result { break }
        }
        XCTAssertEqual(rejection(result), flood)
        // Each request of a keep-alive connection has its own allowance.
        var pipelined = RequestParser(limits: limits)
        pipelined.append(contentsOf: Array((allowed + request + allowed + request).utf8))
        XCTAssertNotNil(head(pipelined.next()))
        XCTAssertNotNil(head(pipelined.next()))
    }

    func testKeepAliveRules() {
        XCTAssertEqual(head(parse("GET / HTTP/1.0\r\n\r\n"))?.keepAlive, false)
        XCTAssertEqual(head(parse("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n"))?.keepAlive, true)
        XCTAssertEqual(head(parse("GET / HTTP/1.1\r\nHost: x\r\nConnection: foo, close\r\n\r\n"))?.keepAlive, false)
        XCTAssertEqual(head(parse("GET / HTTP/1.1\r\nHost: x\r\n\r\n"))?.keepAlive, true)
    }

    func testAfterAClosingErrorNothingMoreIsParsed() {
        var parser = RequestParser(limits: RequestParserLimits())
        parser.append(contentsOf: Array("GET / HTTP/9.9\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        XCTAssertEqual(rejection(parser.next())?.status, 505)
        guard case .needMore = parser.next() else { return XCTFail("parsed after a closing error") }
    }

    func testSerializerHeadAnd304KeepContentLength() {
        let response = HTTPResponse(status: 200, body: Array("hello".utf8))
        let head = ResponseSerializer.serialize(response, isHead: true, close: false, date: "D")
        XCTAssertTrue(String(decoding: head.fullHead, as: UTF8.self).contains("Content-Length: 5\r\n"))
        XCTAssertEqual(head.body.count, 0)
        var h = HTTPFields()
        h.append(name: "Bad", value: "a\r\nInjected: 1")
        let notModified = ResponseSerializer.serialize(HTTPResponse(status: 304, headers: h, body: Array("hello".utf8)),
                                                       isHead: false, close: true, date: "D")
        let text = String(decoding: notModified.fullHead, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("HTTP/1.1 304 Not Modified\r\n"))
        XCTAssertTrue(text.contains("Content-Length: 5\r\n"))
        XCTAssertTrue(text.hasSuffix("Date: D\r\nConnection: close\r\n\r\n"))
        XCTAssertFalse(text.contains("Injected"))
        XCTAssertEqual(notModified.body.count, 0)
        XCTAssertEqual(HTTPDate.imfFixdate(epochSeconds: 784111777), "Sun, 06 Nov 1994 08:49:37 GMT")
    }
}
