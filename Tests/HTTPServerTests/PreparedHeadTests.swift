import XCTest
@testable import HTTPServer

/// Issue 16 item 1: a head serialized once and kept with a response gives the same bytes as
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
        String(decoding: output.fullHead + output.body, as: UTF8.self)
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
