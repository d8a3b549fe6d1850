import Dispatch
import Foundation
import Utilities
#if canImport(Glibc)
import Glibc
#endif

/// The address a server is listening on, as reported after binding.
public struct BoundAddress: Sendable, CustomStringConvertible {
    /// The numeric host (`127.0.0.1`, `::1`, `0.0.0.0`).
    public var host: String
    public var port: Int
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }
    /// `http://host:port`, with IPv6 hosts in brackets.
    public var description: String {
        host.contains(":") ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
    }
}

/// An HTTP/1.1 server on POSIX sockets and epoll.
///
/// `configuration.eventLoopCount` threads each run an `EventLoop` (epoll_wait over the
/// descriptors it owns). The first loop also holds the listening socket (`LoopListener`) and hands
/// accepted connections round-robin to the loops; each `LoopConnection` then lives on its loop, so
/// reading, parsing, ready answers (`HTTPResponder.plan`) and writing take no thread hop. Small
/// `HTTPWork` (at most `maxLoopWorkSeconds`) runs on the loop too, from its work queue within
/// `EventLoop.workBudgetPerTurn` per turn; larger work runs on the global concurrent queue of QoS
/// utility, so slow responses do not delay the I/O of other connections, and its result is posted
/// back to the loop.
///
/// Confinement: the mutable state below (`listener`, `connections`, `draining`, completions) is
/// guarded by `lock`. Hence `@unchecked Sendable`.
public final class HTTPServer: @unchecked Sendable {
    public let configuration: HTTPServerConfiguration
    public let responder: any HTTPResponder
    /// Receives connection and request events, if set.
    public let metrics: (any HTTPServerMetrics)?

    private let lock = NSLock()
    private var listener: LoopListener?
    private var started = false
    private var connections: [ObjectIdentifier: LoopConnection] = [:]
    /// The event loops; stopped once shutdown completes.
    private var loops: [EventLoop] = []
    private var nextLoop = 0
    private var draining = false
    private var completions: [@Sendable () -> Void] = []
    /// Most connections the descriptor limit leaves room for (set by `start()`).
    private var descriptorBudget = Int.max
    /// The listener was told to stop accepting because `descriptorBudget` was reached.
    private var acceptPaused = false
    /// The loop the listener accepts on (where refused connections linger).
    private var acceptLoop: EventLoop?
    /// Open connections by client, and each connection's client, when
    /// `configuration.maxConnectionsPerClient` is set.
    private var perClient: [ClientKey: Int] = [:]
    private var clientOf: [ObjectIdentifier: ClientKey] = [:]
    /// Refused connections lingering now (at most `maxLingeringRefusals`; more are closed at once).
    private var lingeringRefusals = 0
    /// When accepting was last said to pause on `report`, and the pauses not said since.
    private var lastPauseReport = -Double.infinity
    private var pausesSinceReport = 0
    /// Receives what an operator must know (accepting paused), at most once a second, on a queue
    /// of its own so that a stalled standard error cannot stop a loop.
    private let report: (@Sendable (String) -> Void)?
    private let reportQueue = DispatchQueue(label: "http.server.report")

    /// Most refused connections that linger (reading the client's request after the 503, so that
    /// the close is not a reset): each holds a descriptor for up to `lingerTimeout`, within the
    /// descriptor budget; beyond either bound a refused connection is closed at once.
    static let maxLingeringRefusals = 64

    /// Descriptors kept free for everything but connections. Running out is not only a failed
    /// accept: libdispatch opens /proc/TID/stat for its thread-pool monitor and kills the process
    /// when that fails, creates its timer descriptor on first use, and static files need one.
    static let reservedDescriptors = 16

    /// - Parameters:
    ///   - metrics: receives connection and request events (access logs, Prometheus), if any.
    ///   - report: receives one line when accepting pauses (out of descriptors), at most once a
    ///     second (the server's standard error).
    public init(configuration: HTTPServerConfiguration, responder: any HTTPResponder,
                metrics: (any HTTPServerMetrics)? = nil, report: (@Sendable (String) -> Void)? = nil) {
        self.configuration = configuration
        self.responder = responder
        self.metrics = metrics
        self.report = report
    }

