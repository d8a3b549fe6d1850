import Foundation

/// Everything the server can be told: where to listen, and every limit and timeout.
///
/// Defaults follow docs/design-facts.md section 5. `toggle-server` sets all but `lingerTimeout` and
/// `eventLoopCount` from flags and environment (see `toggle-server --help`).
public struct HTTPServerConfiguration: Sendable {
    /// Address to bind: an IPv4 or IPv6 literal or a host name. Default `0.0.0.0`.
    public var host: String = "0.0.0.0"
    /// TCP port; 0 asks the kernel for a free one (the real port is returned by `start()`). Default 8080.
    public var port: Int = 8080
    /// Longest request target accepted, in bytes; longer gets 414. Default 8 KiB.
    public var maxRequestTargetBytes: Int = 8 * 1024
    /// Largest header section (request line and field lines), in bytes; larger gets 431. Default 16 KiB.
    public var maxHeaderBytes: Int = 16 * 1024
    /// Most field lines in one request; more gets 431. Default 100.
    public var maxHeaderFields: Int = 100
    /// Largest request body read and discarded, in bytes; larger gets 413 and close. Default 1 MiB.
    public var maxBodyBytes: Int = 1024 * 1024
    /// Seconds allowed from a request's first byte to the end of its header section; then 408 and
    /// close. A new connection is on this deadline from its accept, so one that sends nothing is
    /// closed after it too. Default 10 s.
    public var headerTimeout: Double = 10
    /// Seconds a keep-alive connection may sit idle between requests before it is closed, and a
    /// body or a write may go without progress. Default 60 s. A new connection is on
    /// `headerTimeout` until its first request head is complete.
    public var idleTimeout: Double = 60
    /// Seconds allowed for a whole request, from its first byte to the last byte of its body,
    /// however steadily the bytes trickle in; then the connection is closed. Default 30 s: a
    /// body of `maxBodyBytes` (1 MiB) must arrive at 35 KB/s or more. (nginx's
    /// `client_body_timeout` and Apache's `mod_reqtimeout` bound the same thing.)
    public var requestTimeout: Double = 30
    /// Most connections open at once; further ones are accepted, sent a 503 with `Retry-After`, and
    /// closed once the client's request has been read (or 2 s, `lingerTimeout`), so the close is
    /// not a reset that could reach the client before its 503. Default 10,000.
    /// Independently, the server stops accepting (clients wait in the listen backlog) while open
    /// connections would leave fewer than 16 descriptors of RLIMIT_NOFILE free.
    public var maxConnections: Int = 10_000
    /// Most connections one client may have open at once; further ones are refused like those over
    /// `maxConnections` (503, `Retry-After: 1`). A client is one IPv4 address or one IPv6 /64
    /// (`ClientKey`). Default nil: no limit. For a server that clients reach directly: behind a
    /// proxy or load balancer every connection comes from the proxy's few addresses.
    public var maxConnectionsPerClient: Int?
    /// Seconds that in-flight responses get to finish after shutdown begins. Default 10 s.
    public var drainDeadline: Double = 10
    /// Seconds to keep reading (and discarding) a client's unread input after the last response,
    /// with the write side already shut down, so the client reads the response before the close.
    /// Default 2 s.
    public var lingerTimeout: Double = 2
    /// Most requests one connection has answered per turn of its event loop before the loop's
    /// other connections go first (pipelined requests wait for the next turn). Default 16.
    public var maxRequestsPerTurn: Int = 16
    /// Seconds one connection may spend answering requests per turn of its event loop before the
    /// loop's other connections go first. Default 0.002 (2 ms): with `maxRequestsPerTurn`, what
    /// keeps `/healthz` on a loop fast while another connection pipelines thousands of requests.
    public var turnBudget: Double = 0.002
    /// The largest `HTTPWork.estimatedSeconds` made on the event loop thread (in its work queue);
    /// larger work goes to a Dispatch worker. Default 0.000_48 (0.48 ms): a few times one turn's
    /// budget of loop work (`EventLoop.workBudgetPerTurn`, 0.25 ms), less than the two context
    /// switches a hand-off to a worker and back costs a small render.
    public var maxLoopWorkSeconds: Double = 0.000_48
    /// Longest wait, in seconds, of `HTTPWork` (a render, a file read) for a Dispatch worker to
    /// start it, or in its event loop's work queue. A request whose wait was longer when its turn
    /// comes is not made: it is answered at once with 503 and `Retry-After: 1` (annotated
    /// `shed: responder-queue` for the metrics), so a flood of uncached requests cannot build a
    /// queue that every later one waits through. Each shed answer takes microseconds, so a request
    /// waits at most this bound plus the renders already running. Default 5 s (renders take
    /// milliseconds; a wait of seconds means overload). `toggle-server --max-queue-wait`.
    public var maxResponderQueueWait: Double = 5

    /// Threads running an epoll event loop each (connections are spread over them round-robin).
    /// Default: the processors this process may run on (its CPU affinity, so `taskset -c 0` gives
    /// one loop: two loops sharing a core wait for each other's time slices), at most the
    /// container's CPU limit rounded up (`CPUQuota`: cgroup v2 `cpu.max`, v1 `cpu.cfs_*`).
    /// Values below 1 mean 1.
    public var eventLoopCount: Int = Self.defaultEventLoopCount()

    /// The default of `eventLoopCount`: min(CPU affinity, CPU limit rounded up).
    public static func defaultEventLoopCount() -> Int {
        let processors = Epoll.allowedProcessorCount() ?? ProcessInfo.processInfo.activeProcessorCount
        guard let cpus = CPUQuota.current() else { return processors }
        return min(processors, CPUQuota.loopCount(cpus: cpus))
    }

    public init() {}
}
