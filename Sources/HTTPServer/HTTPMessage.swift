/// The HTTP version of a request line (RFC 9112 section 2.3): `HTTP/major.minor`.
public struct HTTPVersion: Sendable, Equatable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }
    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)
    public var description: String { "HTTP/\(major).\(minor)" }
}

/// A parsed request head. The body, if any, has been read and discarded by the server
/// (this service takes no request bodies).
public struct HTTPRequest: Sendable {
    /// The method token, case-sensitive as sent (`GET`, `HEAD`, ...).
    public var method: String
    /// The request target exactly as sent (origin-form `/toggle?on=1`, or absolute-form).
    public var target: String
    /// The path of the target, still percent-encoded (`/toggle`). For absolute-form targets,
    /// the path part only (`/` if empty).
    public var path: String
    /// The query of the target without the `?`, still percent-encoded; nil when there is no `?`.
    /// A parsed request makes this `String` when it is first read (a cached answer, found by the
    /// target, never reads it), not while parsing.
    public var query: String? {
        get {
            switch queryStorage {
            case .absent: return nil
            case .string(let query): return query
            case .inTarget(let offset): return String(Substring(target.utf8.dropFirst(offset)))
            }
        }
        set { queryStorage = newValue.map { .string($0) } ?? .absent }
    }
    public var version: HTTPVersion
    public var headers: HTTPFields

    /// Where `query` comes from.
    private enum QueryStorage: Sendable {
        case absent
        case string(String)
        /// The bytes of `target` from this offset on (the target is ASCII, checked by the parser).
        case inTarget(offset: Int)
    }
    private var queryStorage: QueryStorage

    public init(method: String, target: String, path: String, query: String?,
                version: HTTPVersion, headers: HTTPFields) {
        self.method = method
        self.target = target
        self.path = path
        self.queryStorage = query.map { .string($0) } ?? .absent
        self.version = version
        self.headers = headers
    }

    /// A request whose query is the bytes of `target` from `queryOffset` on (after its first `?`),
    /// nil for none; `target` must be ASCII.
    init(method: String, target: String, path: String, queryOffset: Int?,
         version: HTTPVersion, headers: HTTPFields) {
        self.method = method
        self.target = target
        self.path = path
        self.queryStorage = queryOffset.map { .inTarget(offset: $0) } ?? .absent
        self.version = version
        self.headers = headers
    }
}

/// A response to send. The server adds `Content-Length`, `Date` and `Connection` itself,
/// and omits the body (keeping `Content-Length`) when answering `HEAD` or a 304.
public struct HTTPResponse: Sendable {
    /// Status code, 100...599.
    public var status: Int { didSet { serializedHead = nil } }
    public var headers: HTTPFields { didSet { serializedHead = nil } }
    public var body: [UInt8] { didSet { serializedHead = nil } }
    /// The status line and field lines (with `Content-Length`, without `Date` and `Connection`)
    /// as the server sends them, made once by `serializeHead()` so that a response kept and sent
    /// many times (a cached image) is not serialized again for each request. Cleared when
    /// `status`, `headers` or `body` change.
    public private(set) var serializedHead: [UInt8]?
    /// Facts about how the response was made (e.g. `route`, `cache`), never sent: handed to the
    /// server's metrics hook with the finished exchange, for access logs and metrics.
    public var annotations: [String: String] = [:]

    public init(status: Int, headers: HTTPFields = HTTPFields(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose head was serialized before, by `serializeHead()` of a response with the
    /// same status and headers and a body of the same length (`Content-Length` is the only part
    /// of the head that depends on the body): for a kept head sent with bytes that are kept
    /// elsewhere (an image cache), so that holding the head does not hold the body.
    package init(status: Int, headers: HTTPFields, body: [UInt8], serializedHead: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
        self.serializedHead = serializedHead
    }

    /// Serializes the head now (see `serializedHead`), for a response that will be sent again
    /// unchanged. Does nothing for a status outside 200...599 (the server answers 500 instead).
    public mutating func serializeHead() {
        guard (200...599).contains(status) else { return }
        serializedHead = ResponseSerializer.head(of: self, isHead: false).bytes
    }

    /// The reason phrase for `status` from RFC 9110 section 15 ("" for codes it does not name).
    public static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 204: return "No Content"
        case 301: return "Moved Permanently"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return ""
        }
    }
}

/// The application's side of the server: one function from a request head to a response.
/// Only GET, HEAD and OPTIONS (with a path, not `*`) requests reach it; the server answers other
/// methods itself (405 with `Allow: GET, HEAD` for registered ones, 501 for the rest). A responder
/// that does not answer CORS preflights should answer OPTIONS with 405 and `Allow: GET, HEAD`.
///
/// A request is answered by the first of these that gives an answer:
/// 1. `respondImmediately(to:)`, inline on the connection's event loop thread while it handles
///    the connection's input (cache hits, health checks);
/// 2. `respondOnLoop(to:)`, if `mayRespondOnLoop(to:)` said yes: later on the same event loop
///    thread, in the loop's queue of work that runs after each turn's events within a time
///    budget (`EventLoop.workBudgetPerTurn`, 0.25 ms), with no hand-off to another thread (small
///    renders);
/// 3. `respond(to:)`, on Dispatch's global queue of QoS utility (under SCHED_BATCH at nice 5),
///    never on an event loop thread, so a slow render does not stall other connections. May be
///    called concurrently from several threads.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) -> HTTPResponse

    /// A response that is cheap to make (a cache hit, a small static route), answered inline on the
    /// connection's event loop thread without the two thread hops of `respond(to:)`; nil when the
    /// answer needs real work (rendering, file reads), which then goes to `respond(to:)`.
    /// Must return quickly and never block: it holds up every connection of that loop.
    /// The default returns nil.
    func respondImmediately(to request: HTTPRequest) -> HTTPResponse?

    /// Whether to queue `request` (declined by `respondImmediately`) for `respondOnLoop(to:)` on
    /// its event loop rather than send it straight to `respond(to:)`. Called on the loop thread
    /// for every such request, so it must be cheap: look at the path and the target's length, do
    /// not parse. The default is false (every declined request goes to `respond(to:)`).
    func mayRespondOnLoop(to request: HTTPRequest) -> Bool

    /// The answer made on the event loop thread, in the loop's work queue, or nil to hand the
    /// request to `respond(to:)` on a worker thread (then called with the same request).
    /// Runs on the loop thread, so it holds up every connection of that loop while it runs: it
    /// must bound its own cost (well under a millisecond; decline anything larger) and must never
    /// block (no waiting on a lock held across slow work, on a semaphore, or on I/O).
    /// The default returns nil.
    func respondOnLoop(to request: HTTPRequest) -> HTTPResponse?
}

extension HTTPResponder {
    public func respondImmediately(to request: HTTPRequest) -> HTTPResponse? { nil }
    public func mayRespondOnLoop(to request: HTTPRequest) -> Bool { false }
    public func respondOnLoop(to request: HTTPRequest) -> HTTPResponse? { nil }
}
