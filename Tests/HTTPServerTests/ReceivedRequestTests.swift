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

    /// `If-None-Match`, which the parser notes as it checks the field lines, is found in any case
    /// when present and is nil when absent (also beside names of its length), as `headers` says.
    func testIfNoneMatchNotedByTheParser() throws {
        let heads: [(String, String?)] = [
            ("GET /a HTTP/1.1\r\nHost: h\r\nIF-NONE-MATCH:  \"x\" \r\n\r\n", "\"x\""),
            ("GET /a HTTP/1.1\r\nHost: h\r\nif-none-match: *\r\nIf-None-Match: \"y\"\r\n\r\n", "*"),
            ("GET /a HTTP/1.1\r\nHost: h\r\nIf-None-Matcx: \"x\"\r\nIf-Match: \"x\"\r\n\r\n", nil),
            ("GET /a HTTP/1.1\r\nHost: h\r\n\r\n", nil),
            ("GET /a HTTP/1.0\r\n\r\n", nil),
        ]
        for (head, value) in heads {
            let request = try parsed(head, after: "GET /e HTTP/1.1\r\nHost: e\r\nIf-None-Match: \"e\"\r\n\r\n")
            for name in ["If-None-Match", "if-none-match", "IF-NONE-MATCH"] {
                XCTAssertEqual(request.field(named: name), value, head)
                XCTAssertEqual(request.headers[name], value, head)
            }
            XCTAssertEqual(request.field(named: "If-None-Matcx"), head.contains("Matcx") ? "\"x\"" : nil, head)
        }
    }

    /// `combinedField(named:)` joins every line of a name with ", " in order (RFC 9110 section
    /// 5.3), written out by hand; one line is its value, none is nil; a request made from Strings
    /// says the same.
    func testCombinedFieldJoinsEveryLineOfTheName() throws {
        let head = "GET /a HTTP/1.1\r\nHost: h\r\nIf-None-Match: \"x\"\r\nAccept-Encoding: br\r\n"
            + "if-none-match:  \"y\", \"z\" \r\nX-One: 1\r\nIF-NONE-MATCH: *\r\n\r\n"
        let request = try parsed(head, after: "GET /e HTTP/1.1\r\nHost: e\r\nIf-None-Match: \"e\"\r\n\r\n")
        let expected: [(String, String?)] = [
            ("If-None-Match", "\"x\", \"y\", \"z\", *"), ("accept-encoding", "br"), ("X-One", "1"), ("Absent", nil),
        ]
        for (name, value) in expected {
            XCTAssertEqual(request.combinedField(named: name), value, name)
        }
        XCTAssertEqual(request.field(named: "If-None-Match"), "\"x\"")
        var made = HTTPRequest(method: "GET", target: "/a", path: "/a", query: nil,
                               version: HTTPVersion(major: 1, minor: 1), headers: request.headers)
        XCTAssertEqual(made.combinedField(named: "if-none-match"), "\"x\", \"y\", \"z\", *")
        made.headers = HTTPFields()
        XCTAssertNil(made.combinedField(named: "If-None-Match"))
        XCTAssertNil(try parsed("GET /a HTTP/1.1\r\nHost: h\r\n\r\n").combinedField(named: "If-None-Match"))
    }

    /// `pathUTF8` is the bytes of `path`: origin-form with and without a query, absolute-form with
    /// a path and without one (`/`), after another request in the same buffer, and for a request
    /// made from Strings.
    func testPathBytesAreThePath() throws {
        let heads = [
            ("GET /toggle?on=1 HTTP/1.1\r\nHost: h\r\n\r\n", "/toggle"),
            ("GET /toggle@2x.png HTTP/1.1\r\nHost: h\r\n\r\n", "/toggle@2x.png"),
            ("GET http://h/row.svg?label=x HTTP/1.1\r\nHost: h\r\n\r\n", "/row.svg"),
            ("GET http://h HTTP/1.1\r\nHost: h\r\n\r\n", "/"),
            ("HEAD /a%20b HTTP/1.0\r\n\r\n", "/a%20b"),
        ]
        for (head, path) in heads {
            let request = try parsed(head, after: "GET /earlier?x=1 HTTP/1.1\r\nHost: e\r\n\r\n")
            XCTAssertEqual(request.path, path, head)
            XCTAssertEqual(String(decoding: request.pathUTF8, as: UTF8.self), path, head)
        }
        let made = HTTPRequest(method: "GET", target: "/x?y", path: "/x", query: "y", version: .http1_1,
                               headers: HTTPFields())
        XCTAssertEqual(Array(made.pathUTF8), Array("/x".utf8))
    }

    /// The fuzzer's find (a8df4d2 let OPTIONS with a path reach the responder; the fuzz target
    /// still allowed only GET and HEAD): `OPTIONS /*` is an origin-form path, not asterisk-form.
    func testOptionsWithAPathIsAccepted() throws {
        let request = try parsed("OPTIONS /* HTTP/1.1\r\nHost: 7Optional77;7777tHTTl77777ose\r\n\r\n")
        XCTAssertEqual(request.method, "OPTIONS")
        XCTAssertEqual(request.path, "/*")
        var parser = RequestParser(limits: RequestParserLimits())
        parser.append(contentsOf: Array("OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        guard case .rejected(let rejection) = parser.next() else { return XCTFail("OPTIONS * accepted") }
        XCTAssertEqual(rejection.status, 405)
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

/// The word-wise target check against RFC 9112's rules spelled out one by one: visible ASCII, no
/// `#`, and `%` followed by two hex digits before the first `?` (the query is the application's).
final class TargetCheckTests: XCTestCase {
    private func spelledOut(_ t: [UInt8]) -> Bool {
        guard t.allSatisfy({ $0 >= 0x21 && $0 <= 0x7E }), !t.contains(UInt8(ascii: "#")) else { return false }
        let path = t.prefix { $0 != UInt8(ascii: "?") }
        let hex = Set("0123456789abcdefABCDEF".utf8)
        var i = 0
        while i < path.count {
            if path[i] == UInt8(ascii: "%") {
                guard i + 2 < path.count, hex.contains(path[i + 1]), hex.contains(path[i + 2]) else { return false }
            }
            i += 1
        }
        return true
    }

    func testEveryByteAndEscapesAgreeWithTheRules() {
        for b in 0 ... 255 {
            for t in [[UInt8(ascii: "/"), UInt8(b)], [UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(b)],
                      [UInt8(ascii: "%"), UInt8(b), UInt8(ascii: "0")], [UInt8(ascii: "?"), UInt8(ascii: "%"), UInt8(b)]] {
                XCTAssertEqual(HeadParser.targetIsValid(t[...]), spelledOut(t), "\(t)")
            }
        }
        // Longer targets (the check takes eight bytes at a time, the last few padded): one
        // interesting byte at each position of a plain target, and every byte value there.
        let plain = Array("/toggle?on=1&sym=moon.fill&color=indigo".utf8)
        for position in plain.indices {
            for b in 0 ... 255 {
                var t = plain
                t[position] = UInt8(b)
                XCTAssertEqual(HeadParser.targetIsValid(t[...]), spelledOut(t), "\(t)")
            }
        }
        for w in [UInt64(0x2121_2121_2121_2121), 0x7E7E_7E7E_7E7E_7E7E, 0x2020_2020_2020_2020, 0x4141_4141_4141_4123,
                  0x2541_3F41_4141_4141, 0x417F_4141_4141_4141, 0x41C1_4141_4141_4141] {
            var bytes: [UInt8] = []
            withUnsafeBytes(of: w.littleEndian) { bytes = Array($0) }
            XCTAssertEqual(HeadParser.isTargetWord(w), bytes.allSatisfy { $0 >= 0x21 && $0 <= 0x7E && $0 != 0x23 })
        }
        // Every string of up to 4 bytes over an alphabet of the interesting bytes.
        let alphabet: [UInt8] = Array("%?#/aF9g".utf8) + [0x20, 0x7F, 0x80]
        var targets: [[UInt8]] = [[]]
        for _ in 0 ..< 4 {
            targets = targets.flatMap { t in alphabet.map { t + [$0] } }
            for t in targets { XCTAssertEqual(HeadParser.targetIsValid(t[...]), spelledOut(t), "\(t)") }
        }
    }
}
