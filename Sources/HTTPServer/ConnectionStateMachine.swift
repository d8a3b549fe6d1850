/// The limits a connection's state machine applies, in seconds unless said otherwise; taken from
/// `HTTPServerConfiguration` (see there for defaults and reasons).
struct ConnectionLimits: Equatable, Sendable {
    /// From a request's first byte (or a new connection's accept) to the end of its head.
    var headerTimeout: Double
    /// Between requests on a keep-alive connection, and without progress on a body or a write.
    var idleTimeout: Double
    /// From a request's first byte to the last byte of its body, however steadily it trickles in.
    var requestTimeout: Double
    /// Reading and discarding input after the last response, before closing.
    var lingerTimeout: Double
    /// Between retries of a write the socket has not taken: a peer that reset the connection may
    /// never make it writable again, and the retry's EPIPE or ECONNRESET ends it.
    var writeRetryInterval: Double = 0.25
    /// Requests one connection may have answered in one turn of its loop before it yields.
    var maxRequestsPerTurn: Int
    /// Seconds one connection may spend on requests in one turn of its loop before it yields.
    var turnBudget: Double
    /// Bytes read and discarded while lingering before the connection is closed anyway.
    var maxLingerBytes: Int = 1 << 20

    init(_ c: HTTPServerConfiguration) {
        headerTimeout = c.headerTimeout
        idleTimeout = c.idleTimeout
        requestTimeout = c.requestTimeout
        lingerTimeout = c.lingerTimeout
        maxRequestsPerTurn = c.maxRequestsPerTurn
        turnBudget = c.turnBudget
    }

    init(headerTimeout: Double, idleTimeout: Double, requestTimeout: Double, lingerTimeout: Double,
         maxRequestsPerTurn: Int = 16, turnBudget: Double = 0.002) {
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
        self.lingerTimeout = lingerTimeout
        self.maxRequestsPerTurn = maxRequestsPerTurn
        self.turnBudget = turnBudget
    }
}

/// Where a connection is in its life. Times are monotonic seconds; `started` is when the current
/// request's first byte was seen (for a connection's first request, when it was accepted).
enum ConnectionState: Equatable, Sendable {
    /// No byte of the next request yet. A new connection (`first`) is on the header deadline, a
    /// keep-alive connection between requests on the idle deadline.
    case awaitingRequest(since: Double, first: Bool)
    /// Part of a request head has arrived.
    case readingHead(started: Double)
    /// The responder is making the answer; `close` if the request asked for the connection to end.
    case responding(started: Double, close: Bool)
    /// The response is being written; `retryAt` is when a write the socket did not take is tried again.
    case writing(started: Double, lastProgress: Double, retryAt: Double, close: Bool)
    /// The request was answered; its body is still arriving and being discarded.
    case readingBody(started: Double, lastProgress: Double)
    /// The write side is shut down after the last response; input is read and discarded.
    case lingering(since: Double, discarded: Int)
    case closed
}

/// What the socket code must do after a transition.
enum ConnectionAction: Equatable, Sendable {
    case none
    /// Read (more) input now and feed it to the parser.
    case read
    /// Ask the parser for the next request in what was already read.
    case parse
    /// Hand the parsed request to the responder.
    case respond
    /// Answer with the server's error response for `status` (the parser's rejection or 408).
    case respondWithError(status: Int)
    /// Write the response, with `Connection: close` if `close`.
    case write(close: Bool)
    /// Try the unfinished write again.
    case retryWrite
    /// The response is written and the connection ends: shut down the write side and read on
    /// (discarding) until the peer closes or the linger timeout passes.
    case shutdownWriteAndLinger
    /// Close the descriptor. Any queued responder work for it may be dropped.
    case close
}

/// What the parser reported, as far as the connection's state cares.
enum ParseOutcome: Equatable, Sendable {
    /// Nothing complete yet: `partialHead` if bytes of a next head are buffered, `discardingBody`
    /// if a body of the answered request is still being skipped.
    case needMore(partialHead: Bool, discardingBody: Bool)
    /// A complete request head; `close` if it asked for the connection to end.
    case head(close: Bool)
    /// A request the server refuses with `status`; `close` if the connection must end after it.
    case rejected(status: Int, close: Bool)
}

