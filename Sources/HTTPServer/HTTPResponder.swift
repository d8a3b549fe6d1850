/// The application's side of the server: one function from a request head to a plan for its
/// answer. Only GET, HEAD and OPTIONS (with a path, not `*`) requests reach it; the server answers
/// other methods itself (405 with `Allow: GET, HEAD` for registered ones, 501 for the rest). A
/// responder that does not answer CORS preflights should answer OPTIONS with 405 and
/// `Allow: GET, HEAD`.
///
/// `plan(for:)` runs on the connection's event loop thread, for every request: it must be cheap
/// (look the request up, do not parse or render) and never block. It returns the answer when it
/// has one at hand (a cached image, a health check), or the work that makes it with its cost, and
/// the connection picks where that runs (`HTTPServerConfiguration.maxLoopWorkSeconds`).
public protocol HTTPResponder: Sendable {
    func plan(for request: HTTPRequest) -> HTTPResponsePlan
}

/// What a responder answers a request with.
public enum HTTPResponsePlan: Sendable {
    /// The response, ready now: sent at once.
    case answer(HTTPResponse)
    /// The response still has to be made.
    case work(HTTPWork)
}

/// Work that makes a response, with an estimate of what it costs.
///
/// Work of at most `HTTPServerConfiguration.maxLoopWorkSeconds` runs on the connection's event
/// loop thread, in the loop's queue of work that runs after each turn's events within a time
/// budget (`EventLoop.workBudgetPerTurn`), with no hand-off to another thread; it is called with
/// `onEventLoop` true and must never block (no waiting on a lock held across slow work, on a
/// semaphore, or on I/O). Larger work runs on Dispatch's global queue of QoS utility (under
/// SCHED_BATCH at nice 5), called with `onEventLoop` false; it may run concurrently on several
/// threads. Work may answer, or plan more work once it knows what that costs (a query parsed,
/// then its picture drawn: on the loop when small, else on a worker; or something the loop may
/// not wait for), which the connection places by its cost again.
public struct HTTPWork: Sendable {
    /// The work's estimated CPU time, seconds (`.infinity`: never on the event loop).
    public var estimatedSeconds: Double
    /// Makes the response, or plans the rest; see the type's comment for `onEventLoop`.
    public var make: @Sendable (_ onEventLoop: Bool) -> HTTPResponsePlan

    public init(estimatedSeconds: Double, make: @escaping @Sendable (_ onEventLoop: Bool) -> HTTPResponsePlan) {
        self.estimatedSeconds = estimatedSeconds
        self.make = make
    }

    /// Work for a worker thread only (renders, file reads, anything that may block).
    public static func onWorker(_ make: @escaping @Sendable () -> HTTPResponse) -> HTTPWork {
        HTTPWork(estimatedSeconds: .infinity) { _ in .answer(make()) }
    }

    /// The response this work comes to when made off the event loop, following any work it plans.
    public func answer() -> HTTPResponse {
        var plan = make(false)
        while case .work(let next) = plan { plan = next.make(false) }
        guard case .answer(let response) = plan else { preconditionFailure("a plan answers or works") }
        return response
    }
}
