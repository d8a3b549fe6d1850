import Dispatch
import Utilities
#if canImport(Glibc)
import Glibc
#endif

/// Where a request's answer is made: the responder's ready answer is sent at once; its
/// `HTTPWork` runs on this connection's loop (at most `maxLoopWorkSeconds`) or on a worker, and
/// is refused past `maxResponderQueueWait`. Loop thread only, but for the worker's block.
extension LoopConnection {
    /// Asks the responder once; sends a ready answer at once, else runs its work on this loop
    /// (at most `maxLoopWorkSeconds`) or on a worker.
    func respond(to request: HTTPRequest, started: Double) {
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
            ThreadScheduling.yieldToEventLoops()
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

    /// The peer reset the connection (or its socket failed): close now, reporting an exchange
    /// in progress as cut by a reset; work queued for it is dropped before it starts.
    func peerWentAway() {
        guard !machine.isClosed else { return }
        closeCause = "reset"
        perform(machine.failed())
    }

    /// Whether the socket has been reset or has failed (poll(2): POLLERR or POLLHUP), without
    /// reading: one system call, asked before work for the connection starts.
    var isPeerGone: Bool {
        var wanted = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&wanted, 1, 0) > 0 && wanted.revents & Int16(POLLERR | POLLHUP) != 0
    }
}

extension LoopConnection {
    /// The request being answered, as `current` keeps it: its method (nil for the server's own
    /// error responses), target, version and when it was parsed.
    struct Current {
        var method: String?
        var target: ArraySlice<UInt8> = []
        var http1_0 = false
        /// The parser's `isDiscardingBody` as the request was taken, which the end of its write
        /// tells the machine: the parser cannot have moved since (no request is taken while one
        /// is answered), and reading it again was a checked access per request
        /// (Benchmarks/serving/callgrind.sh).
        var bodyPending = false
        var started: Double = 0
    }
}

extension LoopConnection.Current {
    /// A refused request: its method and target as the request line gave them, if it arrived
    /// (`RequestParser.takeRefusedLine`).
    init(refused line: (method: String?, target: ArraySlice<UInt8>), bodyPending: Bool, started: Double) {
        self.init(method: line.method, target: line.target, bodyPending: bodyPending, started: started)
    }
}
