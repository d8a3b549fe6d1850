import XCTest
@testable import HTTPServer

/// The connection and listener state machines driven by inputs and times alone: no sockets, no sleeps.
final class ConnectionStateMachineTests: XCTestCase {
    let limits = ConnectionLimits(headerTimeout: 1, idleTimeout: 5, requestTimeout: 3, lingerTimeout: 2,
                                  maxRequestsPerTurn: 3, turnBudget: 0.002)

    /// A machine that has taken one request at `at` and written its answer, keep-alive.
    func afterOneExchange(at t: Double) -> ConnectionStateMachine {
        var m = ConnectionStateMachine(limits: limits, now: t)
        XCTAssertTrue(m.mayTakeRequest(turn: 1, now: t))
        XCTAssertEqual(m.parsed(.head(close: false), now: t), .respond)
        XCTAssertEqual(m.responseReady(now: t), .write(close: false))
        XCTAssertEqual(m.wrote(finished: true, now: t), .parse)
        return m
    }

    func testTimeoutRules() {
        // A head that started at 10 gets 408 at 11 (header timeout), not before.
        var m = afterOneExchange(at: 0)
        XCTAssertEqual(m.parsed(.needMore(partialHead: true, discardingBody: false), now: 10), .read)
        XCTAssertEqual(m.deadline, 11)
        XCTAssertEqual(m.timerFired(now: 10.9), .none)
        XCTAssertEqual(m.timerFired(now: 11), .respondWithError(status: 408))
        XCTAssertEqual(m.responseReady(now: 11), .write(close: true))
        XCTAssertEqual(m.wrote(finished: true, now: 11), .shutdownWriteAndLinger)
        XCTAssertEqual(m.deadline, 13, "lingering lasts the linger timeout")
        XCTAssertEqual(m.timerFired(now: 13), .close)
        XCTAssertTrue(m.isClosed)

        // Keep-alive idle: closed at the idle timeout.
        var idle = afterOneExchange(at: 10)
        XCTAssertEqual(idle.parsed(.needMore(partialHead: false, discardingBody: false), now: 10), .read)
        XCTAssertEqual(idle.timerFired(now: 14), .none)
        XCTAssertEqual(idle.timerFired(now: 15), .close)

        // While the responder works there is no deadline.
        var busy = ConnectionStateMachine(limits: limits, now: 0)
        _ = busy.mayTakeRequest(turn: 1, now: 0)
        XCTAssertEqual(busy.parsed(.head(close: false), now: 0), .respond)
        XCTAssertNil(busy.deadline)
        XCTAssertEqual(busy.timerFired(now: 1e9), .none)
    }

    /// Until its first byte a new connection is on the header deadline.
    func testSilentNewConnectionIsOnTheHeaderDeadline() {
        var m = ConnectionStateMachine(limits: limits, now: 100)
        XCTAssertEqual(m.deadline, 101)
        XCTAssertEqual(m.timerFired(now: 101), .close)
        // A first byte late in that second does not buy a new header timeout.
        var late = ConnectionStateMachine(limits: limits, now: 100)
        XCTAssertEqual(late.parsed(.needMore(partialHead: true, discardingBody: false), now: 100.9), .read)
        XCTAssertEqual(late.deadline, 101)
    }

    /// A body that keeps trickling is cut at the request deadline, counted from
    /// the request's first byte, although each byte is progress.
    func testTricklingBodyIsCutAtTheRequestDeadline() {
        var m = afterOneExchange(at: 0)
        XCTAssertEqual(m.parsed(.needMore(partialHead: true, discardingBody: false), now: 10), .read)
        _ = m.mayTakeRequest(turn: 2, now: 10.1)
        XCTAssertEqual(m.parsed(.head(close: false), now: 10.1), .respond)
        XCTAssertEqual(m.responseReady(now: 10.1), .write(close: false))
        XCTAssertEqual(m.wrote(finished: true, bodyPending: true, now: 10.1), .parse)
        var t = 10.1
        while t < 12.9 {
            t += 0.4
            XCTAssertEqual(m.parsed(.needMore(partialHead: false, discardingBody: true), now: t), .read)
            XCTAssertEqual(m.deadline, 13, "request deadline = first byte + request timeout")
        }
        XCTAssertEqual(m.timerFired(now: 13), .close)
    }

    /// A body within the request deadline, then the next request: that one gets its own deadline.
    func testNextRequestAfterABodyStartsItsOwnDeadline() {
        var m = afterOneExchange(at: 0)
        _ = m.mayTakeRequest(turn: 2, now: 1)
        XCTAssertEqual(m.parsed(.head(close: false), now: 1), .respond)
        _ = m.responseReady(now: 1)
        XCTAssertEqual(m.wrote(finished: true, bodyPending: true, now: 1), .parse)
        XCTAssertEqual(m.parsed(.needMore(partialHead: true, discardingBody: false), now: 3.5), .read)
        XCTAssertEqual(m.deadline, 4.5, "the new head is on the header timeout from its own start")
    }

