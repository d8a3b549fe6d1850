import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A response as a test client read it.
public struct ClientResponse {
    public var status: Int
    /// Field lines in order, names as sent.
    public var headers: [(String, String)]
    public var body: [UInt8]
    /// The first value of field `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
    public var bodyString: String { String(decoding: body, as: UTF8.self) }
}

public enum ClientError: Error { case timeout, closed, malformed(String), connect(Int32) }

/// A blocking loopback client with a receive timeout, reading HTTP/1.1 responses byte-exactly.
/// Not thread-safe: each instance is used by one thread at a time (hence `@unchecked Sendable`).
public final class TestClient: @unchecked Sendable {
    public private(set) var fd: Int32
    private var buffer: [UInt8] = []
    public private(set) var sawEOF = false

    /// Connects to 127.0.0.1:`port`, from `source` if given (an address of 127.0.0.0/8, so
    /// that a test can be several clients); reads time out after `timeout` seconds.
    public init(port: Int, timeout: Double = 10, source: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if bound != 0 { let e = errno; Glibc.close(fd); throw ClientError.connect(e) }
        }
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

    public func setTimeout(_ seconds: Double) {
        var tv = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    public func send(_ text: String) { send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) {
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
    public func readResponse(head: Bool = false) throws -> ClientResponse {
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

    /// True if the server ends the connection with a FIN (a read returns 0) and no further bytes
    /// within `timeout`; false on a reset (ECONNRESET), more bytes, or a timeout.
    public func endsWithoutReset(timeout: Double = 5) -> Bool {
        setTimeout(timeout)
        guard buffer.isEmpty else { return false }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return n == 0
    }

    /// True if bytes (or the end of input) are waiting to be read now.
    public var hasInput: Bool {
        if !buffer.isEmpty { return true }
        var wanted = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&wanted, 1, 0) > 0
    }

    /// True if the server closes the connection (EOF or reset) with no further bytes within `timeout`.
    public func closesWithoutMoreData(timeout: Double = 2) -> Bool {
        setTimeout(timeout)
        do {
            while try fill() {}
            return buffer.isEmpty
        } catch { return false }
    }

    /// Closes with SO_LINGER 0, so the server sees a reset.
    public func reset() {
        var l = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, socklen_t(MemoryLayout<linger>.size))
        Glibc.close(fd)
        fd = -1
    }

    /// Sends `method target HTTP/1.1` with a Host field and `headers` (whole field lines), then
    /// reads the response (no body for HEAD).
    public func get(_ target: String, headers: [String] = [], method: String = "GET") throws -> ClientResponse {
        send("\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n")
        return try readResponse(head: method == "HEAD")
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
