import XCTest
@testable import HTTPServer

/// A head serialized once and kept with a response gives the same bytes as
/// serializing it per request, for GET and HEAD, and goes stale when the response changes.
final class PreparedHeadTests: XCTestCase {
    func response() -> HTTPResponse {
        var fields = HTTPFields()
        fields.append(name: "ETag", value: "\"abc\"")
        fields.append(name: "Content-Type", value: "image/png")
        fields.append(name: "Date", value: "dropped: the server sets it")
        return HTTPResponse(status: 200, headers: fields, body: [1, 2, 3, 4, 5])
    }

    func bytes(_ output: ResponseSerializer.Output) -> String {
        String(decoding: output.fullHead + output.body.bytes, as: UTF8.self)
    }

    func testPreparedHeadSendsTheSameBytes() {
        var prepared = response()
        prepared.serializeHead()
        XCTAssertNotNil(prepared.serializedHead)
        for isHead in [false, true] {
            for close in [false, true] {
                let plain = ResponseSerializer.serialize(response(), isHead: isHead, close: close, date: "D")
                let kept = ResponseSerializer.serialize(prepared, isHead: isHead, close: close, date: "D")
                XCTAssertEqual(bytes(kept), bytes(plain))
            }
        }
        XCTAssertEqual(bytes(ResponseSerializer.serialize(prepared, isHead: false, close: false, date: "D")),
                       "HTTP/1.1 200 OK\r\nETag: \"abc\"\r\nContent-Type: image/png\r\nContent-Length: 5\r\n"
                       + "Date: D\r\n\r\n\u{1}\u{2}\u{3}\u{4}\u{5}")
    }

    func testChangingTheResponseDropsThePreparedHead() {
        var prepared = response()
        prepared.serializeHead()
        prepared.body = [9]
        XCTAssertNil(prepared.serializedHead)
        XCTAssertTrue(bytes(ResponseSerializer.serialize(prepared, isHead: false, close: false, date: "D"))
            .contains("Content-Length: 1\r\n"))
        prepared.serializeHead()
        prepared.headers.append(name: "X-More", value: "1")
        XCTAssertNil(prepared.serializedHead)
        prepared.serializeHead()
        prepared.status = 404
        XCTAssertNil(prepared.serializedHead)
    }
}

/// The field lines the serializer writes and drops (RFC 9112 section 4, RFC 9110 sections 5.5,
/// 5.6.2 and 8.6): expected bytes written out by hand.
final class ResponseHeadTests: XCTestCase {
    func head(_ response: HTTPResponse, isHead: Bool = false) -> String {
        String(decoding: ResponseSerializer.head(of: response, isHead: isHead).bytes, as: UTF8.self)
    }

    func testFramingFieldsInAnyCaseAndFieldsThatWouldSplitTheResponseAreDropped() {
        var fields = HTTPFields()
        fields.append(name: "ETag", value: "\"0123456789abcdef\"")
        fields.append(name: "content-LENGTH", value: "99")
        fields.append(name: "Transfer-Encoding", value: "chunked")
        fields.append(name: "DATE", value: "x")
        fields.append(name: "Connection", value: "close")
        fields.append(name: "Connections", value: "kept: not a framing name")
        fields.append(name: "Bad Name", value: "space in the name")
        fields.append(name: "", value: "empty name")
        fields.append(name: "X-Split", value: "a\r\nInjected: 1")
        fields.append(name: "X-Del", value: "a\u{7F}")
        fields.append(name: "X-Tab", value: "a\tb ü")
        fields.append(name: "Cache-Control", value: "public, max-age=86400")
        let expected = "HTTP/1.1 200 OK\r\nETag: \"0123456789abcdef\"\r\nConnections: kept: not a framing name\r\n"
            + "X-Tab: a\tb ü\r\nCache-Control: public, max-age=86400\r\nContent-Length: 12345\r\n"
        XCTAssertEqual(head(HTTPResponse(status: 200, headers: fields, body: Array(repeating: 7, count: 12345))), expected)
    }

    /// Every ASCII byte at positions inside and across the eight-byte words the value check reads,
    /// and in its tail: kept exactly when RFC 9110 section 5.5 allows it in a field value
    /// (HTAB, SP, VCHAR 0x21-0x7E; obs-text is not ASCII).
    func testEachASCIIByteInAFieldValueAtEveryPosition() {
        let filler = Array("abcdefghijklmnopqrs".utf8)
        for position in [0, 3, 7, 8, 15, 16, 18] {
            for byte in UInt8(0)..<128 {
                var value = filler
                value[position] = byte
                let text = String(decoding: value, as: UTF8.self)
                let allowed = byte == 0x09 || (byte >= 0x20 && byte <= 0x7E)
                let written = head(HTTPResponse(status: 200, headers: HTTPFields([("X-V", text)]), body: [1]))
                XCTAssertEqual(written, "HTTP/1.1 200 OK\r\n" + (allowed ? "X-V: \(text)\r\n" : "") + "Content-Length: 1\r\n",
                               "byte \(byte) at \(position)")
            }
        }
    }

    func testStatusLineAndContentLengthByStatus() {
        XCTAssertEqual(head(HTTPResponse(status: 204)), "HTTP/1.1 204 No Content\r\n")
        XCTAssertEqual(head(HTTPResponse(status: 404, body: [1])), "HTTP/1.1 404 Not Found\r\nContent-Length: 1\r\n")
        XCTAssertEqual(head(HTTPResponse(status: 299)), "HTTP/1.1 299 \r\nContent-Length: 0\r\n")
        XCTAssertEqual(head(HTTPResponse(status: 304)), "HTTP/1.1 304 Not Modified\r\n")
        XCTAssertEqual(head(HTTPResponse(status: 304, headers: HTTPFields([("Content-Length", "42")]))),
                       "HTTP/1.1 304 Not Modified\r\nContent-Length: 42\r\n")
        XCTAssertEqual(head(HTTPResponse(status: 200, headers: HTTPFields([("Content-Length", "42")])), isHead: true),
                       "HTTP/1.1 200 OK\r\nContent-Length: 42\r\n")
        XCTAssertEqual(head(HTTPResponse(status: 200), isHead: true), "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n")
        let invalid = ResponseSerializer.head(of: HTTPResponse(status: 99), isHead: false)
        XCTAssertEqual(invalid.status, 500)
        XCTAssertTrue(String(decoding: invalid.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 500 Internal Server Error\r\n"))
    }
}
