import XCTest
@testable import HTTPServer

/// A parsed request reads its target, query and fields from the received bytes: each must say
/// what a request made from Strings says, whatever else is in the parser's buffer.
final class ReceivedRequestTests: XCTestCase {
    private func parsed(_ text: String, after earlier: String = "") throws -> HTTPRequest {
        var parser = RequestParser(limits: RequestParserLimits())
        parser.append(contentsOf: Array((earlier + text).utf8))
        if !earlier.isEmpty, case .head = parser.next() {} else if !earlier.isEmpty {
            XCTFail("earlier request not parsed")
            throw CancellationError()
        }
        guard case .head(let head) = parser.next() else {
            XCTFail("not parsed: \(text)")
            throw CancellationError()
        }
        return head.request
    }

    /// `field(named:)` against the values written out by hand: first of duplicates, any case,
    /// optional whitespace trimmed, an empty value, a name that is a prefix of another or holds a
    /// colon, an absent name.
    func testFieldByNameReadsTheReceivedLines() throws {
        let request = try parsed("GET /a HTTP/1.1\r\nHost: h\r\nX-Tag: \t one \t\r\nx-tag: two\r\n"
                                 + "If-None-Match: \"abc\"\r\nEmpty:\r\nX-Tag-Long: three\r\n\r\n",
                                 after: "GET /earlier?x=1 HTTP/1.1\r\nHost: e\r\nX-Tag: earlier\r\n\r\n")
        let expected: [(String, String?)] = [
            ("Host", "h"), ("host", "h"), ("X-Tag", "one"), ("X-TAG", "one"), ("if-none-match", "\"abc\""),
            ("Empty", ""), ("X-Tag-Long", "three"), ("X-Ta", nil), ("X-Tag:", nil), ("Tag", nil), ("Absent", nil),
        ]
        for (name, value) in expected {
            XCTAssertEqual(request.field(named: name), value, name)
            XCTAssertEqual(request.headers[name], value, name)
        }
        XCTAssertEqual(request.headers.values(for: "x-tag"), ["one", "two"])
        XCTAssertEqual(request.headers.fields.map(\.name), ["Host", "X-Tag", "x-tag", "If-None-Match", "Empty", "X-Tag-Long"])
        XCTAssertEqual(request.target, "/a")
        XCTAssertEqual(Array(request.targetUTF8), Array("/a".utf8))
        XCTAssertNil(request.query)
    }

    /// Setting a part replaces it and keeps the others as they were read.
    func testSettingAPartKeepsTheOthers() throws {
        var request = try parsed("GET /t?q=1 HTTP/1.1\r\nHost: h\r\nAccept: */*\r\n\r\n")
        request.query = "q=2"
        XCTAssertEqual(request.target, "/t?q=1")
        XCTAssertEqual(request.query, "q=2")
        XCTAssertEqual(request.field(named: "accept"), "*/*")
        request.headers.append(name: "X-More", value: "m")
        request.target = "/u"
        XCTAssertEqual(Array(request.targetUTF8), Array("/u".utf8))
        XCTAssertEqual(request.query, "q=2")
        XCTAssertEqual(request.field(named: "x-more"), "m")
        XCTAssertEqual(request.headers.count, 3)
    }
}
