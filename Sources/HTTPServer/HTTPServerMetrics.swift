#if canImport(Glibc)
import Glibc
#endif

/// One finished request/response exchange, as reported to `HTTPServerMetrics`.
public struct HTTPExchange: Sendable {
    /// The request method; nil when the request could not be parsed.
    public var method: String?
    /// The request target as sent; nil when the request could not be parsed. Made from the
    /// received bytes when read (`targetUTF8` reads them without a `String`).
    public var target: String? {
        get { hasTarget ? String(decoding: targetBytes, as: UTF8.self) : nil }
        set {
            hasTarget = newValue != nil
            targetBytes = newValue.map { ArraySlice($0.utf8) } ?? []
        }
    }
    /// The bytes of `target` (a slice of the received head for a parsed request).
    public var targetUTF8: ArraySlice<UInt8>? { hasTarget ? targetBytes : nil }
    // Not an Optional slice: copying and destroying one went through generic value witnesses.
    private var targetBytes: ArraySlice<UInt8>
    private var hasTarget: Bool
    /// The status code sent.
    public var status: Int
    /// Bytes written, head and body (fewer than intended if the write failed mid-way).
    public var bytes: Int
    /// Seconds from the end of the request head (or the moment of rejection) to the last byte written.
    public var duration: Double
    /// The response's `annotations` (e.g. `route`, `cache`).
    public var annotations: [String: String]

    public init(method: String?, target: String?, status: Int, bytes: Int, duration: Double,
                annotations: [String: String]) {
        self.method = method
        self.targetBytes = target.map { ArraySlice($0.utf8) } ?? []
        self.hasTarget = target != nil
        self.status = status
        self.bytes = bytes
        self.duration = duration
        self.annotations = annotations
    }

    /// An exchange whose target is the given bytes (a parsed request's `targetUTF8`, no copy).
    package init(method: String?, targetUTF8: ArraySlice<UInt8>, hasTarget: Bool, status: Int, bytes: Int,
                 duration: Double, annotations: [String: String]) {
        self.method = method
        self.targetBytes = targetUTF8
        self.hasTarget = hasTarget
        self.status = status
        self.bytes = bytes
        self.duration = duration
        self.annotations = annotations
    }
}

/// Why the listener stopped accepting for a while (`HTTPServerMetrics.acceptPaused`).
public enum AcceptPause: String, CaseIterable, Sendable {
    /// Open connections reached the descriptor budget (RLIMIT_NOFILE less the descriptors open at
    /// start and a reserve): accepting resumes when one closes.
    case descriptorBudget = "descriptor_budget"
    /// accept(2) failed with EMFILE (the process is out of descriptors), ENFILE (the system is),
    /// ENOBUFS or ENOMEM: accepting resumes after a 100 ms back-off, and again until it works.
    case emfile, enfile, enobufs, enomem

    /// The pause for an errno of accept(2), if it is one of the four.
    init?(errno code: Int32) {
        switch code {
        case EMFILE: self = .emfile
        case ENFILE: self = .enfile
        case ENOBUFS: self = .enobufs
        case ENOMEM: self = .enomem
        default: return nil
        }
    }
}

/// Why an accepted connection was answered 503 and closed without being served
/// (`HTTPServerMetrics.connectionRefused`).
public enum ConnectionRefusal: String, CaseIterable, Sendable {
    /// `HTTPServerConfiguration.maxConnections` connections were open.
    case maxConnections = "max_connections"
    /// Its client (an IPv4 address or IPv6 /64) had `maxConnectionsPerClient` open.
    case perClient = "per_client"
    /// The server is shutting down.
    case draining
}

/// Callbacks for access logs and metrics. All are called on the server's event loop threads,
/// possibly concurrently from several of them, and must return quickly (they delay every
/// connection of that loop).
public protocol HTTPServerMetrics: Sendable {
    /// A connection was accepted and is being served (not called for connections refused because
    /// `maxConnections` was reached).
    func connectionOpened()
    /// A served connection was closed, for whatever reason.
    func connectionClosed()
    /// A response was completely written, or its write failed mid-way.
    func requestCompleted(_ exchange: HTTPExchange)
    /// The listener stopped accepting for `reason` (it resumes by itself).
    func acceptPaused(_ reason: AcceptPause)
    /// An accepted connection was sent a 503 and closed, unserved, for `reason`.
    func connectionRefused(_ reason: ConnectionRefusal)
}

extension HTTPServerMetrics {
    public func connectionOpened() {}
    public func connectionClosed() {}
    public func requestCompleted(_ exchange: HTTPExchange) {}
    public func acceptPaused(_ reason: AcceptPause) {}
    public func connectionRefused(_ reason: ConnectionRefusal) {}
}

/// The metrics hook of a server that has none.
struct NoMetrics: HTTPServerMetrics {}
