import Foundation
import TestSupport
import XCTest
@testable import HTTPServer

/// Records the exchanges the server reports.
final class ExchangeRecorder: HTTPServerMetrics, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [HTTPExchange] = []
    var exchanges: [HTTPExchange] { lock.withLock { recorded } }
    func requestCompleted(_ exchange: HTTPExchange) { lock.withLock { recorded.append(exchange) } }
}

/// A request that waited longer than `maxResponderQueueWait` for a worker is
/// answered 503 with Retry-After at once (the bound set below any possible wait makes every
/// queued request late), annotated for the metrics; inline answers never queue.
final class ResponderQueueTests: XCTestCase {
    func testRequestLateForItsWorkerIsAnswered503WithRetryAfter() throws {
        let recorder = ExchangeRecorder()
        let (server, port) = try startServer({ $0.maxResponderQueueWait = -1 },
                                             responder: CostlyInlineResponder(), metrics: recorder)
        defer { stop(server) }
        let client = try TestClient(port: port)
        let late = try client.get("/render-me")
        XCTAssertEqual(late.status, 503)
        XCTAssertEqual(late.header("Retry-After"), "1")
        XCTAssertEqual(late.header("Content-Type"), "application/json")
        XCTAssertTrue(late.bodyString.hasPrefix("{\"error\":\"503 Service Unavailable: "), late.bodyString)
        // The connection stays usable, and an inline answer does not queue at all.
        XCTAssertEqual(try client.get("/quick").bodyString, "quick")
        XCTAssertTrue(eventually { recorder.exchanges.count == 2 })
        XCTAssertEqual(recorder.exchanges.first?.annotations["shed"], "responder-queue")
        XCTAssertNil(recorder.exchanges.last?.annotations["shed"])
    }

    func testRequestWithinTheBoundIsMade() throws {
        let (server, port) = try startServer(responder: CostlyInlineResponder())
        defer { stop(server) }
        let response = try TestClient(port: port).get("/render-me")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.bodyString, "GET /render-me")
    }

    /// The worker that runs `respond(to:)` is under SCHED_BATCH at nice 5 (sched(7), read back
    /// with sched_getscheduler and getpriority on that thread), so its wake-ups do not preempt
    /// the event loops.
    func testResponderRunsUnderBatchPolicyAtNiceFive() throws {
        let (server, port) = try startServer(responder: SchedulingReporter())
        defer { stop(server) }
        let response = try TestClient(port: port).get("/where")
        XCTAssertEqual(response.bodyString, "policy 3 nice 5")
    }
}

/// Answers with the scheduling policy and nice value of the thread that runs `respond(to:)`.
struct SchedulingReporter: HTTPResponder {
    func plan(for request: HTTPRequest) -> HTTPResponsePlan { .work(.onWorker { respond(to: request) }) }
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let policy = sched_getscheduler(0)
        let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        return HTTPResponse(status: 200, body: Array("policy \(policy) nice \(nice)".utf8))
    }
}
