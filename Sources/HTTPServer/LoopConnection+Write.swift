import Utilities

/// Writing a response: head, trailer and body, as much as the socket takes per EPOLLOUT edge,
/// then the exchange's report. Loop thread only.
extension LoopConnection {
    /// Starts writing `response` (its head only if `isHead`); `now`, if given, is the time to
    /// tell the state machine (else the clock is read).
    func send(_ response: HTTPResponse, isHead: Bool, now: Double? = nil) {
        guard case .write(let close) = machine.responseReady(now: now ?? MonotonicClock.now()) else { return }
        let trailer = loop.dateTrailer(close: close, announceKeepAlive: current.http1_0)
        let output = ResponseSerializer.serialize(response, isHead: isHead, trailer: trailer)
        outTotal = output.head.count + output.trailer.count + output.body.count
        outHead = output.head
        outTrailer = output.trailer
        switch output.body {
        case .bytes(let bytes): outBody = bytes
        case .file(let file): outFile = file
        }
        outOffset = 0
        outStatus = output.status
        outAnnotations = response.annotations
        writing = true
        writable()
    }

    /// Writes what the socket takes of the response being written, and finishes it when all is
    /// written (or closes on an error); waits for the next EPOLLOUT edge when the socket is full.
    func writable() {
        guard writing, !machine.isClosed else { return }
        let total = outTotal
        while outOffset < total {
            let written = outFile == nil ? SocketCalls.send(fd, outHead, outTrailer, outBody, offset: outOffset)
                : writeWithFile()
            switch written {
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
        perform(machine.wrote(finished: true, bodyPending: current.bodyPending, now: now))
    }

    /// One system call's worth of a response whose body is a file, from `outOffset` on: head and
    /// trailer by `sendmsg` with MSG_MORE (so they leave in one segment with the file's first
    /// bytes), then the file by `sendfile`.
    private func writeWithFile() -> SocketCalls.IOResult {
        let headCount = outHead.count + outTrailer.count
        if outOffset < headCount { return SocketCalls.send(fd, outHead, outTrailer, [], offset: outOffset, more: true) }
        return SocketCalls.sendFile(fd, outFile!, from: outOffset - headCount)
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
    func reportCut() {
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

    func releaseOutput() {
        outHead = []
        outTrailer = []
        outBody = []
        outFile = nil
        current.target = []
    }
}
