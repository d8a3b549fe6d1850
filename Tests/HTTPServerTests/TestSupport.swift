import Foundation
import XCTest
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// Echoes method and target: `GET /a?b` -> 200, body `GET /a?b`, `X-Host: <Host>`.
/// A target starting `/slow` sleeps 300 ms first; `/big` answers 4 MiB.
struct EchoResponder: HTTPResponder {
    func respond(to request: HTTPRequest) -> HTTPResponse {
        if request.path.hasPrefix("/slow") { usleep(300_000) }
        var headers = HTTPFields()
        headers.append(name: "Content-Type", value: "text/plain")
        headers.append(name: "X-Host", value: request.headers["Host"] ?? "")
        if request.path == "/big" {
            return HTTPResponse(status: 200, headers: headers, body: [UInt8](repeating: 0x61, count: 4 << 20))
        }
        return HTTPResponse(status: 200, headers: headers, body: Array("\(request.method) \(request.target)".utf8))
    }
}

/// A response as a test client read it.
struct ClientResponse {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]
    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
    var bodyString: String { String(decoding: body, as: UTF8.self) }
}

enum ClientError: Error { case timeout, closed, malformed(String), connect(Int32) }

/// A blocking loopback client with a receive timeout, reading HTTP/1.1 responses byte-exactly.
/// Not thread-safe: each instance is used by one thread at a time (hence `@unchecked Sendable`).
final class TestClient: @unchecked Sendable {
    private(set) var fd: Int32
    private var buffer: [UInt8] = []
    private(set) var sawEOF = false

    init(port: Int, timeout: Double = 3) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if rc != 0 { let e = errno; Glibc.close(fd); throw ClientError.connect(e) }
        setTimeout(timeout)
    }

    func setTimeout(_ seconds: Double) {
        var tv = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Reads more bytes; false on EOF/reset. Throws on timeout.
    @discardableResult
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n > 0 { buffer.append(contentsOf: chunk[0 ..< n]); return true }
        if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { throw ClientError.timeout }
        sawEOF = true
        return false
    }

    /// Reads one response; `head: true` means it answers a HEAD request (no body read).
    func readResponse(head: Bool = false) throws -> ClientResponse {
        var end: Int?
        while end == nil {
            if let r = find([13, 10, 13, 10]) { end = r; break }
            if try !fill() { throw ClientError.closed }
        }
        guard let headEnd = end else { throw ClientError.closed }
        let headText = String(decoding: buffer[0 ..< headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else {
            throw ClientError.malformed(headText)
        }
        let headers = lines.map { line -> (String, String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        }
        var response = ClientResponse(status: status, headers: headers, body: [])
        let length = response.header("Content-Length").flatMap(Int.init) ?? 0
        if !head && status != 304 && status != 204 {
            while buffer.count < length { if try !fill() { throw ClientError.closed } }
            response.body = Array(buffer[0 ..< length])
            buffer.removeFirst(length)
        }
        return response
    }

    /// True if the server closes the connection (EOF or reset) with no further bytes within `timeout`.
    func closesWithoutMoreData(timeout: Double = 2) -> Bool {
        setTimeout(timeout)
        do {
            while try fill() {}
            return buffer.isEmpty
        } catch { return false }
    }

    /// Closes with SO_LINGER 0, so the server sees a reset.
    func reset() {
        var l = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, socklen_t(MemoryLayout<linger>.size))
        Glibc.close(fd)
        fd = -1
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        for i in 0 ... buffer.count - needle.count where buffer[i] == needle[0] {
            if Array(buffer[i ..< i + needle.count]) == needle { return i }
        }
        return nil
    }
}

/// Starts an `HTTPServer` on 127.0.0.1 port 0 with `EchoResponder` (or another responder).
func startServer(_ configure: (inout HTTPServerConfiguration) -> Void = { _ in },
                 responder: any HTTPResponder = EchoResponder(),
                 metrics: (any HTTPServerMetrics)? = nil) throws -> (HTTPServer, Int) {
    var configuration = HTTPServerConfiguration()
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, responder: responder, metrics: metrics)
    let address = try server.start()
    return (server, address.port)
}

/// Shuts the server down and waits for completion.
func stop(_ server: HTTPServer, file: StaticString = #filePath, line: UInt = #line) {
    let done = DispatchSemaphore(value: 0)
    server.shutdown { done.signal() }
    XCTAssertEqual(done.wait(timeout: .now() + 15), .success, "shutdown did not complete", file: file, line: line)
}

/// Polls `condition` every 10 ms up to `timeout` seconds.
func eventually(_ timeout: Double = 3, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}
