import TestSupport
import XCTest
@testable import HTTPServer

/// Raw requests sent over a real loopback socket, each with the status RFC 9110/9112 and
/// docs/design-facts.md section 5 call for, and whether the server must close the connection afterwards.
/// When the connection must stay open, a second request proves the framing survived (a body was
/// skipped, not parsed as a request).
final class RawRequestTableTests: XCTestCase {
    struct Case {
        var name: String
        var raw: [UInt8]
        var status: Int
        var close: Bool
        init(_ name: String, _ raw: String, _ status: Int, close: Bool) {
            self.name = name
            self.raw = Array(raw.utf8)
            self.status = status
            self.close = close
        }
    }

    static let h = "Host: example.com\r\n"

    static let cases: [Case] = [
        // Accepted requests.
        Case("plain GET", "GET / HTTP/1.1\r\n\(h)\r\n", 200, close: false),
        Case("HEAD", "HEAD / HTTP/1.1\r\n\(h)\r\n", 200, close: false),
        Case("query", "GET /p?q=1&r=%41 HTTP/1.1\r\n\(h)\r\n", 200, close: false),
        Case("one leading empty line", "\r\nGET / HTTP/1.1\r\n\(h)\r\n", 200, close: false),
        Case("two leading empty lines", "\r\n\r\nGET / HTTP/1.1\r\n\(h)\r\n", 200, close: false),
        Case("1.0 closes by default", "GET / HTTP/1.0\r\n\r\n", 200, close: true),
        Case("1.0 keep-alive", "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", 200, close: false),
        Case("1.0 with Host", "GET / HTTP/1.0\r\n\(h)\r\n", 200, close: true),
        Case("Connection: close", "GET / HTTP/1.1\r\n\(h)Connection: close\r\n\r\n", 200, close: true),
        Case("Connection: Close any case", "GET / HTTP/1.1\r\n\(h)Connection: CLOSE\r\n\r\n", 200, close: true),
        Case("close in a list", "GET / HTTP/1.1\r\n\(h)Connection: keep-alive, close\r\n\r\n", 200, close: true),
        Case("field names case-insensitive", "GET / HTTP/1.1\r\nhOsT: a\r\n\r\n", 200, close: false),
        Case("OWS trimmed, none before value", "GET / HTTP/1.1\r\nHost:a\r\nX: \t v \t\r\n\r\n", 200, close: false),
        Case("empty field value", "GET / HTTP/1.1\r\n\(h)X:\r\n\r\n", 200, close: false),
        Case("tab inside value", "GET / HTTP/1.1\r\n\(h)X: a\tb\r\n\r\n", 200, close: false),
        Case("obs-text in value", "GET / HTTP/1.1\r\n\(h)X: caf\u{e9}\r\n\r\n", 200, close: false),
        Case("absolute-form", "GET http://a.example/x?y HTTP/1.1\r\nHost: other\r\n\r\n", 200, close: false),
        Case("absolute-form https, no path", "GET HTTPS://a.example:8443 HTTP/1.1\r\n\(h)\r\n", 200, close: false),
        Case("GET with body read and discarded", "GET / HTTP/1.1\r\n\(h)Content-Length: 5\r\n\r\nhello", 200, close: false),
        Case("body that looks like a request", "GET / HTTP/1.1\r\n\(h)Content-Length: 16\r\n\r\nGET /x HTTP/1.1\n", 200, close: false),
        Case("identical Content-Length twice", "GET / HTTP/1.1\r\n\(h)Content-Length: 3\r\nContent-Length: 3\r\n\r\nabc", 200, close: false),
        Case("Content-Length 0", "GET / HTTP/1.1\r\n\(h)Content-Length: 0\r\n\r\n", 200, close: false),
        Case("Host with port", "GET / HTTP/1.1\r\nHost: a.example:8080\r\n\r\n", 200, close: false),
        Case("Host IPv6 literal", "GET / HTTP/1.1\r\nHost: [::1]:80\r\n\r\n", 200, close: false),
        Case("empty Host", "GET / HTTP/1.1\r\nHost:\r\n\r\n", 200, close: false),
        Case("higher 1.x minor served as 1.1", "GET / HTTP/1.2\r\n\(h)\r\n", 200, close: false),

        // Methods (RFC 9110 section 9; 405 needs Allow).
        Case("lowercase get is another method", "get / HTTP/1.1\r\n\(h)\r\n", 501, close: false),
        Case("unknown method", "BREW /pot HTTP/1.1\r\n\(h)\r\n", 501, close: false),
        Case("POST", "POST / HTTP/1.1\r\n\(h)\r\n", 405, close: false),
        Case("POST with body skipped", "POST / HTTP/1.1\r\n\(h)Content-Length: 4\r\n\r\nbody", 405, close: false),
        Case("PUT", "PUT /x HTTP/1.1\r\n\(h)Content-Length: 0\r\n\r\n", 405, close: false),
        Case("DELETE", "DELETE /x HTTP/1.1\r\n\(h)\r\n", 405, close: false),
        Case("OPTIONS *", "OPTIONS * HTTP/1.1\r\n\(h)\r\n", 405, close: false),
        Case("TRACE", "TRACE / HTTP/1.1\r\n\(h)\r\n", 405, close: false),
        Case("PATCH", "PATCH / HTTP/1.1\r\n\(h)\r\n", 405, close: false),
        Case("CONNECT", "CONNECT a.example:443 HTTP/1.1\r\nHost: a.example:443\r\n\r\n", 405, close: false),
        Case("method not a token", "GE(T / HTTP/1.1\r\n\(h)\r\n", 400, close: true),

        // Request line syntax (RFC 9112 section 3).
        Case("leading space", " GET / HTTP/1.1\r\n\(h)\r\n", 400, close: true),
        Case("two spaces", "GET  / HTTP/1.1\r\n\(h)\r\n", 400, close: true),
        Case("trailing space", "GET / HTTP/1.1 \r\n\(h)\r\n", 400, close: true),
        Case("tab separator", "GET\t/ HTTP/1.1\r\n\(h)\r\n", 400, close: true),
        Case("HTTP/0.9 request line", "GET /\r\n\r\n", 400, close: true),
        Case("major version 2", "GET / HTTP/2.0\r\n\(h)\r\n", 505, close: true),
        Case("major version 0", "GET / HTTP/0.9\r\n\(h)\r\n", 505, close: true),
        Case("HTTP/1.11", "GET / HTTP/1.11\r\n\(h)\r\n", 400, close: true),
        Case("lowercase http", "GET / http/1.1\r\n\(h)\r\n", 400, close: true),
        Case("HTTP/1", "GET / HTTP/1\r\n\(h)\r\n", 400, close: true),
        Case("asterisk target for GET", "GET * HTTP/1.1\r\n\(h)\r\n", 400, close: true),
        Case("fragment", "GET /a#frag HTTP/1.1\r\n\(h)\r\n", 400, close: true),
        Case("relative target", "GET a/b HTTP/1.1\r\n\(h)\r\n", 400, close: true),
        Case("DEL in target", "GET /a\u{7f}b HTTP/1.1\r\n\(h)\r\n", 400, close: true),
        Case("byte >= 0x80 in target", "GET /caf\u{e9} HTTP/1.1\r\n\(h)\r\n", 400, close: true),
        Case("bad percent-encoding", "GET /%zz HTTP/1.1\r\n\(h)\r\n", 400, close: true),
        Case("bad percent-encoding in the query is the application's", "GET /t?x=%zz HTTP/1.1\r\n\(h)\r\n", 200, close: false),
        Case("userinfo in absolute-form", "GET http://u@a.example/ HTTP/1.1\r\n\(h)\r\n", 400, close: true),
        Case("empty authority", "GET http:///x HTTP/1.1\r\n\(h)\r\n", 400, close: true),
        Case("bare LF line ends", "GET / HTTP/1.1\n\(h.replacingOccurrences(of: "\r", with: ""))\n", 400, close: true),

        // Host (RFC 9112 section 3.2).
        Case("1.1 without Host", "GET / HTTP/1.1\r\n\r\n", 400, close: true),
        Case("two Host lines", "GET / HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n", 400, close: true),
        Case("1.0 with two Host lines", "GET / HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n", 400, close: true),
        Case("Host with a space", "GET / HTTP/1.1\r\nHost: a b\r\n\r\n", 400, close: true),
        Case("Host with a slash", "GET / HTTP/1.1\r\nHost: a/b\r\n\r\n", 400, close: true),

        // Field lines (RFC 9112 section 5, RFC 9110 section 5.5).
        Case("space before colon", "GET / HTTP/1.1\r\n\(h)Foo : bar\r\n\r\n", 400, close: true),
        Case("whitespace before first field", "GET / HTTP/1.1\r\n \(h)\r\n", 400, close: true),
        Case("obs-fold", "GET / HTTP/1.1\r\n\(h)Foo: a\r\n  b\r\n\r\n", 400, close: true),
        Case("no colon", "GET / HTTP/1.1\r\n\(h)Foo bar\r\n\r\n", 400, close: true),
        Case("empty name", "GET / HTTP/1.1\r\n\(h): bar\r\n\r\n", 400, close: true),
        Case("name not a token", "GET / HTTP/1.1\r\n\(h)Fo(o: bar\r\n\r\n", 400, close: true),
        Case("NUL in value", "GET / HTTP/1.1\r\n\(h)Foo: a\u{0}b\r\n\r\n", 400, close: true),
        Case("bare CR in value", "GET / HTTP/1.1\r\n\(h)Foo: a\rb\r\n\r\n", 400, close: true),
        Case("control in value", "GET / HTTP/1.1\r\n\(h)Foo: a\u{1b}b\r\n\r\n", 400, close: true),

        // Framing (RFC 9112 section 6).
        Case("Content-Length with plus", "GET / HTTP/1.1\r\n\(h)Content-Length: +5\r\n\r\nhello", 400, close: true),
        Case("negative Content-Length", "GET / HTTP/1.1\r\n\(h)Content-Length: -1\r\n\r\n", 400, close: true),
        Case("hex Content-Length", "GET / HTTP/1.1\r\n\(h)Content-Length: 0x5\r\n\r\nhello", 400, close: true),
        Case("empty Content-Length", "GET / HTTP/1.1\r\n\(h)Content-Length:\r\n\r\n", 400, close: true),
        Case("Content-Length list", "GET / HTTP/1.1\r\n\(h)Content-Length: 5, 5\r\n\r\nhello", 400, close: true),
        Case("conflicting Content-Length", "GET / HTTP/1.1\r\n\(h)Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello!", 400, close: true),
        Case("Content-Length and Transfer-Encoding", "GET / HTTP/1.1\r\n\(h)Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, close: true),
        Case("Transfer-Encoding in 1.0", "GET / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, close: true),
        Case("chunked not last", "GET / HTTP/1.1\r\n\(h)Transfer-Encoding: chunked, gzip\r\n\r\n", 400, close: true),
        Case("only gzip coding", "GET / HTTP/1.1\r\n\(h)Transfer-Encoding: gzip\r\n\r\n", 400, close: true),
        Case("chunked GET refused", "GET / HTTP/1.1\r\n\(h)Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, close: true),
        Case("Content-Length overflowing Int", "GET / HTTP/1.1\r\n\(h)Content-Length: 99999999999999999999999999\r\n\r\n", 413, close: true),
        Case("body over maxBodyBytes", "GET / HTTP/1.1\r\n\(h)Content-Length: 2000\r\n\r\n", 413, close: true),

        // Limits (configured below: target 1024, head 4096, 20 fields).
        Case("target too long", "GET /" + String(repeating: "a", count: 1100) + " HTTP/1.1\r\n\(h)\r\n", 414, close: true),
        Case("header section too large", "GET / HTTP/1.1\r\n\(h)Big: " + String(repeating: "b", count: 5000) + "\r\n\r\n", 431, close: true),
        Case("too many field lines", "GET / HTTP/1.1\r\n\(h)" + (1...25).map { "F\($0): v\r\n" }.joined() + "\r\n", 431, close: true),
    ]

    func testRawRequestTable() throws {
        XCTAssertGreaterThanOrEqual(Self.cases.count, 50)
        let (server, port) = try startServer {
            $0.maxRequestTargetBytes = 1024
            $0.maxHeaderBytes = 4096
            $0.maxHeaderFields = 20
            $0.maxBodyBytes = 1000
        }
        defer { stop(server) }
        for c in Self.cases {
            let client = try TestClient(port: port)
            client.send(c.raw)
            let isHead = c.raw.starts(with: Array("HEAD".utf8))
            let response: ClientResponse
            do {
                response = try client.readResponse(head: isHead)
            } catch {
                XCTFail("\(c.name): no response (\(error))")
                continue
            }
            XCTAssertEqual(response.status, c.status, c.name)
            XCTAssertNotNil(response.header("Date"), c.name)
            XCTAssertNotNil(response.header("Content-Length"), c.name)
            if c.status == 405 { XCTAssertEqual(response.header("Allow"), "GET, HEAD", c.name) }
            if c.close {
                XCTAssertEqual(response.header("Connection"), "close", c.name)
                XCTAssertTrue(client.closesWithoutMoreData(), "\(c.name): connection should close")
            } else {
                // Kept open: no Connection field, except the keep-alive an HTTP/1.0 client needs.
                let http10 = c.raw.starts(with: Array("GET / HTTP/1.0".utf8))
                XCTAssertEqual(response.header("Connection"), http10 ? "keep-alive" : nil, c.name)
                client.send("GET /probe HTTP/1.1\r\nHost: p\r\n\r\n")
                let probe = try? client.readResponse()
                XCTAssertEqual(probe?.status, 200, "\(c.name): connection should stay usable")
                XCTAssertEqual(probe?.bodyString, "GET /probe", c.name)
            }
        }
    }

    func testAbsoluteFormAuthorityReplacesHost() throws {
        let (server, port) = try startServer()
        defer { stop(server) }
        let client = try TestClient(port: port)
        client.send("GET http://a.example:81/x HTTP/1.1\r\nHost: other\r\n\r\n")
        let response = try client.readResponse()
        XCTAssertEqual(response.header("X-Host"), "a.example:81")
        XCTAssertEqual(response.bodyString, "GET http://a.example:81/x")
    }
}