/// A connection's life as a pure state machine (after Hummingbird's connection state handler):
/// each input takes the time and returns the action for the socket code, which only performs
/// actions. Tested without sockets or sleeps.
///
/// Deadlines (`deadline`): a new connection and a request head are on the header timeout; a body
/// on the request timeout from the request's first byte (and the idle timeout without progress);
/// a keep-alive connection between requests and a stalled write on the idle timeout; lingering
/// on the linger timeout. A connection answers at most `maxRequestsPerTurn` requests or spends at
/// most `turnBudget` seconds per turn of its loop, then yields to the loop's other connections.
struct ConnectionStateMachine: Sendable {
    let limits: ConnectionLimits
    private(set) var state: ConnectionState
    /// The peer has shut down its side (read returned 0): no more input will come.
    private(set) var inputEnded = false
    /// The server is shutting down: the current request is the last one.
    private(set) var draining = false
    /// The loop turn this connection last took a request in, when, and how many so far.
    private var turn: UInt64 = .max
    private var turnStarted = 0.0
    private var requestsThisTurn = 0

    init(limits: ConnectionLimits, now: Double) {
        self.limits = limits
        state = .awaitingRequest(since: now, first: true)
    }

    /// Whether the socket code should read input in this state.
    var wantsInput: Bool {
        switch state {
        case .awaitingRequest, .readingHead, .readingBody, .lingering: return !inputEnded
        case .responding, .writing, .closed: return false
        }
    }

    /// Whether the parser should be asked for the next request (not while answering one or lingering).
    var acceptsRequests: Bool {
        switch state {
        case .awaitingRequest, .readingHead, .readingBody: return true
        case .responding, .writing, .lingering, .closed: return false
        }
    }

    var isClosed: Bool { state == .closed }
    var isLingering: Bool { if case .lingering = state { return true } else { return false } }
    var isResponding: Bool { if case .responding = state { return true } else { return false } }

    /// When `timerFired` should next be called, or nil for never.
    var deadline: Double? {
        switch state {
        case .awaitingRequest(let since, let first): return since + (first ? limits.headerTimeout : limits.idleTimeout)
        case .readingHead(let started): return started + min(limits.headerTimeout, limits.requestTimeout)
        case .readingBody(let started, let lastProgress):
            return min(started + limits.requestTimeout, lastProgress + limits.idleTimeout)
        case .writing(_, let lastProgress, let retryAt, _): return min(lastProgress + limits.idleTimeout, retryAt)
        case .lingering(let since, _): return since + limits.lingerTimeout
        case .responding, .closed: return nil
        }
    }

    // MARK: Inputs

    /// Whether the parser may be asked for another request in loop turn `turn` (the loop's
    /// iteration count), or the connection should yield (`.yield`) to the loop's others first.
    /// The first request of a turn is always allowed.
    mutating func mayTakeRequest(turn: UInt64, now: Double) -> Bool {
        if turn != self.turn {
            self.turn = turn
            turnStarted = now
            requestsThisTurn = 0
            return true
        }
        return requestsThisTurn < limits.maxRequestsPerTurn && now - turnStarted < limits.turnBudget
    }

    /// The parser's answer after input arrived or a response was written.
    mutating func parsed(_ outcome: ParseOutcome, now: Double) -> ConnectionAction {
        guard acceptsRequests else { return .none }
        switch outcome {
        case .needMore(let partialHead, let discardingBody):
            if inputEnded { return close() }
            if discardingBody {
                if case .readingBody(let started, _) = state {
                    state = .readingBody(started: started, lastProgress: now)
                } else {
                    state = .readingBody(started: requestStart(now), lastProgress: now)
                }
            } else if partialHead {
                if case .readingHead = state {} else { state = .readingHead(started: requestStart(now)) }
            } else {
                if draining { return close() }
                if case .awaitingRequest = state {} else { state = .awaitingRequest(since: now, first: false) }
            }
            return .read
        case .head(let close):
            requestsThisTurn += 1
            state = .responding(started: requestStart(now), close: close)
            return .respond
        case .rejected(let status, let close):
            requestsThisTurn += 1
            state = .responding(started: requestStart(now), close: close)
            return .respondWithError(status: status)
        }
    }

