import Dispatch
import Foundation
import Utilities
import XCTest
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// Counts the events it is told. `@unchecked Sendable`: made here, then touched only on the
/// loop's thread.
private final class CountingHandler: EventLoopHandler, @unchecked Sendable {
    var events = 0
    func handle(events: UInt32) { self.events += 1 }
}

/// An `EventLoop` token names its slot and its registration: once a slot is reused, the old
/// token (an event still queued for the closed descriptor) finds nothing, and unregistering with
/// it leaves the new registration alone.
final class EventLoopTokenTests: XCTestCase {
    func testAReusedSlotDoesNotAnswerToTheOldToken() throws {
        let loop = EventLoop(name: "test.tokens")
        defer { loop.stop() }
        var fds: [Int32] = [0, 0, 0, 0]
        XCTAssertEqual(pipe(&fds[0]), 0)
        XCTAssertEqual(pipe(&fds[2]), 0)
        defer { for fd in fds { close(fd) } }
        let first = fds[0], second = fds[2], secondWrite = fds[3]
        let a = CountingHandler(), b = CountingHandler()
        let done = DispatchSemaphore(value: 0)
        let checks = Locked<[String]>([])
        loop.execute {
            defer { done.signal() }
            func fail(_ what: String) { checks.withLock { $0.append(what) } }
            guard let old = loop.register(first, events: Epoll.readable, handler: a) else { return fail("register a") }
            loop.unregister(first, token: old)
            guard let new = loop.register(second, events: Epoll.readable, handler: b) else { return fail("register b") }
            if old & 0xffff_ffff != new & 0xffff_ffff { fail("the slot was not reused") }
            if old == new { fail("the token did not change") }
            if loop.handler(for: old) != nil { fail("the old token found a handler") }
            if loop.handler(for: new) !== b { fail("the new token did not find b") }
            loop.unregister(first, token: old)
            if loop.handler(for: new) !== b { fail("unregistering the old token removed b") }
        }
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(checks.withLock { $0 }, [])
        // The new registration still gets its descriptor's events.
        XCTAssertEqual(write(secondWrite, "x", 1), 1)
        let seen = Locked((a: 0, b: 0))
        let deadline = Date().addingTimeInterval(5)
        while seen.withLock({ $0.b }) == 0, Date() < deadline {
            let asked = DispatchSemaphore(value: 0)
            loop.execute { seen.withLock { $0 = (a.events, b.events) }; asked.signal() }
            _ = asked.wait(timeout: .now() + 1)
            if seen.withLock({ $0.b }) == 0 { usleep(1_000) }
        }
        XCTAssertGreaterThan(seen.withLock { $0.b }, 0)
        XCTAssertEqual(seen.withLock { $0.a }, 0)
    }
}