    /// Binds, listens and starts the event loops (the first one accepts); returns at once.
    /// Ignores SIGPIPE for the whole process (writes also use MSG_NOSIGNAL).
    /// - Throws: `HTTPServerError` if the address cannot be resolved, bound or listened on,
    ///   or `.alreadyStarted` on a second call.
    public func start() throws -> BoundAddress {
        lock.lock()
        defer { lock.unlock() }
        guard !started, !draining else { throw HTTPServerError.alreadyStarted }
        signal(SIGPIPE, SIG_IGN)
        let loops = (0 ..< max(1, configuration.eventLoopCount)).map { EventLoop(name: "http.loop.\($0)") }
        let listener: LoopListener
        do {
            listener = try LoopListener(host: configuration.host, port: configuration.port, loop: loops[0])
        } catch {
            for loop in loops { loop.stop() }
            throw error
        }
        self.loops = loops
        started = true
        self.listener = listener
        acceptLoop = loops[0]
        descriptorBudget = Self.connectionsTheDescriptorLimitAllows()
        // Make libdispatch create its timer descriptor now, while descriptors are free.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(1)) {}
        listener.start(onAccept: { [weak self] fd, client in
            guard let self else { Glibc.close(fd); return false }
            return self.accepted(fd, client: client)
        }, onPause: { [weak self] reason in self?.acceptPaused(reason) })
        return listener.address
    }

    /// RLIMIT_NOFILE minus the descriptors open now minus `reservedDescriptors` and the memory
    /// files kept bodies may hold (`HTTPBodyFile.maximumOpen`); at least 1.
    static func connectionsTheDescriptorLimitAllows() -> Int {
        var limit = rlimit()
        // RLIM_INFINITY is all ones: excluded by the comparison.
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0,
              limit.rlim_cur < rlim_t(Int.max) else { return Int.max }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        return max(1, Int(limit.rlim_cur) - open - reservedDescriptors - HTTPBodyFile.maximumOpen)
    }

    /// The whole 503 sent to a connection refused for `reason`.
    private static func refusal(_ reason: ConnectionRefusal) -> [UInt8] {
        let detail: String? = reason == .perClient
            ? "too many connections from one client (an IPv4 address or an IPv6 /64): close one or retry later" : nil
        let output = ResponseSerializer.serialize(ResponseSerializer.errorResponse(status: 503, detail: detail),
                                                  isHead: false, close: true, date: HTTPDate.now())
        return output.fullHead + output.body.bytes
    }

    /// Why a new connection from `client` must be refused, or nil. `lock` is held.
    private func refusalReason(for client: ClientKey) -> ConnectionRefusal? {
        if draining { return .draining }
        if connections.count >= configuration.maxConnections { return .maxConnections }
        if let limit = configuration.maxConnectionsPerClient, client != .other, perClient[client, default: 0] >= limit {
            return .perClient
        }
        return nil
    }

    /// Takes a new connection; false asks the listener to pause (the descriptor budget is used up)
    /// until a connection closes. Clients then wait in the listen backlog. On the listener's loop.
    private func accepted(_ fd: Int32, client: ClientKey) -> Bool {
        lock.lock()
        if let reason = refusalReason(for: client) {
            // Lingering holds a descriptor: only within the budget, which counts them too.
            let linger = lingeringRefusals < Self.maxLingeringRefusals
                && connections.count + lingeringRefusals < descriptorBudget
            if linger { lingeringRefusals += 1 }
            let loop = acceptLoop
            lock.unlock()
            metrics?.connectionRefused(reason)
            // Tell the client why instead of an empty reply, then read what it sent before closing.
            let bytes = Self.refusal(reason)
            if linger, let loop {
                _ = RefusedConnection(fd: fd, response: bytes, loop: loop, linger: configuration.lingerTimeout) { [weak self] in
                    guard let self else { return }
                    self.lock.withLock { self.lingeringRefusals -= 1 }
                }
            } else {
                _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                Glibc.close(fd)
            }
            return true
        }
        SocketCalls.setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        let loop = loops[nextLoop]
        nextLoop = (nextLoop + 1) % loops.count
        let connection = LoopConnection(
            fd: fd, loop: loop, configuration: configuration, responder: responder, metrics: metrics,
            onClose: { [weak self] in self?.connectionClosed($0) })
        connections[ObjectIdentifier(connection)] = connection
        if configuration.maxConnectionsPerClient != nil, client != .other {
            perClient[client, default: 0] += 1
            clientOf[ObjectIdentifier(connection)] = client
        }
        let full = connections.count >= descriptorBudget
        if full { acceptPaused = true }
        lock.unlock()
        metrics?.connectionOpened()
        connection.start()
        if full { acceptPaused(.descriptorBudget) }
        return !full
    }

