import Utilities
#if canImport(Glibc)
import Glibc
#endif

/// A connection accepted only to be refused (over `maxConnections`, over
/// `maxConnectionsPerClient`, or while draining): its 503 is sent, the write side shut down, and
/// what the client sends is read and discarded until it closes, `lingerTimeout` passes or 1 MiB
/// was discarded; then the descriptor is closed. Closing at once with the client's request
/// unread made the kernel answer with a reset, which often reached the client before it had read
/// the 503.
///
/// Lives on the listener's loop; `onClose` is called once, there. Confinement: loop thread only.
/// Hence `@unchecked Sendable`.
final class RefusedConnection: EventLoopHandler, @unchecked Sendable {
    private let fd: Int32
    private let loop: EventLoop
    private var token: UInt64?
    private var discarded = 0
    private var closed = false
    private let onClose: () -> Void

    static let maxDiscardedBytes = 1 << 20

    /// Sends `response` on `fd` (non-blocking; what the socket does not take at once is dropped),
    /// shuts down the write side and lingers. Loop thread only.
    init(fd: Int32, response: [UInt8], loop: EventLoop, linger: Double, onClose: @escaping () -> Void) {
        self.fd = fd
        self.loop = loop
        self.onClose = onClose
        _ = response.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        Glibc.shutdown(fd, Int32(SHUT_WR))
        guard let token = loop.register(fd, events: Epoll.readable | Epoll.readHangUp, handler: self) else {
            close()
            return
        }
        self.token = token
        loop.after(linger) { [self] in close() }
        handle(events: Epoll.readable)  // what arrived already
    }

    func handle(events: UInt32) {
        let buffer = loop.readBuffer
        while !closed {
            let n = Glibc.recv(fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
            if n > 0 {
                discarded += n
                if discarded > Self.maxDiscardedBytes { return close() }
                continue
            }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
            if n < 0 && errno == EINTR { continue }
            return close()  // end of input, or an error
        }
    }

    private func close() {
        guard !closed else { return }
        closed = true
        if let token { loop.unregister(fd, token: token) }
        Glibc.close(fd)
        onClose()
    }
}
