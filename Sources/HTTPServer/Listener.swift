import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// A listening TCP socket (IPv4 or IPv6) and its non-blocking accept loop.
///
/// Confinement: after `init`, state is touched only on `queue` (a serial queue the accept source
/// delivers on); `close()` hops there. Hence `@unchecked Sendable`.
final class Listener: @unchecked Sendable {
    let fd: Int32
    let address: BoundAddress
    private let queue = DispatchQueue(label: "http.listener")
    private var source: DispatchSourceRead?
    /// Whether `source` is suspended now; it should be exactly when `backingOff || paused`.
    private var suspended = false
    /// Accept failed for lack of descriptors or memory; retried 100 ms later.
    private var backingOff = false
    /// The server asked to stop accepting for now (`onAccept` returned false).
    private var paused = false
    private var closed = false

    /// Resolves `host` (getaddrinfo, AI_PASSIVE), then binds and listens on the first address that
    /// works, with SO_REUSEADDR and a backlog of `backlog`.
    /// - Throws: `HTTPServerError.addressResolution` or `.socket(operation:errno:)`.
    init(host: String, port: Int, backlog: Int32 = 1024) throws {
        (fd, address) = try Listener.bind(host: host, port: port, backlog: backlog)
    }

    /// The listening socket (non-blocking, close-on-exec) and its address; see `init`.
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
            return (fd, Listener.localAddress(fd) ?? BoundAddress(host: host, port: port))
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

    /// Starts accepting; `onAccept` gets each new non-blocking, close-on-exec descriptor on the
    /// listener's queue, and returns false to pause accepting until `resumeAccepting()`.
    func start(onAccept: @escaping @Sendable (Int32) -> Bool) {
        queue.async {
            let source = DispatchSource.makeReadSource(fileDescriptor: self.fd, queue: self.queue)
            source.setEventHandler { [unowned self] in self.acceptPending(onAccept) }
            source.setCancelHandler { Glibc.close(self.fd) }
            self.source = source
            source.resume()
        }
    }

    /// Accepts until EAGAIN (at most 256 per event, for fairness). On EMFILE/ENFILE/ENOBUFS/ENOMEM
    /// the source is suspended and resumed 100 ms later instead of spinning.
    private func acceptPending(_ onAccept: @Sendable (Int32) -> Bool) {
        for _ in 0 ..< 256 {
            guard !closed, !paused else { return }
            let fd = accept(self.fd, nil, nil)
            if fd >= 0 {
                // Glibc's module does not export accept4; set the flags by hand.
                SocketCalls.setNonBlocking(fd)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                if !onAccept(fd) {
                    paused = true
                    updateSuspension()
                    return
                }
                continue
            }
            switch errno {
            case EINTR, ECONNABORTED, EPROTO:
                continue
            case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                backOff()
                return
            default:  // EAGAIN and anything unexpected: wait for the next readiness event
                return
            }
        }
    }

    private func backOff() {
        guard !backingOff else { return }
        backingOff = true
        updateSuspension()
        queue.asyncAfter(deadline: .now() + .milliseconds(100)) {
            self.backingOff = false
            self.updateSuspension()
        }
    }

    /// Accepts again after `onAccept` returned false. Any thread.
    func resumeAccepting() {
        queue.async {
            self.paused = false
            self.updateSuspension()
        }
    }

    /// Suspends or resumes the accept source to match `backingOff || paused` (never once closed:
    /// a cancelled source must stay resumed for its cancel handler to run).
    private func updateSuspension() {
        guard let source, !closed else { return }
        let wanted = backingOff || paused
        if wanted && !suspended {
            suspended = true
            source.suspend()
        } else if !wanted && suspended {
            suspended = false
            source.resume()
        }
    }

    /// Stops accepting and closes the listening socket. Idempotent.
    func close() {
        queue.async {
            guard !self.closed else { return }
            self.closed = true
            if let source = self.source {
                source.cancel()
                if self.suspended { self.suspended = false; source.resume() }
            } else {
                Glibc.close(self.fd)
            }
        }
    }
}
