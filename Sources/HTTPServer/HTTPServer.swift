import Dispatch
import Foundation
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
/// reading, parsing, cached answers (`respondImmediately`) and writing take no thread hop. Small
/// work the responder accepts (`mayRespondOnLoop`, `respondOnLoop`) runs on the loop too, from its
/// work queue within `EventLoop.workBudgetPerTurn` per turn. The responder's `respond` is called
/// on the global concurrent queue of QoS utility, so slow responses do not delay the I/O of other
/// connections, and its result is posted back to the loop.
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

    /// Descriptors kept free for everything but connections. Running out is not only a failed
    /// accept: libdispatch opens /proc/TID/stat for its thread-pool monitor and kills the process
    /// when that fails, creates its timer descriptor on first use, and static files need one.
    static let reservedDescriptors = 16

    /// - Parameter metrics: receives connection and request events (access logs, Prometheus), if any.
    public init(configuration: HTTPServerConfiguration, responder: any HTTPResponder,
                metrics: (any HTTPServerMetrics)? = nil) {
        self.configuration = configuration
        self.responder = responder
        self.metrics = metrics
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
        descriptorBudget = Self.connectionsTheDescriptorLimitAllows()
        // Make libdispatch create its timer descriptor now, while descriptors are free.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(1)) {}
        listener.start { [weak self] fd in
            guard let self else { Glibc.close(fd); return false }
            return self.accepted(fd)
        }
        return listener.address
    }

    /// RLIMIT_NOFILE minus the descriptors open now minus `reservedDescriptors` (at least 1).
    static func connectionsTheDescriptorLimitAllows() -> Int {
        var limit = rlimit()
        // RLIM_INFINITY is all ones: excluded by the comparison.
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0,
              limit.rlim_cur < rlim_t(Int.max) else { return Int.max }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        return max(1, Int(limit.rlim_cur) - open - reservedDescriptors)
    }

    /// The whole 503 sent to a connection over `maxConnections` (or arriving while draining).
    private static var serviceUnavailable: [UInt8] {
        let output = ResponseSerializer.serialize(ResponseSerializer.errorResponse(status: 503), isHead: false,
                                                  close: true, date: HTTPDate.now())
        return output.fullHead + output.body
    }

    /// Takes a new connection; false asks the listener to pause (the descriptor budget is used up)
    /// until a connection closes. Clients then wait in the listen backlog.
    private func accepted(_ fd: Int32) -> Bool {
        lock.lock()
        if draining || connections.count >= configuration.maxConnections {
            lock.unlock()
            // Tell the client why instead of an empty reply, if its socket takes it at once.
            let refusal = Self.serviceUnavailable
            _ = refusal.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            Glibc.close(fd)
            return true
        }
        SocketCalls.setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        let loop = loops[nextLoop]
        nextLoop = (nextLoop + 1) % loops.count
        let connection = LoopConnection(
            fd: fd, loop: loop, configuration: configuration, responder: responder, metrics: metrics,
            onClose: { [weak self] in self?.connectionClosed($0) })
        connections[ObjectIdentifier(connection)] = connection
        let full = connections.count >= descriptorBudget
        if full { acceptPaused = true }
        lock.unlock()
        metrics?.connectionOpened()
        connection.start()
        return !full
    }

    private func connectionClosed(_ connection: LoopConnection) {
        lock.lock()
        connections[ObjectIdentifier(connection)] = nil
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
