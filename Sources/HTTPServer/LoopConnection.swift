import Dispatch
import Utilities
#if canImport(Glibc)
import Glibc
#endif

/// One accepted TCP connection owned by an `EventLoop`: pipelining, timeouts, linger and drain,
/// driven by epoll.
///
/// The descriptor is registered once, edge-triggered, for input, output and peer hang-up; no
/// epoll_ctl is made per request. Edge-triggered means an event is reported once per change, so
/// the connection remembers what it was told: `inputPending` (input may be waiting unread: reading
/// is paused while a response is due, or the read budget of one event ran out) and reads when
/// reading resumes; a write that would block waits for the next EPOLLOUT edge.
///
/// Confinement: every stored property is read and written only on the loop's thread. The
/// responder's `respond` runs on the global concurrent queue of QoS utility and posts its
/// response back with `EventLoop.execute`; `respondImmediately` answers inline on the loop.
/// Hence `@unchecked Sendable`.
final class LoopConnection: EventLoopHandler, EventLoopTimed, @unchecked Sendable {
    /// Seconds between retries of a write the socket has not taken: a peer that reset the
    /// connection may never make it writable again, and the retry's EPIPE or ECONNRESET ends it.
    static let writeRetryInterval = 0.25
    let fd: Int32
    let loop: EventLoop
    private let responder: any HTTPResponder
    private let metrics: (any HTTPServerMetrics)?
    private let timeouts: ConnectionTimeouts
    private var parser: RequestParser
    private let onClose: @Sendable (LoopConnection) -> Void

    private var token: UInt64?
    private var readingPaused = true
    /// Input may be waiting that has not been read (see the type's comment).
    private var inputPending = true
    private(set) var deadline: Double?

    private var phase: ConnectionPhase = .idle(since: 0)
    private var peerClosedInput = false
    private var draining = false
    private var closed = false
    private var lingerBytes = 0
    /// True while `processInput` runs its loop: a response completed inside it must not start
    /// another pass, or thousands of pipelined error responses would nest one frame each.
    private var processingInput = false
    private var readScheduled = false

    private struct PendingWrite {
        var head: [UInt8]
        var body: [UInt8]
        var offset = 0
        var close: Bool
        var method: String?
        var target: String?
        var annotations: [String: String]
        var status: Int
        var started: Double
    }
    private var pending: PendingWrite?

    init(fd: Int32, loop: EventLoop, configuration: HTTPServerConfiguration, responder: any HTTPResponder,
         metrics: (any HTTPServerMetrics)?, onClose: @escaping @Sendable (LoopConnection) -> Void) {
        self.fd = fd
        self.loop = loop
        self.responder = responder
        self.metrics = metrics
        self.timeouts = ConnectionTimeouts(headerTimeout: configuration.headerTimeout,
                                           idleTimeout: configuration.idleTimeout,
                                           lingerTimeout: configuration.lingerTimeout)
        self.parser = RequestParser(limits: RequestParserLimits(configuration))
        self.onClose = onClose
    }

    /// Registers with the loop and starts reading. Any thread.
    func start() {
        loop.execute { self.setUp() }
    }

    /// Server shutdown began: close if idle, otherwise finish the current request with
    /// `Connection: close`. Any thread. Input that arrived but was not read yet is read first.
    func beginDrain() {
        loop.execute {
            self.draining = true
            guard case .idle = self.phase else { return }
            if self.token == nil || self.readingPaused { return self.close() }
            self.readable()  // parses and answers what arrived; closes if nothing did
        }
    }

    /// Closes at once (drain deadline passed). Any thread.
    func forceClose() {
        loop.execute { self.close() }
    }

    // MARK: Loop

    private func setUp() {
        guard !closed else { return }
        let events = Epoll.readable | Epoll.writable | Epoll.readHangUp | Epoll.edgeTriggered
        guard let token = loop.register(fd, events: events, handler: self) else { return close() }
        self.token = token
        loop.addTimed(self)
        enter(.idle(since: MonotonicClock.now()))
        resumeReading()
    }

    func handle(events: UInt32) {
        guard !closed else { return }
        if events & (Epoll.readable | Epoll.readHangUp | Epoll.error | Epoll.hangUp) != 0 {
            inputPending = true
        }
        if events & (Epoll.writable | Epoll.error | Epoll.hangUp) != 0, pending != nil {
            writable()
            if closed { return }
        }
        if inputPending && !readingPaused { readable() }
    }

    func deadlineDue(now: Double) {
        deadline = nil
        guard !closed else { return }
        if case .writing = phase, pending != nil {
            writable()  // a reset peer shows up here as EPIPE or ECONNRESET
            if closed { return }
        }
        switch timeouts.action(for: phase, now: now) {
        case .none:
            enter(phase)
        case .close:
            close()
        case .requestTimeout:
            pauseReading()
            enter(.responding)
            send(ResponseSerializer.errorResponse(status: 408), isHead: false, close: true,
                 request: nil, started: now)
        }
    }

    private func resumeReading() {
        guard readingPaused, token != nil else { return }
        readingPaused = false
        // Not inline: this runs inside processInput or a write, and reading there would nest.
        if inputPending { scheduleRead() }
    }

    /// Reads again on a later turn of the loop (once), if by then reading is still wanted.
    private func scheduleRead() {
        guard !readScheduled else { return }
        readScheduled = true
        loop.soon { [self] in
            readScheduled = false
            if !closed && !readingPaused && inputPending { readable() }
        }
    }

