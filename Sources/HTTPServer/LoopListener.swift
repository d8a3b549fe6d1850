import Utilities
#if canImport(Glibc)
import Glibc
#endif

/// The listening socket on an `EventLoop` (level-triggered EPOLLIN): accepts until EAGAIN (at most
/// 256 per event), hands each descriptor to `onAccept` on the loop's thread. On EMFILE, ENFILE,
/// ENOBUFS or ENOMEM it leaves the epoll set for 100 ms instead of spinning; while the server
/// asks it to pause (`onAccept` returned false) it is out of the set too. Those decisions are
/// `ListenerStateMachine`'s; this class performs them.
///
/// Confinement: state is touched only on the loop's thread; `start`, `resumeAccepting` and
/// `close` hop there. Hence `@unchecked Sendable`.
final class LoopListener: EventLoopHandler, @unchecked Sendable {
    let fd: Int32
    let address: BoundAddress
    let loop: EventLoop
    private var onAccept: (@Sendable (Int32) -> Bool)?
    private var token: UInt64?
    private var machine = ListenerStateMachine()

    init(host: String, port: Int, loop: EventLoop, backlog: Int32 = 1024) throws {
        (fd, address) = try ListeningSocket.bind(host: host, port: port, backlog: backlog)
        self.loop = loop
    }

    func start(onAccept: @escaping @Sendable (Int32) -> Bool) {
        loop.execute {
            self.onAccept = onAccept
            self.perform(self.machine.started())
        }
    }

    func handle(events: UInt32) {
        guard let onAccept else { return }
        for _ in 0 ..< 256 {
            guard machine.isAccepting else { return }
            let fd = accept(self.fd, nil, nil)
            if fd >= 0 {
                SocketCalls.setNonBlocking(fd)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                if !onAccept(fd) { return perform(machine.serverFull()) }
                continue
            }
            switch errno {
            case EINTR, ECONNABORTED, EPROTO:
                continue
            case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                return perform(machine.resourcesExhausted(now: MonotonicClock.now()))
            default:
                return
            }
        }
    }

    /// Performs what the machine decided.
    private func perform(_ action: ListenerStateMachine.Action) {
        switch action {
        case .none:
            break
        case .register:
            if token == nil { token = loop.register(fd, events: Epoll.readable, handler: self) }
        case .unregister, .unregisterUntil, .unregisterAndClose:
            if let token {
                loop.unregister(fd, token: token)
                self.token = nil
            }
            if case .unregisterUntil(let at) = action {
                loop.after(max(0, at - MonotonicClock.now())) { [self] in
                    perform(machine.timerFired(now: MonotonicClock.now()))
                }
            }
            if action == .unregisterAndClose { Glibc.close(fd) }
        }
    }

    func resumeAccepting() {
        loop.execute { self.perform(self.machine.resumed()) }
    }

    func close() {
        loop.execute { self.perform(self.machine.closed()) }
    }
}
