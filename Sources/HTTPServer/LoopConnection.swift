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
    private let responder: any HTTPResponder
    /// The server's metrics hook, or `NoMetrics` (`reportsExchanges` false) when it has none: not
    /// an optional existential, which was copied out through its value witness on every call.
    private let metrics: any HTTPServerMetrics
    private let reportsExchanges: Bool
    private var parser: RequestParser
    private var machine: ConnectionStateMachine
    private let onClose: @Sendable (LoopConnection) -> Void
    /// `HTTPServerConfiguration.maxResponderQueueWait`.
    private let maxQueueWait: Double
    /// `HTTPServerConfiguration.maxLoopWorkSeconds`.
    private let maxLoopWork: Double

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
    private let cancellation = Cancellation()

    /// What `send` and the exchange report need of the request being answered (method nil for
    /// the server's own error responses) and when it was parsed. Not the request itself: an
    /// optional `HTTPRequest` is copied and destroyed through its type's value witnesses, several
    /// times per request. Kept until the response is written (no request is taken while one is
    /// written), then its target let go, so that the parser's buffer is not shared when it next
    /// appends.
    private var current = Current()
    /// A request was read (or refused, or timed out) and its exchange not yet reported: closing
    /// now reports it as cut (`reportCut`), so that every request read has its one report.
    private var reportDue = false
    /// Why the connection is being closed, for the report of a cut exchange (`reset`,
    /// `drain_deadline`, `timeout`, `error`); nil: an ordinary close.
    private var closeCause: String?
    private struct Current {
        var method: String?
        var target: ArraySlice<UInt8> = []
        var http1_0 = false
        var started: Double = 0
    }

    // The response being written (`writing`), kept in place in the connection: head, trailer and
    // body as `sendmsg` takes them, and the bytes written so far. Stored properties rather than an
    // optional struct: copying one in and out per `sendmsg` and destroying it went through
    // Swift's generic value witnesses (about 1,900 instructions per cached request).
    private var writing = false
    private var outHead: [UInt8] = []
    private var outTrailer: [UInt8] = []
    private var outBody: [UInt8] = []
    private var outTotal = 0
    private var outOffset = 0
    /// The status sent and the response's `annotations`, for the exchange report.
    private var outStatus = 0
    private var outAnnotations: [String: String] = [:]

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

    /// The peer reset the connection (or its socket failed): close now, reporting an exchange
    /// in progress as cut by a reset; work queued for it is dropped before it starts.
    private func peerWentAway() {
        guard !machine.isClosed else { return }
        closeCause = "reset"
        perform(machine.failed())
    }

    /// Whether the socket has been reset or has failed (poll(2): POLLERR or POLLHUP), without
    /// reading: one system call, asked before work for the connection starts.
    private var isPeerGone: Bool {
        var wanted = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&wanted, 1, 0) > 0 && wanted.revents & Int16(POLLERR | POLLHUP) != 0
    }

    func deadlineDue(now: Double) {
        deadline = nil
        guard !machine.isClosed else { return }
        closeCause = "timeout"
        perform(machine.timerFired(now: now))
        if !machine.isClosed { closeCause = nil }
        updateDeadline()
    }

    private func updateDeadline() {
        deadline = machine.deadline
        if let deadline { loop.noteDeadline(deadline) }
    }

    /// Performs what the machine decided.
    private func perform(_ action: ConnectionAction) {
        switch action {
        case .none, .respond, .write:
            break  // `.respond` and `.write` are performed where they are returned
        case .read:
            if !reading && inputPending { scheduleTurn() }  // inside `readable`, its loop reads on
        case .parse:
            processInput()
        case .respondWithError(let status):
            current = Current(started: MonotonicClock.now())
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
            afterRead()
        }(loop.readBuffer)
    }

    private func afterRead() {
        if !machine.isLingering { processInput() }
    }

    /// Takes the parser's requests while the machine accepts them and the turn's budget lasts.
    private func processInput() {
        guard !processingInput else { return }
        processingInput = true
        defer { processingInput = false }
        while machine.acceptsRequests {
            let now = MonotonicClock.now()
            // With nothing buffered there is nothing to yield for (parsing it costs nothing).
            if parser.hasBufferedBytes, !machine.mayTakeRequest(turn: loop.turn, now: now) { return scheduleTurn() }
            switch parser.next() {
            case .needMore:
                let outcome = ParseOutcome.needMore(partialHead: parser.hasPartialHead,
                                                    discardingBody: parser.isDiscardingBody)
                return perform(machine.parsed(outcome, now: now))
            case .rejected(let rejection):
                current = Current(started: now)
                reportDue = true
                _ = machine.parsed(.rejected(status: rejection.status, close: rejection.closeConnection), now: now)
                send(ResponseSerializer.errorResponse(for: rejection), isHead: false)
            case .head(let head):
                current = Current(method: head.request.method, target: head.request.targetUTF8,
                                  http1_0: head.request.version == .http1_0, started: now)
                reportDue = true
                guard machine.parsed(.head(close: !head.keepAlive), now: now) == .respond else { return }
                respond(to: head.request, started: now)
            }
        }
    }

    /// Asks the responder once; sends a ready answer at once, else runs its work on this loop
    /// (at most `maxLoopWorkSeconds`) or on a worker.
    private func respond(to request: HTTPRequest, started: Double) {
        // Through the stored existential: a local copy of it was copied and destroyed through
        // its value witnesses.
        switch responder.plan(for: request) {
        case .answer(let response):
            // Ready as the request was taken (`started`, read moments ago): no second clock read.
            send(response, isHead: request.isHEAD, now: started)
        case .work(let work):
            updateDeadline()
            let isHead = request.isHEAD
            if work.estimatedSeconds <= maxLoopWork {
                loop.enqueueWork { [self] in respondOnLoop(work, isHead: isHead, started: started) }
            } else {
                respondOnWorker(work, isHead: isHead, started: started)
            }
        }
    }

    /// Loop work (`EventLoop.enqueueWork`) for one request: dropped if the connection closed
    /// while it waited, refused past `maxResponderQueueWait` as a worker's wait is, else made here;
    /// the work it plans next is made here too when small enough, else handed to a worker.
    private func respondOnLoop(_ work: HTTPWork, isHead: Bool, started: Double) {
        guard !machine.isClosed else { return }  // closed while queued: nobody to answer
        if MonotonicClock.now() - started > maxQueueWait {
            return send(Self.queueRefusal, isHead: isHead)
        }
        var next = work
        while true {
            // Reset since the request was read (the event not seen yet this turn): no work for nobody.
            if isPeerGone { return peerWentAway() }
            switch next.make(true) {
            case .answer(let response):
                return send(response, isHead: isHead)
            case .work(let more) where more.estimatedSeconds <= maxLoopWork:
                next = more
            case .work(let more):
                return respondOnWorker(more, isHead: isHead, started: started)
            }
        }
    }

    private func respondOnWorker(_ work: HTTPWork, isHead: Bool, started: Double) {
        let loop = self.loop, cancellation = self.cancellation, maxQueueWait = self.maxQueueWait
        DispatchQueue.global(qos: .utility).async {
            // The client reset the connection while this waited its turn: make nothing for nobody.
            guard !cancellation.isCancelled else { return }
            if MonotonicClock.now() - started > maxQueueWait {
                // Waited past the bound: say so at once rather than add a render to the backlog.
                let refusal = Self.queueRefusal
                return loop.execute { self.send(refusal, isHead: isHead) }
            }
            // Reset while this waited: say so to the loop, which closes, instead of rendering.
            // (Should the connection have closed meanwhile and its descriptor been reused, the
            // loop finds it closed and does nothing.)
            if self.isPeerGone { return loop.execute { self.peerWentAway() } }
            Self.yieldToEventLoops()
            let response = work.answer()
            loop.execute { self.send(response, isHead: isHead) }
        }
    }

    /// The answer to a request that waited longer than `maxResponderQueueWait` for a worker or in
    /// its loop's work queue: 503 with `Retry-After: 1`, annotated `shed: responder-queue`.
    static let queueRefusal: HTTPResponse = {
        var response = ResponseSerializer.errorResponse(
            status: 503, detail: "the server is busy making other answers; retry shortly")
        response.annotations = ["shed": "responder-queue"]
        return response
    }()

    /// Niceness of the threads that run `HTTPWork` off the loop (nice(2) values, 0 to 19), so that on a
    /// busy CPU an event loop woken by I/O (a `/healthz`, a cached answer) runs before renders
    /// and searches: a thread of nice 5 has about a third of the weight of one of nice 0.
    static let responderNiceness: Int32 = 5

    /// Puts the calling Dispatch worker thread under SCHED_BATCH at `responderNiceness`.
    ///
    /// SCHED_BATCH keeps a render's wake-ups from preempting the event loop (sched(7): the
    /// scheduler takes the thread for CPU-bound) while its share of the CPU stays nice 5's.
    /// Measured with `Benchmarks/serving/flood.sh` (docs/performance.md, "Render threads"): cached p99 under an
    /// uncached flood on one core about 0.4x nice 5 alone's, the flood's own rate within 5 %.
    /// Measured and not taken: a 0.1 ms EEVDF slice for the loops (`sched_setattr`), which let the
    /// renders preempt the loop mid-turn and made its p99 worse; SCHED_IDLE for renders, which
    /// starves them whenever cached requests fill the CPU; nice 10 (no better p99, the flood
    /// slower) or 15 (the flood a third slower). Both calls fail soft (`ThreadScheduling`).
    /// Done once per worker thread (`ThreadScheduling.once`): both are system calls, and a
    /// Dispatch worker keeps its policy and nice value from one block to the next.
    private static func yieldToEventLoops() {
        ThreadScheduling.once {
            ThreadScheduling.setPolicy(ThreadScheduling.batch)
            ThreadScheduling.setNice(responderNiceness)
        }
    }

    // MARK: Writing

    /// Starts writing `response` (its head only if `isHead`); `now`, if given, is the time to
    /// tell the state machine (else the clock is read).
    private func send(_ response: HTTPResponse, isHead: Bool, now: Double? = nil) {
        guard case .write(let close) = machine.responseReady(now: now ?? MonotonicClock.now()) else { return }
        let trailer = loop.dateTrailer(close: close, announceKeepAlive: current.http1_0)
        let output = ResponseSerializer.serialize(response, isHead: isHead, trailer: trailer)
        outTotal = output.head.count + output.trailer.count + output.body.count
        outHead = output.head
        outTrailer = output.trailer
        outBody = output.body
        outOffset = 0
        outStatus = output.status
        outAnnotations = response.annotations
        writing = true
        writable()
    }

    private func writable() {
        guard writing, !machine.isClosed else { return }
        let total = outTotal
        while outOffset < total {
            switch SocketCalls.send(fd, outHead, outTrailer, outBody, offset: outOffset) {
            case .bytes(let n):
                outOffset += n
                if outOffset < total { _ = machine.wrote(finished: false, now: MonotonicClock.now()) }
            case .wouldBlock:
                machine.writeBlocked(now: MonotonicClock.now())
                return updateDeadline()  // the next EPOLLOUT edge (or the retry deadline) goes on
            case .failed:
                closeCause = "reset"
                finishWrite(bytes: outOffset, cut: "reset")
                return perform(machine.failed())
            }
        }
        let now = finishWrite(bytes: total)
        // `.parse` returns at once inside processInput's loop, which then goes on.
        perform(machine.wrote(finished: true, bodyPending: parser.isDiscardingBody, now: now))
    }

    /// Ends the write: reports the exchange (`bytes` written) and lets go of the response and
    /// the request's target. Returns the time it was reported at.
    /// `cut`: why the rest was not written (the report's `cut` annotation).
    @discardableResult
    private func finishWrite(bytes: Int, cut: String? = nil) -> Double {
        writing = false
        reportDue = false
        let now = MonotonicClock.now()
        if reportsExchanges {
            var annotations = outAnnotations
            if let cut { annotations["cut"] = cut }
            metrics.requestCompleted(HTTPExchange(
                method: current.method, targetUTF8: current.target, hasTarget: current.method != nil,
                status: outStatus, bytes: bytes, duration: now - current.started, annotations: annotations))
        }
        releaseOutput()
        return now
    }

    /// Reports the exchange in progress as the connection closes (`reportDue`): a response being
    /// written with the bytes written so far, or, when none was started, status 499 (nginx's
    /// "client closed request", here also for a close by the server) with 0 bytes; both
    /// annotated `cut` with `closeCause`.
    private func reportCut() {
        let cause = closeCause ?? "closed"
        if writing {
            finishWrite(bytes: outOffset, cut: cause)
            return
        }
        reportDue = false
        guard reportsExchanges else { return }
        metrics.requestCompleted(HTTPExchange(
            method: current.method, targetUTF8: current.target, hasTarget: current.method != nil, status: 499,
            bytes: 0, duration: MonotonicClock.now() - current.started, annotations: ["cut": cause]))
    }

    private func releaseOutput() {
        outHead = []
        outTrailer = []
        outBody = []
        current.target = []
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

/// The metrics hook of a server that has none.
private struct NoMetrics: HTTPServerMetrics {}

/// A flag set once by a connection's loop when it closes, read by queued responder work on other
/// threads.
final class Cancellation: Sendable {
    private let flag = Atomic<Bool>(false)
    var isCancelled: Bool { flag.load(ordering: .relaxed) }
    func cancel() { flag.store(true, ordering: .relaxed) }
}