    private func pauseReading() {
        readingPaused = true
    }

    private func enter(_ newPhase: ConnectionPhase) {
        phase = newPhase
        guard var next = timeouts.deadline(for: newPhase) else { deadline = nil; return }
        if case .writing = newPhase, pending != nil {
            next = min(next, MonotonicClock.now() + Self.writeRetryInterval)
        }
        deadline = next
        loop.noteDeadline(next)
    }

    // MARK: Reading

    private func readable() {
        guard !closed else { return }
        withUnsafeTemporaryAllocation(byteCount: 64 * 1024, alignment: 1) { buffer in
            var total = 0
            while !closed && !readingPaused {
                if total >= 256 * 1024 {
                    // Budget spent: let the loop's other connections go first, then read on.
                    scheduleRead()
                    return afterRead()
                }
                switch SocketCalls.receive(fd, into: buffer) {
                case .wouldBlock:
                    inputPending = false
                    return afterRead()
                case .failed:
                    return close()
                case .bytes(0):
                    inputPending = false
                    peerClosedInput = true
                    pauseReading()
                    if case .lingering = phase { return close() }
                    return afterRead()
                case .bytes(let n):
                    total += n
                    if case .lingering = phase {
                        lingerBytes += n
                        if lingerBytes > 1 << 20 { return close() }
                        continue
                    }
                    parser.append(UnsafeRawBufferPointer(rebasing: buffer[0 ..< n]))
                    // Pipelining: stop reading once a request is complete (processInput pauses
                    // reading until its response is written). Only cheap to check here via the
                    // parser, so parse now.
                    afterRead()
                }
            }
        }
    }

    private func afterRead() {
        if case .lingering = phase { return }
        processInput()
    }

    private func processInput() {
        guard !processingInput else { return }
        processingInput = true
        defer { processingInput = false }
        while !closed && pending == nil {
            switch phase {
            case .responding, .writing, .lingering: return
            default: break
            }
            guard processNextRequest() else { return }
        }
    }

    private func processNextRequest() -> Bool {
        let now = MonotonicClock.now()
        switch parser.next() {
        case .needMore:
            if peerClosedInput { close(); return false }
            if parser.isDiscardingBody {
                enter(.readingBody(since: now))
            } else if parser.hasPartialHead {
                if case .readingHead = phase {} else { enter(.readingHead(since: now)) }
            } else {
                if draining { close(); return false }
                if case .idle = phase {} else { enter(.idle(since: now)) }
            }
            resumeReading()
            return false
        case .rejected(let rejection):
            pauseReading()
            enter(.responding)
            let response = ResponseSerializer.errorResponse(status: rejection.status)
            send(response, isHead: false, close: rejection.closeConnection || draining,
                 request: nil, started: now)
            return true
        case .head(let head):
            pauseReading()
            enter(.responding)
            let responder = self.responder
            let request = head.request
            let close = !head.keepAlive
            if let response = responder.respondImmediately(to: request) {
                send(response, isHead: request.method == "HEAD", close: close || draining,
                     request: request, started: now)
                return true
            }
            let loop = self.loop
            DispatchQueue.global(qos: .utility).async {
                let response = responder.respond(to: request)
                loop.execute {
                    self.send(response, isHead: request.method == "HEAD", close: close || self.draining,
                              request: request, started: now)
                }
            }
            return false
        }
    }

    // MARK: Writing

    private func send(_ response: HTTPResponse, isHead: Bool, close: Bool, request: HTTPRequest?, started: Double) {
        guard !closed else { return }
        let output = ResponseSerializer.serialize(response, isHead: isHead, close: close, date: HTTPDate.now(),
                                                  announceKeepAlive: request?.version == .http1_0)
        pending = PendingWrite(head: output.head, body: output.body, close: close, method: request?.method,
                               target: request?.target, annotations: response.annotations,
                               status: output.status, started: started)
        enter(.writing(since: MonotonicClock.now()))
        writable()
    }

    private func writable() {
        guard !closed, var write = pending else { return }
        let total = write.head.count + write.body.count
        while write.offset < total {
            switch SocketCalls.send(fd, head: write.head, body: write.body, offset: write.offset) {
            case .bytes(let n):
                write.offset += n
                pending = write
                if write.offset < total { enter(.writing(since: MonotonicClock.now())) }
            case .wouldBlock:
                pending = write
                return  // the next EPOLLOUT edge (or the retry deadline) goes on
            case .failed:
                report(write, bytes: write.offset)
                pending = nil
                return close()
            }
        }
        pending = nil
        report(write, bytes: total)
        if write.close {
            linger()
        } else {
            enter(.idle(since: MonotonicClock.now()))
            processInput()  // returns at once inside processInput's loop, which then goes on
        }
    }

    private func report(_ write: PendingWrite, bytes: Int) {
        metrics?.requestCompleted(HTTPExchange(
            method: write.method, target: write.target, status: write.status, bytes: bytes,
            duration: MonotonicClock.now() - write.started, annotations: write.annotations))
    }

    private func linger() {
        if peerClosedInput { return close() }
        Glibc.shutdown(fd, Int32(SHUT_WR))
        enter(.lingering(since: MonotonicClock.now()))
        resumeReading()
    }

    private func close() {
        guard !closed else { return }
        closed = true
        pending = nil
        deadline = nil
        if let token {
            loop.unregister(fd, token: token)
            loop.removeTimed(self)
        }
        Glibc.close(fd)
        onClose(self)
    }
}
