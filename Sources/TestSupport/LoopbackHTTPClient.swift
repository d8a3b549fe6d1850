#if canImport(Glibc)
import Glibc
#endif

/// A deliberately simple blocking HTTP/1.1 client over a loopback TCP socket, for tests:
/// sends raw bytes and reads one response framed by Content-Length (or until close).
public final class LoopbackHTTPClient {
    public struct Response {
        public var status: Int
        /// Field lines in order; names as sent.
        public var headers: [(name: String, value: String)]
        public var body: [UInt8]
        /// The first value of field `name` (case-insensitive).
        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    public enum ClientError: Error { case connect(Int32), closed, malformed(String), timeout }

    let fd: Int32
    var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`, with a receive timeout of `timeout` seconds.
    public init(port: Int, timeout: Double = 10) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError.connect(errno) }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let e = errno
            close(fd)
            throw ClientError.connect(e)
        }
    }

    deinit { close(fd) }

    public func send(_ text: String) { send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// `GET target` with a Host field, then the response.
    public func get(_ target: String, headers: [String] = [], method: String = "GET") throws -> Response {
        send("\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n")
        return try readResponse(bodyExpected: method != "HEAD")
    }

    /// Reads one response. `bodyExpected` false for HEAD (Content-Length then describes no bytes).
    public func readResponse(bodyExpected: Bool = true) throws -> Response {
        var headEnd: Int?
        while headEnd == nil {
            if let r = find([13, 10, 13, 10]) { headEnd = r; break }
            guard try fill() else { throw ClientError.closed }
        }
        guard let end = headEnd else { throw ClientError.closed }
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, let status = Int(parts[1]) else { throw ClientError.malformed(statusLine) }
        let headers: [(name: String, value: String)] = lines.compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: " \t"))
        }
        var response = Response(status: status, headers: headers, body: [])
        guard bodyExpected, status != 304, status != 204 else { return response }
        if let lengthText = response.header("Content-Length"), let length = Int(lengthText) {
            while buffer.count < length {
                guard try fill() else { throw ClientError.closed }
            }
            response.body = Array(buffer[..<length])
            buffer.removeFirst(length)
        } else {
            while try fill() {}
            response.body = buffer
            buffer = []
        }
        return response
    }

    /// True if the server has closed the connection (reads EOF within `timeout` seconds).
    public func isClosedByPeer() -> Bool {
        (try? fill()) == false
    }

    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { throw ClientError.timeout }
            return false
        }
        if n == 0 { return false }
        buffer += chunk[..<n]
        return true
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        for i in 0...(buffer.count - needle.count) where buffer[i] == needle[0] {
            if Array(buffer[i..<i + needle.count]) == needle { return i }
        }
        return nil
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let drop = Set(set)
        return String(self.drop(while: { drop.contains($0) }).reversed().drop(while: { drop.contains($0) }).reversed())
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String { String(self).trimmingCharacters(in: set) }
}
