import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// One accepted TCP connection: reads bytes, feeds the parser, answers one request at a time.
///
/// Confinement: every stored property is read and written only on `queue` (a serial queue);
/// the Dispatch sources and the timer deliver their events there. The responder runs on the
/// global concurrent queue of QoS utility and hands its response back to `queue`, unless its
/// `respondImmediately(to:)` answers at once (cache hits), inline on `queue`.
/// Hence `@unchecked Sendable`.
///
/// Pipelining: reading is paused (the read source suspended) from the end of a request head until
/// its response is written; then the bytes already buffered are parsed before reading more.
final class HTTPConnection: @unchecked Sendable {
    let fd: Int32
    let queue: DispatchQueue
    private let responder: any HTTPResponder
    private let metrics: (any HTTPServerMetrics)?
    private let timeouts: ConnectionTimeouts
    private var parser: RequestParser
    private let onClose: @Sendable (HTTPConnection) -> Void

    private var readSource: DispatchSourceRead?
    private var readSuspended = true
    private var writeSource: DispatchSourceWrite?
    private var writeSuspended = true
    private var timer: DispatchSourceTimer?
    /// When the timer is armed to fire (monotonic seconds), or nil when it is not armed.
    private var armedDeadline: Double?
    private var openSources = 0

    private var phase: ConnectionPhase = .idle(since: 0)
    private var peerClosedInput = false
    private var draining = false
    private var closed = false
    private var lingerBytes = 0
    /// True while `processInput` runs its loop: a response completed inside it must not start
    /// the next request itself (the loop does), or pipelined requests would nest stack frames.
    private var processingInput = false

    /// The response being written: bytes, progress, and what to do when done.
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

    /// Seconds between retries of a write that waits for the socket to drain. A client that
    /// resets the connection mid-response leaves a socket that reports an error but never becomes
    /// writable (the kernel sets no EPOLLOUT once both directions are shut), and Dispatch hands
    /// that error only to the read source, which is paused while a response is written; without
    /// the retry such a connection lingered until the idle timeout (60 s by default).
    static let writeRetryInterval = 0.25

    init(fd: Int32, configuration: HTTPServerConfiguration, responder: any HTTPResponder,
         metrics: (any HTTPServerMetrics)?, targetQueue: DispatchQueue,
         onClose: @escaping @Sendable (HTTPConnection) -> Void) {
        self.fd = fd
        self.queue = DispatchQueue(label: "http.connection", target: targetQueue)
        self.responder = responder
        self.metrics = metrics
        self.timeouts = ConnectionTimeouts(headerTimeout: configuration.headerTimeout,
                                           idleTimeout: configuration.idleTimeout,
                                           lingerTimeout: configuration.lingerTimeout)
        self.parser = RequestParser(limits: RequestParserLimits(configuration))
        self.onClose = onClose
    }

    /// Starts reading. Called once, from any thread.
    func start() {
        queue.async { self.setUp() }
    }

    /// Server shutdown began: close if idle, otherwise finish the current request with
    /// `Connection: close`.
    ///
    /// "Idle" is checked after reading what the socket holds: a request that arrived just before
    /// the shutdown but whose read event has not run yet is in flight, and is answered.
    func beginDrain() {
        queue.async {
            self.draining = true
            guard case .idle = self.phase else { return }
            if self.readSource == nil || self.readSuspended { return self.close() }
            self.readable()  // parses and answers what arrived; closes if nothing did
        }
    }

    /// Closes at once (drain deadline passed).
    func forceClose() {
        queue.async { self.close() }
    }

    // MARK: Sources