    /// When the request being read began: kept from the state, else `now`. A new connection's
    /// first request counts from the accept, so a silent connection cannot restart the clock. After
    /// a body, what the parser reads next is a new request, which begins now.
    private func requestStart(_ now: Double) -> Double {
        switch state {
        case .awaitingRequest(let since, true): return since
        case .readingHead(let started): return started
        default: return now
        }
    }

    /// The responder's answer (or the server's error response) is ready to be written.
    mutating func responseReady(now: Double) -> ConnectionAction {
        guard case .responding(let started, let close) = state else { return .none }
        let closing = close || draining
        state = .writing(started: started, lastProgress: now, retryAt: now + limits.writeRetryInterval, close: closing)
        return .write(close: closing)
    }

    /// Some bytes of the response were written; `finished` when all were. `bodyPending`: the
    /// answered request's body has not all arrived yet (it stays on that request's deadline).
    mutating func wrote(finished: Bool, bodyPending: Bool = false, now: Double) -> ConnectionAction {
        guard case .writing(let started, _, _, let close) = state else { return .none }
        guard finished else {
            state = .writing(started: started, lastProgress: now, retryAt: now + limits.writeRetryInterval, close: close)
            return .none
        }
        if close {
            if inputEnded { return self.close() }
            state = .lingering(since: now, discarded: 0)
            return .shutdownWriteAndLinger
        }
        state = bodyPending ? .readingBody(started: started, lastProgress: now) : .awaitingRequest(since: now, first: false)
        return .parse
    }

    /// A write the socket did not take was refused again (it would still block).
    mutating func writeBlocked(now: Double) {
        guard case .writing(let started, let lastProgress, _, let close) = state else { return }
        state = .writing(started: started, lastProgress: lastProgress, retryAt: now + limits.writeRetryInterval,
                         close: close)
    }

    /// Bytes were read while lingering (they are discarded).
    mutating func discarded(_ count: Int) -> ConnectionAction {
        guard case .lingering(let since, let discarded) = state else { return .none }
        if discarded + count > limits.maxLingerBytes { return close() }
        state = .lingering(since: since, discarded: discarded + count)
        return .read
    }

    /// The peer shut down its side (a read returned 0).
    mutating func inputClosed() -> ConnectionAction {
        inputEnded = true
        switch state {
        case .lingering: return close()
        case .awaitingRequest, .readingHead, .readingBody: return .parse  // answer what is complete, then close
        case .responding, .writing, .closed: return .none
        }
    }

    /// The peer reset the connection, or a read or write failed: nothing more can be exchanged.
    mutating func failed() -> ConnectionAction {
        close()
    }

    /// The deadline passed (`now >= deadline`), or the loop's sweep came by.
    mutating func timerFired(now: Double) -> ConnectionAction {
        guard let deadline, now >= deadline else { return .none }
        switch state {
        case .readingHead(let started):
            state = .responding(started: started, close: true)
            return .respondWithError(status: 408)
        case .writing(let started, let lastProgress, _, let close) where now < lastProgress + limits.idleTimeout:
            state = .writing(started: started, lastProgress: lastProgress, retryAt: now + limits.writeRetryInterval,
                             close: close)
            return .retryWrite
        default:
            return close()
        }
    }

    /// Server shutdown began: an idle connection closes (after reading what already arrived),
    /// a busy one ends after its current response.
    mutating func drainBegan() -> ConnectionAction {
        draining = true
        if case .awaitingRequest = state { return inputEnded ? close() : .read }
        return .none
    }

    /// The drain deadline passed: close whatever the state.
    mutating func forceClose() -> ConnectionAction {
        close()
    }

    private mutating func close() -> ConnectionAction {
        if state == .closed { return .none }
        state = .closed
        return .close
    }
}
