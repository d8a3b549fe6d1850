import Dispatch
import Synchronization
import Utilities
#if canImport(Glibc)
import Glibc
#endif

/// One accepted TCP connection owned by an `EventLoop`: the socket side of a
/// `ConnectionStateMachine`, which decides everything (pipelining, deadlines, the per-turn
/// budget, linger and drain); this class feeds it what the socket and the parser report and
/// performs the actions it returns.
///
/// The descriptor is registered once, edge-triggered, for input, output and peer hang-up; no
/// epoll_ctl is made per request. Edge-triggered means an event is reported once per change, so
/// the connection remembers what it was told: `inputPending` (input may be waiting unread: the
/// machine did not want input while a response was due, or the read budget of one event ran out)
/// and reads when the machine wants input again; a write that would block waits for the next
/// EPOLLOUT edge (or the machine's retry deadline).
///
/// Confinement: every stored property is read and written only on the loop's thread, except
/// `cancellation` (atomic). The responder's `plan` runs inline on the loop; the `HTTPWork` it
/// returns runs later on the loop, from its work queue, or on the global concurrent queue of QoS
/// utility, which posts its response back with `EventLoop.execute`. Hence
/// `@unchecked Sendable`.
final class LoopConnection: EventLoopHandler, EventLoopTimed, @unchecked Sendable {
    /// Bytes read per epoll event before the connection lets the loop's others go first.
    static let readBudget = 256 * 1024

    let fd: Int32
    let loop: EventLoop
    let responder: any HTTPResponder
    /// The server's metrics hook, or `NoMetrics` (`reportsExchanges` false) when it has none: not
    /// an optional existential, which was copied out through its value witness on every call.
    let metrics: any HTTPServerMetrics
    let reportsExchanges: Bool
    private var parser: RequestParser
    var machine: ConnectionStateMachine
    private let onClose: @Sendable (LoopConnection) -> Void
    /// `HTTPServerConfiguration.maxResponderQueueWait`.
    let maxQueueWait: Double
    /// `HTTPServerConfiguration.maxLoopWorkSeconds`.
    let maxLoopWork: Double

    private var token: UInt64?
    /// Input may be waiting that has not been read (see the type's comment).
    private var inputPending = true
    /// The peer's FIN (or an error) was reported: input ends with a `recv` of 0 that must be seen,
    /// so a short read no longer proves the socket empty.
    private var peerHungUp = false
    private(set) var deadline: Double?
    /// True while `readable` runs its loop (which goes on reading by itself).
    private var reading = false
    /// True while `processInput` runs its loop: a response completed inside it must not start
    /// another pass, or thousands of pipelined error responses would nest one frame each.
    private var processingInput = false
    private var turnScheduled = false
    /// Set when the connection closes, read by queued responder work before it starts.
    let cancellation = Cancellation()

    /// What `send` and the exchange report need of the request being answered (method nil for
    /// the server's own error responses) and when it was parsed. Not the request itself: an
    /// optional `HTTPRequest` is copied and destroyed through its type's value witnesses, several
    /// times per request. Kept until the response is written (no request is taken while one is
    /// written), then its target let go, so that the parser's buffer is not shared when it next
    /// appends.
    var current = Current()
    /// A request was read (or refused, or timed out) and its exchange not yet reported: closing
    /// now reports it as cut (`reportCut`), so that every request read has its one report.
    var reportDue = false
    /// Why the connection is being closed, for the report of a cut exchange (`reset`,
    /// `drain_deadline`, `timeout`, `error`); nil: an ordinary close.
    var closeCause: String?

    // The response being written (`writing`; LoopConnection+Write.swift), kept in place in the
    // connection: head, trailer and body as `sendmsg` takes them (or the body's file, which
    // `sendfile` sends after them), and the bytes written so far. Stored properties rather than
    // an optional struct, and the body's bytes apart from its file: copying one in and out per
    // `sendmsg` and destroying it went through Swift's generic value witnesses, and an `HTTPBody`
    // taken apart per `sendmsg` was three retains (Benchmarks/serving/callgrind.sh).
    var writing = false
    var outHead: [UInt8] = []
    var outTrailer: [UInt8] = []
    var outBody: [UInt8] = []
    var outFile: HTTPBodyFile?
    var outTotal = 0
    var outOffset = 0
    /// The status sent and the response's `annotations`, for the exchange report.
    var outStatus = 0
    var outAnnotations: [String: String] = [:]