    private func setUp() {
        // `beginDrain` may have closed the connection before its first block ran: the descriptor
        // is closed already (and its number perhaps reused), so make no sources for it.
        guard !closed else { return }
        let read = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        read.setEventHandler { [unowned self] in self.readable() }
        read.setCancelHandler { self.sourceCancelled() }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [unowned self] in self.timerFired() }
        timer.setCancelHandler { self.sourceCancelled() }
        openSources = 2
        readSource = read
        self.timer = timer
        timer.resume()
        enter(.idle(since: SocketCalls.monotonicNow()))
        resumeReading()
    }

    /// The write source is made the first time a write has to wait, so the many connections
    /// whose responses always fit the socket buffer (and idle ones) do not carry one.
    private func makeWriteSource() -> DispatchSourceWrite {
        if let writeSource { return writeSource }
        let write = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
        write.setEventHandler { [unowned self] in self.writable() }
        write.setCancelHandler { self.sourceCancelled() }
        openSources += 1
        writeSource = write
        writeSuspended = true
        return write
    }

    private func resumeReading() {
        if readSuspended, let readSource { readSuspended = false; readSource.resume() }
    }

    private func pauseReading() {
        if !readSuspended, let readSource { readSuspended = true; readSource.suspend() }
    }

    /// Enters `newPhase`, re-arming the timer only when the new deadline is earlier than the one
    /// armed: a timer that fires for a later phase's sake finds no action due and re-arms itself
    /// (`timerFired`). Re-arming a Dispatch timer wakes Dispatch's manager thread, which on every
    /// phase change of every request cost more than the rest of a cached response.
    private func enter(_ newPhase: ConnectionPhase) {
        phase = newPhase
        guard let timer, var deadline = timeouts.deadline(for: newPhase) else { return }
        let now = SocketCalls.monotonicNow()
        if case .writing = newPhase, pending != nil {
            // A reset peer may never make the socket writable: retry the write on the timer.
            deadline = min(deadline, now + Self.writeRetryInterval)
        }
        if let armed = armedDeadline, armed <= deadline { return }
        armedDeadline = deadline
        timer.schedule(deadline: .now() + max(0, deadline - now), leeway: .milliseconds(10))
    }

    private func sourceCancelled() {
        openSources -= 1
        if openSources == 0 {
            Glibc.close(fd)
            onClose(self)
        }
    }

    // MARK: Reading

    private func readable() {
        guard !closed else { return }
        // A stack buffer per event: idle connections hold no read buffer of their own.
        withUnsafeTemporaryAllocation(byteCount: 64 * 1024, alignment: 1) { buffer in
            var total = 0
            while total < 256 * 1024 && !closed {
                switch SocketCalls.receive(fd, into: buffer) {
                case .wouldBlock:
                    return afterRead()
                case .failed:
                    return close()
                case .bytes(0):
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
                }
            }
            afterRead()
        }
    }

    private func afterRead() {
        if case .lingering = phase { return }
        processInput()
    }

    /// Parses buffered bytes and starts the next response, or waits for more input (reading on).
    ///
    /// A loop, not a recursion: an error response the server writes at once (say a 501 kept
    /// alive) leaves the connection idle again, and the loop parses the next pipelined request.
    /// Thousands of those in one read once overflowed the stack this way.
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

    /// One step of `processInput`; false when it has to wait (for input or for the responder).
    private func processNextRequest() -> Bool {
        let now = SocketCalls.monotonicNow()
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
                // Cheap answers (cache hits) inline; processInput's loop then takes the next
                // pipelined request without nesting deeper.
                send(response, isHead: request.method == "HEAD", close: close || draining,
                     request: request, started: now)
                return true
            }
            // Below the I/O's QoS: with every worker busy rendering, Dispatch still runs accepts,
            // reads, writes and timers first (a 501 took 0.25-2 s behind 16 large renders, 5 ms now).
            DispatchQueue.global(qos: .utility).async {
                let response = responder.respond(to: request)
                self.queue.async {
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
        enter(.writing(since: SocketCalls.monotonicNow()))
        writable()
    }

    private func writable() {
        // Closed: the write source is cancelled and must stay resumed, or its cancel handler
        // never runs and the descriptor and connection leak. (A write event can still be
        // delivered after the cancel, e.g. when a client resets mid-response.)
        guard !closed else { return }
        guard var write = pending else {
            if !writeSuspended, let writeSource { writeSuspended = true; writeSource.suspend() }
            return
        }
        let total = write.head.count + write.body.count
        while write.offset < total {
            switch SocketCalls.send(fd, head: write.head, body: write.body, offset: write.offset) {
            case .bytes(let n):
                write.offset += n
                pending = write
                enter(.writing(since: SocketCalls.monotonicNow()))
            case .wouldBlock:
                pending = write
                let writeSource = makeWriteSource()
                if writeSuspended { writeSuspended = false; writeSource.resume() }
                return
            case .failed:
                report(write, bytes: write.offset)
                pending = nil
                return close()
            }
        }
        if !writeSuspended, let writeSource { writeSuspended = true; writeSource.suspend() }
        pending = nil
        report(write, bytes: total)
        if write.close {
            linger()
        } else {
            enter(.idle(since: SocketCalls.monotonicNow()))
            processInput()  // returns at once inside processInput's loop, which then goes on
        }
    }

    private func report(_ write: PendingWrite, bytes: Int) {
        metrics?.requestCompleted(HTTPExchange(
            method: write.method, target: write.target, status: write.status, bytes: bytes,
            duration: SocketCalls.monotonicNow() - write.started, annotations: write.annotations))
    }

    /// After the last response: shut down the write side and read until the client closes (or the
    /// linger timeout), so unread input does not turn the close into a reset that loses the response.
    private func linger() {
        if peerClosedInput { return close() }
        Glibc.shutdown(fd, Int32(SHUT_WR))
        enter(.lingering(since: SocketCalls.monotonicNow()))
        resumeReading()
    }

    private func timerFired() {
        armedDeadline = nil
        guard !closed else { return }
        if case .writing = phase, pending != nil {
            writable()  // a reset peer shows up here as EPIPE or ECONNRESET
            if closed { return }
        }
        switch timeouts.action(for: phase, now: SocketCalls.monotonicNow()) {
        case .none:
            enter(phase)  // fired early (leeway, or armed for an earlier phase): re-arm
        case .close:
            close()
        case .requestTimeout:
            pauseReading()
            enter(.responding)
            send(ResponseSerializer.errorResponse(status: 408), isHead: false, close: true,
                 request: nil, started: SocketCalls.monotonicNow())
        }
    }

    /// Cancels the sources; the descriptor is closed once every cancel handler has run.
    private func close() {
        guard !closed else { return }
        closed = true
        pending = nil
        if let readSource {
            readSource.cancel()
            if readSuspended { readSuspended = false; readSource.resume() }
        }
        if let writeSource {
            writeSource.cancel()
            if writeSuspended { writeSuspended = false; writeSource.resume() }
        }
        timer?.cancel()
        if readSource == nil {  // never set up
            Glibc.close(fd)
            onClose(self)
        }
    }
}
