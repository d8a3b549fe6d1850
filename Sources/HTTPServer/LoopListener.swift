import Utilities
#if canImport(Glibc)
import Glibc
#endif

/// The listening socket on an `EventLoop` (level-triggered EPOLLIN): accepts until EAGAIN (at most
/// 256 per event), hands each descriptor and its client's key to `onAccept` on the loop's thread.
/// On EMFILE, ENFILE, ENOBUFS or ENOMEM it leaves the epoll set for 100 ms instead of spinning
/// (and tells `onPause`, each time); while the server asks it to pause (`onAccept` returned
/// false) it is out of the set too. Those decisions are `ListenerStateMachine`'s; this class
/// performs them.
///
/// Confinement: state is touched only on the loop's thread; `start`, `resumeAccepting` and
/// `close` hop there. Hence `@unchecked Sendable`.
final class LoopListener: EventLoopHandler, @unchecked Sendable {
    let fd: Int32
    let address: BoundAddress
    let loop: EventLoop
    private var onAccept: (@Sendable (Int32, ClientKey) -> Bool)?
    private var onPause: (@Sendable (AcceptPause) -> Void)?
    private var token: UInt64?
    private var machine = ListenerStateMachine()

    init(host: String, port: Int, loop: EventLoop, backlog: Int32 = 1024) throws {
        (fd, address) = try ListeningSocket.bind(host: host, port: port, backlog: backlog)
        self.loop = loop
    }

    func start(onAccept: @escaping @Sendable (Int32, ClientKey) -> Bool,
               onPause: @escaping @Sendable (AcceptPause) -> Void) {
        loop.execute {
            self.onAccept = onAccept
            self.onPause = onPause
            self.perform(self.machine.started())
        }
    }

    func handle(events: UInt32) {
        guard let onAccept else { return }
        for _ in 0 ..< 256 {
            guard machine.isAccepting else { return }
            var peer = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(self.fd, $0, &length) }
            }
            if fd >= 0 {
                SocketCalls.setNonBlocking(fd)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                if !onAccept(fd, ClientKey(peer)) { return perform(machine.serverFull()) }
                continue
            }
            let code = errno
            if let pause = AcceptPause(errno: code) {
                perform(machine.resourcesExhausted(now: MonotonicClock.now()))
                onPause?(pause)
                return
            }
            switch code {
            case EINTR, ECONNABORTED, EPROTO: continue
            default: return
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
