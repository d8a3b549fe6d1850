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
}

extension HTTPServerMetrics {
    public func connectionOpened() {}
    public func connectionClosed() {}
    public func requestCompleted(_ exchange: HTTPExchange) {}
}
