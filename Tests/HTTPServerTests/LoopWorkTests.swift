import Foundation
import TestSupport
import XCTest
@testable import HTTPServer
import Utilities
#if canImport(Glibc)
import Glibc
#endif

/// The name of the calling thread as the kernel has it (/proc/thread-self/comm): an event loop's
/// is `http.loop.N` (`EventLoop.nameOSThread`).
private func kernelThreadName() -> String {
    (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
}

/// Busy-waits `seconds` (a render's CPU time, not a sleep).
private func spin(_ seconds: Double) {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {}
}

/// `/cached` at once; `/loop...` on the loop (body: the thread's name), spinning `spin` seconds
/// first and counting the items made; `/decline` is offered to the loop, which hands it on;
/// everything else goes to `respond(to:)` on a worker, whose body is its thread's name too.
final class LoopWorkResponder: HTTPResponder, @unchecked Sendable {
    let spinSeconds: Double
    /// Run on the loop thread by the first `/loop...` item, before it spins.
    var duringFirstItem: (@Sendable () -> Void)?
    private let lock = NSLock()
    private var log: [String] = []
    private let started = DispatchSemaphore(value: 0)
    init(spin: Double = 0) { spinSeconds = spin }

    var events: [String] { lock.withLock { log } }
    var startedPaths: [String] { lock.withLock { paths } }
    private var paths: [String] = []
    func waitForLoopItemStart() -> Bool { started.wait(timeout: .now() + 10) == .success }

    func plan(for request: HTTPRequest) -> HTTPResponsePlan {
        if let ready = respondImmediately(to: request) { return .answer(ready) }
        guard mayRespondOnLoop(to: request) else { return .work(.onWorker { self.respond(to: request) }) }
        return .work(HTTPWork(estimatedSeconds: 0) { onEventLoop in
            if onEventLoop, let made = self.respondOnLoop(to: request) { return .answer(made) }
            return .work(.onWorker { self.respond(to: request) })
        })
    }

    func respondImmediately(to request: HTTPRequest) -> HTTPResponse? {
        guard request.path == "/cached" else { return nil }
        lock.withLock { log.append("cached") }
        return HTTPResponse(status: 200, body: Array("cached".utf8))
    }
    func mayRespondOnLoop(to request: HTTPRequest) -> Bool {
        request.path.hasPrefix("/loop") || request.path == "/decline"
    }
    func respondOnLoop(to request: HTTPRequest) -> HTTPResponse? {
        guard request.path.hasPrefix("/loop") else { return nil }
        let first = lock.withLock { () -> Bool in
            paths.append(request.path)
            return paths.count == 1
        }
        if first { duringFirstItem?() }
        started.signal()
        spin(spinSeconds)
        lock.withLock { log.append("loop") }
        return HTTPResponse(status: 200, body: Array(kernelThreadName().utf8))
    }
    func respond(to request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: 200, body: Array("worker \(kernelThreadName())".utf8))
    }
}

