/// Callbacks for access logs and metrics. All are called on server-internal queues, possibly
/// concurrently from several threads, and must return quickly.
public protocol HTTPServerMetrics: Sendable {
    /// A connection was accepted and is being served (not called for connections refused because
    /// `maxConnections` was reached).
    func connectionOpened()
    /// A served connection was closed, for whatever reason.
    func connectionClosed()
    /// A response was completely written (or the write failed mid-way; `bytes` is then what was
    /// sent). `method` is nil when the request could not be parsed; `status` is the status sent;
    /// `bytes` counts head and body; `duration` is seconds from the end of the request head
    /// (or the moment of rejection) to the last byte written.
    func requestCompleted(method: String?, status: Int, bytes: Int, duration: Double)
}

extension HTTPServerMetrics {
    public func connectionOpened() {}
    public func connectionClosed() {}
    public func requestCompleted(method: String?, status: Int, bytes: Int, duration: Double) {}
}
