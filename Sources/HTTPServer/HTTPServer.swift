// STUB: the interface the rest of the package codes against. To be replaced by the real server.

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

/// An HTTP/1.1 server on POSIX sockets and Dispatch.
public final class HTTPServer: @unchecked Sendable {
    public let configuration: HTTPServerConfiguration
    public let responder: any HTTPResponder

    public init(configuration: HTTPServerConfiguration, responder: any HTTPResponder) {
        self.configuration = configuration
        self.responder = responder
    }

    /// Binds, listens and starts accepting on background queues; returns at once.
    /// - Throws: `HTTPServerError` if the address cannot be resolved, bound or listened on.
    public func start() throws -> BoundAddress {
        fatalError("not implemented")
    }

    /// Begins graceful shutdown: stop accepting, close idle connections, let in-flight responses
    /// finish (with `Connection: close`) until `configuration.drainDeadline`, then call `completion`.
    public func shutdown(completion: @escaping @Sendable () -> Void) {
        fatalError("not implemented")
    }

    /// Connections open now.
    public var openConnectionCount: Int { 0 }
}
