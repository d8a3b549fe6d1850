#if canImport(Glibc)
import Glibc
#endif

/// Creating a listening TCP socket (IPv4 or IPv6); `LoopListener` accepts on it.
enum ListeningSocket {
    /// Resolves `host` (getaddrinfo, AI_PASSIVE), then binds and listens on the first address that
    /// works, with SO_REUSEADDR and a backlog of `backlog`.
    /// - Returns: the listening socket (non-blocking, close-on-exec) and its address.
    /// - Throws: `HTTPServerError.addressResolution` or `.socket(operation:errno:)`.
    static func bind(host: String, port: Int, backlog: Int32 = 1024) throws -> (Int32, BoundAddress) {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let first = list else {
            throw HTTPServerError.addressResolution(host: host, message: String(cString: gai_strerror(rc)))
        }
        defer { freeaddrinfo(list) }

        var lastError = HTTPServerError.socket(operation: "socket", errno: EINVAL)
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { lastError = .socket(operation: "socket", errno: errno); continue }
            SocketCalls.setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1)
            guard Glibc.bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
                lastError = .socket(operation: "bind", errno: errno)
                Glibc.close(fd)
                continue
            }
            guard Glibc.listen(fd, backlog) == 0 else {
                lastError = .socket(operation: "listen", errno: errno)
                Glibc.close(fd)
                continue
            }
            SocketCalls.setNonBlocking(fd)
            return (fd, ListeningSocket.localAddress(fd) ?? BoundAddress(host: host, port: port))
        }
        throw lastError
    }

    /// getsockname + getnameinfo: the numeric host and the real port (port 0 resolved).
    private static func localAddress(_ fd: Int32) -> BoundAddress? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard ok == 0 else { return nil }
        var hostBuffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var portBuffer = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let rc = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, length, &hostBuffer, socklen_t(hostBuffer.count),
                            &portBuffer, socklen_t(portBuffer.count), NI_NUMERICHOST | NI_NUMERICSERV)
            }
        }
        guard rc == 0 else { return nil }
        let host = String(decoding: hostBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let port = Int(String(decoding: portBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) ?? 0
        return BoundAddress(host: host, port: port)
    }

}