    /// Counts a pause of the listener and says it on `report` at most once a second.
    private func acceptPaused(_ reason: AcceptPause) {
        metrics?.acceptPaused(reason)
        guard let report else { return }
        let now = MonotonicClock.now()
        lock.lock()
        pausesSinceReport += 1
        let due = now - lastPauseReport >= 1
        let open = connections.count, earlier = pausesSinceReport - 1
        if due {
            lastPauseReport = now
            pausesSinceReport = 0
        }
        lock.unlock()
        guard due else { return }
        let line = Self.pauseMessage(reason, open: open, limit: Self.descriptorLimit())
            + (earlier > 0 ? " (\(earlier) more pause\(earlier == 1 ? "" : "s") since the last report)" : "")
        reportQueue.async { report(line) }
    }

    /// What an operator is told when accepting pauses for `reason`.
    static func pauseMessage(_ reason: AcceptPause, open: Int, limit: Int?) -> String {
        let nofile = limit.map { "RLIMIT_NOFILE \($0)" } ?? "RLIMIT_NOFILE unlimited"
        switch reason {
        case .descriptorBudget:
            return "toggle-server: accepting paused: \(open) open connections use the descriptors \(nofile) leaves; "
                + "new clients wait in the listen backlog until one closes"
        case .emfile:
            return "toggle-server: accept failed: out of file descriptors (EMFILE, \(nofile)) with \(open) open "
                + "connections; retrying every 100 ms"
        case .enfile:
            return "toggle-server: accept failed: the system is out of file descriptors (ENFILE) with \(open) open "
                + "connections; retrying every 100 ms"
        case .enobufs, .enomem:
            return "toggle-server: accept failed: out of memory (\(reason.rawValue.uppercased())) with \(open) open "
                + "connections; retrying every 100 ms"
        }
    }

    /// The soft RLIMIT_NOFILE, or nil when unlimited or unknown.
    static func descriptorLimit() -> Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(Int.max) else { return nil }
        return Int(limit.rlim_cur)
    }

    private func connectionClosed(_ connection: LoopConnection) {
        lock.lock()
        connections[ObjectIdentifier(connection)] = nil
        if let client = clientOf.removeValue(forKey: ObjectIdentifier(connection)) {
            let left = perClient[client, default: 1] - 1
            perClient[client] = left > 0 ? left : nil
        }
        var resume: LoopListener?
        if acceptPaused && connections.count < descriptorBudget {
            acceptPaused = false
            resume = listener
        }
        var done: [@Sendable () -> Void] = []
        var finishedLoops: [EventLoop] = []
        if draining && connections.isEmpty {
            done = completions
            completions = []
            finishedLoops = loops
            loops = []
        }
        lock.unlock()
        resume?.resumeAccepting()
        metrics?.connectionClosed()
        for loop in finishedLoops { loop.stop() }
        for completion in done { completion() }
    }

    /// Begins graceful shutdown: stop accepting, close idle connections, let in-flight responses
    /// finish (with `Connection: close`) until `configuration.drainDeadline`, then close what is
    /// left. `completion` runs once every connection is closed: on Dispatch's global queue when none was
    /// open, else on the event loop thread that closed the last one.
    /// Calling it again adds another completion.
    public func shutdown(completion: @escaping @Sendable () -> Void) {
        lock.lock()
        let first = !draining
        draining = true
        let listener = self.listener
        self.listener = nil
        let open = Array(connections.values)
        if open.isEmpty {
            let finishedLoops = loops
            loops = []
            lock.unlock()
            // The listener's close is queued on the first loop before `stop`, and a loop runs the
            // tasks queued before `stop` before it ends.
            listener?.close()
            for loop in finishedLoops { loop.stop() }
            DispatchQueue.global().async { completion() }
            return
        }
        completions.append(completion)
        lock.unlock()
        guard first else { return }
        listener?.close()
        for connection in open { connection.beginDrain() }
        DispatchQueue.global().asyncAfter(deadline: .now() + configuration.drainDeadline) { [self] in
            lock.lock()
            let left = Array(connections.values)
            lock.unlock()
            for connection in left { connection.forceClose() }
        }
    }

    /// Connections open now.
    public var openConnectionCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return connections.count
    }
}