    init(fd: Int32, loop: EventLoop, configuration: HTTPServerConfiguration, responder: any HTTPResponder,
         metrics: (any HTTPServerMetrics)?, onClose: @escaping @Sendable (LoopConnection) -> Void) {
        self.fd = fd
        self.loop = loop
        self.responder = responder
        self.metrics = metrics ?? NoMetrics()
        self.reportsExchanges = metrics != nil
        self.parser = RequestParser(limits: RequestParserLimits(configuration))
        // Accepted now: a new connection is on the header deadline from this moment.
        self.machine = ConnectionStateMachine(limits: ConnectionLimits(configuration), now: MonotonicClock.now())
        self.onClose = onClose
        self.maxQueueWait = configuration.maxResponderQueueWait
        self.maxLoopWork = configuration.maxLoopWorkSeconds
    }

    /// Registers with the loop and starts reading. Any thread.
    func start() {
        loop.execute { self.setUp() }
    }

    /// Server shutdown began: close if idle (after reading what already arrived), otherwise finish
    /// the current request with `Connection: close`. Any thread.
    func beginDrain() {
        loop.execute { [self] in
            let action = machine.drainBegan()
            if action == .read, token != nil {
                readable()
                processInput()  // nothing more arrived: the machine closes the idle connection
            } else {
                perform(action == .read ? machine.forceClose() : action)
            }
        }
    }

    /// Closes at once (drain deadline passed). Any thread.
    func forceClose() {
        loop.execute { [self] in
            if !machine.isClosed { closeCause = "drain_deadline" }
            perform(machine.forceClose())
        }
    }

    // MARK: Loop

    private func setUp() {
        guard !machine.isClosed else { return }
        let events = Epoll.readable | Epoll.writable | Epoll.readHangUp | Epoll.edgeTriggered
        guard let token = loop.register(fd, events: events, handler: self) else {
            closeCause = "error"
            return perform(machine.failed())
        }
        self.token = token
        loop.addTimed(self)
        updateDeadline()
        scheduleTurn()
    }

    func handle(events: UInt32) {
        guard !machine.isClosed else { return }
        // EPOLLERR or EPOLLHUP: reset (a peer's half-close is EPOLLRDHUP alone, and still gets
        // its answer, RFC 9112 section 9.6).
        let reset = events & (Epoll.error | Epoll.hangUp) != 0
        if reset, machine.isResponding {
            // Reset while its answer is being made: nobody will read it. Close now, freeing the
            // descriptor, and let queued responder work for it be dropped before it starts.
            return peerWentAway()
        }
        if events & (Epoll.readable | Epoll.readHangUp | Epoll.error | Epoll.hangUp) != 0 {
            inputPending = true
        }
        if events & (Epoll.readHangUp | Epoll.error | Epoll.hangUp) != 0 { peerHungUp = true }
        if events & (Epoll.writable | Epoll.error | Epoll.hangUp) != 0, writing {
            writable()
            if machine.isClosed { return }
        }
        if inputPending && machine.wantsInput { readable() }
        // The request and the reset came in one read: the request was taken and its answer is
        // due, but nobody is there to read it.
        if reset, machine.isResponding { peerWentAway() }
    }

    func deadlineDue(now: Double) {
        deadline = nil
        guard !machine.isClosed else { return }
        closeCause = "timeout"
        perform(machine.timerFired(now: now))
        if !machine.isClosed { closeCause = nil }
        updateDeadline()
    }

    func updateDeadline() {
        deadline = machine.deadline
        if let deadline { loop.noteDeadline(deadline) }
    }

    /// Performs what the machine decided.
    func perform(_ action: ConnectionAction) {
        switch action {
        case .none, .respond, .write:
            break  // `.respond` and `.write` are performed where they are returned
        case .read:
            if !reading && inputPending { scheduleTurn() }  // inside `readable`, its loop reads on
        case .parse:
            processInput()
        case .respondWithError(let status):
            current = Current(bodyPending: parser.isDiscardingBody, started: MonotonicClock.now())
            reportDue = true
            send(ResponseSerializer.errorResponse(status: status), isHead: false)
        case .retryWrite:
            writable()
        case .shutdownWriteAndLinger:
            Glibc.shutdown(fd, Int32(SHUT_WR))
            if inputPending { scheduleTurn() }
        case .close:
            closeDescriptor()
        }
        updateDeadline()
    }