    /// A connection takes at most `maxRequestsPerTurn` requests, or
    /// `turnBudget` seconds, per loop turn; the first request of a turn is always taken.
    func testPerTurnBudget() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        for i in 0 ..< 3 {
            XCTAssertTrue(m.mayTakeRequest(turn: 7, now: 0), "request \(i)")
            XCTAssertEqual(m.parsed(.head(close: false), now: 0), .respond)
            _ = m.responseReady(now: 0)
            XCTAssertEqual(m.wrote(finished: true, now: 0), .parse)
        }
        XCTAssertFalse(m.mayTakeRequest(turn: 7, now: 0), "a fourth request in the same turn")
        XCTAssertTrue(m.mayTakeRequest(turn: 8, now: 0), "the next turn")

        var slow = ConnectionStateMachine(limits: limits, now: 0)
        XCTAssertTrue(slow.mayTakeRequest(turn: 1, now: 0))
        XCTAssertEqual(slow.parsed(.rejected(status: 400, close: false), now: 0), .respondWithError(status: 400))
        _ = slow.responseReady(now: 0.0025)
        _ = slow.wrote(finished: true, now: 0.0025)
        XCTAssertFalse(slow.mayTakeRequest(turn: 1, now: 0.0025), "over the turn's time budget")
        XCTAssertTrue(slow.mayTakeRequest(turn: 2, now: 0.0025))
    }

    func testDrain() {
        // Idle: read what arrived, then close when it is nothing.
        var idle = afterOneExchange(at: 0)
        XCTAssertEqual(idle.drainBegan(), .read)
        XCTAssertEqual(idle.parsed(.needMore(partialHead: false, discardingBody: false), now: 1), .close)
        // Busy: the response in the making is the last, with Connection: close.
        var busy = ConnectionStateMachine(limits: limits, now: 0)
        _ = busy.mayTakeRequest(turn: 1, now: 0)
        _ = busy.parsed(.head(close: false), now: 0)
        XCTAssertEqual(busy.drainBegan(), .none)
        XCTAssertEqual(busy.responseReady(now: 1), .write(close: true))
        XCTAssertEqual(busy.forceClose(), .close)
        XCTAssertEqual(busy.forceClose(), .none, "close is performed once")
    }

    func testPeerShutdownAnswersWhatArrivedThenCloses() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        XCTAssertEqual(m.inputClosed(), .parse)
        XCTAssertFalse(m.wantsInput)
        _ = m.mayTakeRequest(turn: 1, now: 0)
        XCTAssertEqual(m.parsed(.head(close: false), now: 0), .respond)
        _ = m.responseReady(now: 0)
        XCTAssertEqual(m.wrote(finished: true, now: 0), .parse)
        XCTAssertEqual(m.parsed(.needMore(partialHead: false, discardingBody: false), now: 0), .close)
    }

    func testStalledWriteIsRetriedThenClosed() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        _ = m.mayTakeRequest(turn: 1, now: 0)
        _ = m.parsed(.head(close: false), now: 0)
        _ = m.responseReady(now: 0)
        m.writeBlocked(now: 0)
        XCTAssertEqual(m.deadline, 0.25)
        XCTAssertEqual(m.timerFired(now: 0.25), .retryWrite)
        XCTAssertEqual(m.wrote(finished: false, now: 1), .none)
        XCTAssertEqual(m.deadline, 1.25)
        XCTAssertEqual(m.timerFired(now: 6), .close, "no progress for the idle timeout")
    }

    func testLingerDiscardsAtMostAMebibyte() {
        var m = ConnectionStateMachine(limits: limits, now: 0)
        _ = m.mayTakeRequest(turn: 1, now: 0)
        _ = m.parsed(.rejected(status: 400, close: true), now: 0)
        _ = m.responseReady(now: 0)
        XCTAssertEqual(m.wrote(finished: true, now: 0), .shutdownWriteAndLinger)
        XCTAssertEqual(m.discarded(1 << 19), .read)
        XCTAssertEqual(m.discarded(1 << 19), .read)
        XCTAssertEqual(m.discarded(1), .close)
    }

    func testListener() {
        var l = ListenerStateMachine()
        XCTAssertFalse(l.isAccepting)
        XCTAssertEqual(l.resumed(), .none)
        XCTAssertEqual(l.started(), .register)
        XCTAssertEqual(l.serverFull(), .unregister)
        XCTAssertFalse(l.isAccepting)
        XCTAssertEqual(l.resumed(), .register)
        XCTAssertEqual(l.resourcesExhausted(now: 5), .unregisterUntil(at: 5.1))
        XCTAssertEqual(l.resumed(), .none, "resuming does not cut a back-off short")
        XCTAssertEqual(l.timerFired(now: 5.05), .none)
        XCTAssertEqual(l.timerFired(now: 5.1), .register)
        XCTAssertEqual(l.closed(), .unregisterAndClose)
        XCTAssertEqual(l.closed(), .none)
        XCTAssertEqual(l.started(), .none)
    }
}
