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
    /// Seconds allowed from a request's first byte to the end of its header section; then 408 and close. Default 10 s.
    public var headerTimeout: Double = 10
    /// Seconds a keep-alive connection may sit idle between requests before it is closed. Default 60 s.
    public var idleTimeout: Double = 60
    /// Most connections open at once; further ones are accepted, sent a 503 with `Retry-After`, and
    /// closed. Default 10,000.
    /// Independently, the server stops accepting (clients wait in the listen backlog) while open
    /// connections would leave fewer than 16 descriptors of RLIMIT_NOFILE free.
    public var maxConnections: Int = 10_000
    /// Seconds that in-flight responses get to finish after shutdown begins. Default 10 s.
    public var drainDeadline: Double = 10
    /// Seconds to keep reading (and discarding) a client's unread input after the last response,
    /// with the write side already shut down, so the client reads the response before the close.
    /// Default 2 s.
    public var lingerTimeout: Double = 2
    /// Threads running an epoll event loop each (connections are spread over them round-robin).
    /// Default: the processors this process may run on (its CPU affinity, so `taskset -c 0` gives
    /// one loop: two loops sharing a core wait for each other's time slices). Values below 1 mean 1.
    public var eventLoopCount: Int = Epoll.allowedProcessorCount() ?? ProcessInfo.processInfo.activeProcessorCount

    public init() {}
}