final class LoopWorkTests: XCTestCase {
    /// Loop work runs within `EventLoop.workBudgetPerTurn` per turn (plus the item that overran
    /// it), and a task arriving meanwhile runs at the next turn, before the rest of the queue.
    func testWorkRunsWithinTheTurnBudgetAndLetsTasksIn() throws {
        let loop = EventLoop(name: "test.work")
        defer { loop.stop() }
        let itemSeconds = EventLoop.workBudgetPerTurn / 3.5, items = 30
        // (turn of each item, items run when the task ran)
        let record = Locked<(turns: [UInt64], taskRanAfter: Int?)>(([], nil))
        let done = DispatchSemaphore(value: 0)
        loop.execute {
            for index in 0 ..< items {
                loop.enqueueWork {
                    spin(itemSeconds)
                    record.withLock { $0.turns.append(loop.turn) }
                    if index == 0 {
                        loop.execute { record.withLock { $0.taskRanAfter = $0.turns.count } }
                    }
                    if index == items - 1 { done.signal() }
                }
            }
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        let perTurn = Dictionary(grouping: record.withLock { $0.turns }, by: { $0 }).mapValues(\.count)
        // Three items fit in the budget, the fourth overruns it; a descheduled loop runs fewer.
        let most = Int((EventLoop.workBudgetPerTurn / itemSeconds).rounded(.down)) + 1
        XCTAssertLessThanOrEqual(perTurn.values.max() ?? 0, most, "\(perTurn)")
        XCTAssertGreaterThanOrEqual(perTurn.count, items / most)
        // The task came in the turn after the first item's: after at most one turn's items.
        let after = try XCTUnwrap(record.withLock { $0.taskRanAfter })
        XCTAssertLessThanOrEqual(after, most, "the task waited for \(after) items")
    }

    /// `respondOnLoop` runs on the event loop thread; a request it declines, and requests of a
    /// responder that never queues, run on a worker.
    func testLoopWorkRunsOnTheLoopThreadAndDeclinedWorkOnAWorker() throws {
        let (server, port) = try startServer({ $0.eventLoopCount = 1 }, responder: LoopWorkResponder())
        defer { stop(server) }
        let client = try TestClient(port: port)
        XCTAssertEqual(try client.get("/loop").bodyString, "http.loop.0")
        let declined = try client.get("/decline").bodyString
        XCTAssertTrue(declined.hasPrefix("worker ") && !declined.contains("http.loop"), declined)
        let other = try client.get("/other").bodyString
        XCTAssertTrue(other.hasPrefix("worker ") && !other.contains("http.loop"), other)
    }

    /// An answer ready in the events phase (`plan` returns it) does not wait for the loop's queue
    /// of work: with ten items queued, each over the turn's budget (so one runs per turn), a cached
    /// request sent while the first runs is answered after at most three more (its accept, set-up
    /// and read take a turn or two, each running one item). By order only: the request is sent
    /// from inside the first item, so the count of items before it does not depend on how fast
    /// the machine is.
    func testInlineAnswerOvertakesQueuedLoopWork() throws {
        let responder = LoopWorkResponder(spin: 0.02)
        let (server, port) = try startServer({ $0.eventLoopCount = 1 }, responder: responder)
        defer { stop(server) }
        let cachedClient = Locked<TestClient?>(nil)
        responder.duringFirstItem = {
            let client = try? TestClient(port: port)
            client?.send("GET /cached HTTP/1.1\r\nHost: a\r\n\r\n")
            cachedClient.withLock { $0 = client }
        }
        let workers = try (0 ..< 10).map { _ in try TestClient(port: port) }
        for (i, client) in workers.enumerated() { client.send("GET /loop/\(i) HTTP/1.1\r\nHost: a\r\n\r\n") }
        XCTAssertTrue(responder.waitForLoopItemStart())
        let cached = try XCTUnwrap(cachedClient.withLock { $0 })
        XCTAssertEqual(try cached.readResponse().bodyString, "cached")
        let before = responder.events.prefix { $0 != "cached" }.count
        XCTAssertLessThanOrEqual(before, 4, "\(responder.events)")
        for client in workers { XCTAssertEqual(try client.readResponse().status, 200) }
    }

    /// Past `maxResponderQueueWait` a queued item is answered 503 with Retry-After, annotated for
    /// the metrics, without being made; the connection stays usable.
    func testLateLoopWorkIsRefused() throws {
        let recorder = ExchangeRecorder()
        let responder = LoopWorkResponder()
        let (server, port) = try startServer({ $0.maxResponderQueueWait = -1 }, responder: responder,
                                             metrics: recorder)
        defer { stop(server) }
        let client = try TestClient(port: port)
        let late = try client.get("/loop")
        XCTAssertEqual(late.status, 503)
        XCTAssertEqual(late.header("Retry-After"), "1")
        XCTAssertEqual(try client.get("/cached").bodyString, "cached")
        XCTAssertTrue(eventually { recorder.exchanges.count == 2 })
        XCTAssertEqual(recorder.exchanges.first?.annotations["shed"], "responder-queue")
        XCTAssertFalse(responder.events.contains("loop"), "\(responder.events)")
    }

    /// A connection reset while its item waits in the queue: the item is dropped unmade, and the
    /// loop serves on (FIFO: an item queued after it is made).
    func testItemOfAResetConnectionIsDropped() throws {
        let responder = LoopWorkResponder(spin: 0.1)
        let (server, port) = try startServer({ $0.eventLoopCount = 1 }, responder: responder)
        defer { stop(server) }
        let first = try TestClient(port: port)
        first.send("GET /loop/a HTTP/1.1\r\nHost: a\r\n\r\n")
        XCTAssertTrue(responder.waitForLoopItemStart())
        // Both read in the loop's next turn while the first spins; one runs, the other waits
        // behind it (100 ms) and is reset meanwhile.
        let b = try TestClient(port: port), c = try TestClient(port: port)
        b.send("GET /loop/b HTTP/1.1\r\nHost: a\r\n\r\n")
        c.send("GET /loop/c HTTP/1.1\r\nHost: a\r\n\r\n")
        XCTAssertTrue(responder.waitForLoopItemStart())
        let running = try XCTUnwrap(responder.startedPaths.last)
        let (kept, doomed, doomedPath) = running == "/loop/b" ? (b, c, "/loop/c") : (c, b, "/loop/b")
        doomed.reset()
        XCTAssertEqual(try first.readResponse().status, 200)
        XCTAssertEqual(try kept.readResponse().status, 200)
        let after = try TestClient(port: port)
        XCTAssertEqual(try after.get("/loop/d").status, 200)
        XCTAssertEqual(responder.startedPaths.sorted(), ["/loop/a", "/loop/d", running].sorted())
        XCTAssertFalse(responder.startedPaths.contains(doomedPath))
        XCTAssertTrue(eventually { server.openConnectionCount == 3 })
    }

    /// Shutdown while items wait in the loop's queue: each is made and answered before the loop
    /// stops (the drain lets in-flight requests finish), then its connection is closed; those
    /// still queued when the drain reached the loop say `Connection: close`.
    func testQueuedLoopWorkIsAnsweredDuringDrain() throws {
        let responder = LoopWorkResponder(spin: 0.05)
        // A short linger: the server waits that long for each client to close after its last answer.
        let (server, port) = try startServer({ $0.eventLoopCount = 1; $0.lingerTimeout = 0.2 }, responder: responder)
        let clients = try (0 ..< 4).map { _ in try TestClient(port: port) }
        for (i, client) in clients.enumerated() { client.send("GET /loop/\(i) HTTP/1.1\r\nHost: a\r\n\r\n") }
        XCTAssertTrue(responder.waitForLoopItemStart())
        let done = DispatchSemaphore(value: 0)
        server.shutdown { done.signal() }
        var announcedClose = 0
        for client in clients {
            let response = try client.readResponse()
            XCTAssertEqual(response.status, 200)
            if response.header("Connection") == "close" { announcedClose += 1 }
            XCTAssertTrue(client.closesWithoutMoreData())
        }
        // The item running when shutdown began may finish before the drain reaches the loop.
        XCTAssertGreaterThanOrEqual(announcedClose, 3)
        XCTAssertEqual(done.wait(timeout: .now() + 15), .success)
        XCTAssertEqual(responder.startedPaths.count, 4)
    }
}
