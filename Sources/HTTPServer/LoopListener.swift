#if canImport(Glibc)
import Glibc
#endif

/// The listening socket on an `EventLoop` (level-triggered EPOLLIN): accepts until EAGAIN (at most
/// 256 per event), hands each descriptor to `onAccept` on the loop's thread. On EMFILE, ENFILE,
/// ENOBUFS or ENOMEM it leaves the epoll set for 100 ms instead of spinning; while the server
/// asks it to pause (`onAccept` returned false) it is out of the set too.
///
/// Confinement: state is touched only on the loop's thread; `start`, `resumeAccepting` and
/// `close` hop there. Hence `@unchecked Sendable`.
final class LoopListener: EventLoopHandler, @unchecked Sendable {
    let fd: Int32
    let address: BoundAddress
    let loop: EventLoop
    private var onAccept: (@Sendable (Int32) -> Bool)?
    private var token: UInt64?
    private var backingOff = false
    private var paused = false
    private var closed = false

    init(host: String, port: Int, loop: EventLoop, backlog: Int32 = 1024) throws {
        (fd, address) = try ListeningSocket.bind(host: host, port: port, backlog: backlog)
        self.loop = loop
    }

    func start(onAccept: @escaping @Sendable (Int32) -> Bool) {
        loop.execute {
            self.onAccept = onAccept
            self.updateRegistration()
        }
    }

    func handle(events: UInt32) {
        guard let onAccept else { return }
        for _ in 0 ..< 256 {
            guard !closed, !paused, !backingOff else { return }
            let fd = accept(self.fd, nil, nil)
            if fd >= 0 {
                SocketCalls.setNonBlocking(fd)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                if !onAccept(fd) {
                    paused = true
                    updateRegistration()
                    return
                }
                continue
            }
            switch errno {
            case EINTR, ECONNABORTED, EPROTO:
                continue
            case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                backingOff = true
                updateRegistration()
                loop.after(0.1) { [self] in
                    backingOff = false
                    updateRegistration()
                }
                return
            default:
                return
            }
        }
    }

    /// In the epoll set exactly when started, not closed, not paused and not backing off.
    private func updateRegistration() {
        let wanted = onAccept != nil && !closed && !paused && !backingOff
        if wanted, token == nil {
            token = loop.register(fd, events: Epoll.readable, handler: self)
        } else if !wanted, let token {
            loop.unregister(fd, token: token)
            self.token = nil
        }
    }

    func resumeAccepting() {
        loop.execute {
            self.paused = false
            self.updateRegistration()
        }
    }

    func close() {
        loop.execute {
            guard !self.closed else { return }
            self.closed = true
            self.updateRegistration()
            Glibc.close(self.fd)
        }
    }
}
