import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// One accepted TCP connection: reads bytes, feeds the parser, answers one request at a time.
///
/// Confinement: every stored property is read and written only on `queue` (a serial queue);
/// the Dispatch sources and the timer deliver their events there. The responder runs on the
/// global concurrent queue and hands its response back to `queue`, unless its
/// `respondImmediately(to:)` answers at once (cache hits), inline on `queue`. Hence `@unchecked Sendable`.
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
    /// How many inline responses are on the stack (pipelined requests answered by `respondImmediately`).
    private var inlineDepth = 0
    private var openSources = 0

    private var phase: ConnectionPhase = .idle(since: 0)
    private var peerClosedInput = false
    private var draining = false
    private var closed = false
    private var lingerBytes = 0

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
    func beginDrain() {
        queue.async {
            self.draining = true
            if case .idle = self.phase { self.close() }
        }
    }

    /// Closes at once (drain deadline passed).
    func forceClose() {
        queue.async { self.close() }
    }

    // MARK: Sources

    private func setUp() {
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
        guard let timer, let deadline = timeouts.deadline(for: newPhase) else { return }
        if let armed = armedDeadline, armed <= deadline { return }
        armedDeadline = deadline
        let delay = max(0, deadline - SocketCalls.monotonicNow())
        timer.schedule(deadline: .now() + delay, leeway: .milliseconds(10))
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

    /// Parses buffered bytes and starts the next response, or waits for more input.
    private func processInput() {
        guard !closed, pending == nil else { return }
        switch phase {
        case .responding, .writing, .lingering: return
        default: break
        }
        let now = SocketCalls.monotonicNow()
        switch parser.next() {
        case .needMore:
            if peerClosedInput { return close() }
            if parser.isDiscardingBody {
                enter(.readingBody(since: now))
            } else if parser.hasPartialHead {
                if case .readingHead = phase {} else { enter(.readingHead(since: now)) }
            } else {
                if draining { return close() }
                if case .idle = phase {} else { enter(.idle(since: now)) }
            }
        case .rejected(let rejection):
            pauseReading()
            enter(.responding)
            let response = ResponseSerializer.errorResponse(status: rejection.status)
            send(response, isHead: false, close: rejection.closeConnection || draining,
                 request: nil, started: now)
        case .head(let head):
            pauseReading()
            enter(.responding)
            let responder = self.responder
            let request = head.request
            let close = !head.keepAlive
            if let response = responder.respondImmediately(to: request) {
                // Inline, unless a long pipelined burst has nested this deep (send -> writable ->
                // processInput -> here): then unwind the stack through the queue.
                guard inlineDepth < 16 else {
                    queue.async {
                        self.send(response, isHead: request.method == "HEAD", close: close || self.draining,
                                  request: request, started: now)
                    }
                    return
                }
                inlineDepth += 1
                defer { inlineDepth -= 1 }
                return send(response, isHead: request.method == "HEAD", close: close || draining,
                            request: request, started: now)
            }
            DispatchQueue.global().async {
                let response = responder.respond(to: request)
                self.queue.async {
                    self.send(response, isHead: request.method == "HEAD", close: close || self.draining,
                              request: request, started: now)
                }
            }
        }
    }

    // MARK: Writing

    private func send(_ response: HTTPResponse, isHead: Bool, close: Bool, request: HTTPRequest?, started: Double) {
        guard !closed else { return }
        let output = ResponseSerializer.serialize(response, isHead: isHead, close: close, date: HTTPDate.now())
        pending = PendingWrite(head: output.head, body: output.body, close: close, method: request?.method,
                               target: request?.target, annotations: response.annotations,
                               status: output.status, started: started)
        enter(.writing(since: SocketCalls.monotonicNow()))
        writable()
    }

    private func writable() {
        guard !closed, var write = pending else {
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
            processInput()
            if case .responding = phase { return }
            if case .writing = phase { return }
            if !closed && !peerClosedInput { resumeReading() }
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
