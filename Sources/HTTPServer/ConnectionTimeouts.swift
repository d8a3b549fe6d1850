/// What a connection is doing, as far as timeouts care (a pure state, times in monotonic seconds).
enum ConnectionPhase: Equatable {
    /// Waiting for the first byte of the next request (keep-alive idle).
    case idle(since: Double)
    /// Some bytes of a request head arrived at `since`; the rest is due within the header timeout.
    case readingHead(since: Double)
    /// Discarding the body of the previous request; `since` is the last progress.
    case readingBody(since: Double)
    /// The responder is running: no timeout (the drain deadline bounds it on shutdown).
    case responding
    /// A response is being written; `since` is the last progress.
    case writing(since: Double)
    /// The write side is shut down after the last response; unread input is being drained.
    case lingering(since: Double)
}

/// What to do when a connection's timer fires.
enum TimeoutAction: Equatable {
    case none
    /// Answer 408 Request Timeout with `Connection: close`, then linger and close.
    case requestTimeout
    /// Close without a response.
    case close
}

/// Timeout rules as pure functions of the phase and the time, so they are tested without sockets.
struct ConnectionTimeouts: Equatable {
    /// Seconds from a request's first byte to the end of its head (`HTTPServerConfiguration.headerTimeout`).
    var headerTimeout: Double
    /// Seconds an idle keep-alive connection, a stalled body or a stalled write may last.
    var idleTimeout: Double
    /// Seconds to drain unread input after the last response before closing.
    var lingerTimeout: Double

    /// When the timer should fire next for `phase`, or nil for never.
    func deadline(for phase: ConnectionPhase) -> Double? {
        switch phase {
        case .idle(let since), .readingBody(let since), .writing(let since): return since + idleTimeout
        case .readingHead(let since): return since + headerTimeout
        case .lingering(let since): return since + lingerTimeout
        case .responding: return nil
        }
    }

    /// What to do at `now` in `phase`.
    func action(for phase: ConnectionPhase, now: Double) -> TimeoutAction {
        guard let deadline = deadline(for: phase), now >= deadline else { return .none }
        if case .readingHead = phase { return .requestTimeout }
        return .close
    }
}