    /// Reads and parses again on a later turn of the loop (once), after its other connections.
    private func scheduleTurn() {
        guard !turnScheduled else { return }
        turnScheduled = true
        loop.soon { [self] in
            turnScheduled = false
            guard !machine.isClosed else { return }
            if machine.wantsInput && inputPending { readable() }
            processInput()  // requests already buffered (after a yield) go on even if nothing new came
        }
    }

    // MARK: Reading

    private func readable() {
        guard !machine.isClosed, !reading else { return }
        reading = true
        defer { reading = false }
        // The loop's one receive buffer (64 KiB is too large for the stack: a temporary
        // allocation here was a malloc and a free per read).
        { (buffer: UnsafeMutableRawBufferPointer) in
            var total = 0
            while !machine.isClosed && machine.wantsInput {
                if total >= Self.readBudget {
                    // Budget spent: let the loop's other connections go first, then read on.
                    scheduleTurn()
                    break
                }
                switch SocketCalls.receive(fd, into: buffer) {
                case .wouldBlock:
                    inputPending = false
                    return  // what was read is parsed already (`processInput` after each read)
                case .failed:
                    return peerWentAway()
                case .bytes(0):
                    inputPending = false
                    return perform(machine.inputClosed())
                case .bytes(let n):
                    total += n
                    if machine.isLingering {
                        perform(machine.discarded(n))
                        continue
                    }
                    parser.append(UnsafeRawBufferPointer(rebasing: buffer[0 ..< n]))
                    // A short read emptied the socket's receive queue (TCP hands over all it
                    // holds, up to the buffer): anything arriving later is a new edge, so the
                    // `recv` that would only say EAGAIN is skipped (one system call of three per
                    // keep-alive request; nginx does the same). Not once the peer's FIN was
                    // reported, whose end-of-input must still be read.
                    if n < buffer.count && !peerHungUp { inputPending = false }
                    // Pipelining: parse now, so reading stops once a request is complete (the
                    // machine wants no input until its response is written).
                    processInput()
                    if !inputPending { return }  // parsed already, as after EAGAIN
                }
            }
            if !machine.isLingering { processInput() }
        }(loop.readBuffer)
    }

    /// Takes the parser's requests while the machine accepts them and the turn's budget lasts.
    private func processInput() {
        guard !processingInput else { return }
        processingInput = true
        defer { processingInput = false }
        while machine.acceptsRequests {
            let now = MonotonicClock.now()
            // Nothing buffered (between keep-alive requests): what `next()` would say, without the
            // call's checked access to `parser` (Benchmarks/serving/callgrind.sh).
            guard parser.hasBufferedBytes else {
                let outcome = ParseOutcome.needMore(partialHead: false, discardingBody: parser.isDiscardingBody)
                return perform(machine.parsed(outcome, now: now))
            }
            if !machine.mayTakeRequest(turn: loop.turn, now: now) { return scheduleTurn() }
            switch parser.next() {
            case .needMore:
                let outcome = ParseOutcome.needMore(partialHead: parser.hasPartialHead,
                                                    discardingBody: parser.isDiscardingBody)
                return perform(machine.parsed(outcome, now: now))
            case .rejected(let rejection):
                current = Current(refused: parser.takeRefusedLine(), bodyPending: parser.isDiscardingBody, started: now)
                reportDue = true
                _ = machine.parsed(.rejected(status: rejection.status, close: rejection.closeConnection), now: now)
                send(ResponseSerializer.errorResponse(for: rejection), isHead: false)
            case .head(let head):
                current = Current(method: head.request.method, target: head.request.targetUTF8,
                                  http1_0: head.request.version == .http1_0, bodyPending: head.bodyLength > 0,
                                  started: now)
                reportDue = true
                guard machine.parsed(.head(close: !head.keepAlive), now: now) == .respond else { return }
                respond(to: head.request, started: now)
            }
        }
    }

    /// Performs `.close` (the machine returns it once).
    private func closeDescriptor() {
        cancellation.cancel()
        if reportDue { reportCut() }
        writing = false
        releaseOutput()
        deadline = nil
        if let token {
            loop.unregister(fd, token: token)
            loop.removeTimed(self)
        }
        Glibc.close(fd)
        onClose(self)
    }
}
