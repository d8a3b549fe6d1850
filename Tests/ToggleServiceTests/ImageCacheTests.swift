import HTTPServer
import Dispatch
import Foundation
import XCTest
@testable import ToggleService
import Utilities

final class ImageCacheTests: XCTestCase {
    func testHitAfterMiss() {
        let cache = ImageCache(capacityBytes: 1 << 20)
        var calls = 0
        let first = cache.value(for: "a") { calls += 1; return [1, 2, 3] }
        let second = cache.value(for: "a") { calls += 1; return [9] }
        XCTAssertEqual(first.outcome, .miss)
        XCTAssertEqual(second.outcome, .hit)
        XCTAssertEqual(second.bytes, [1, 2, 3])
        XCTAssertEqual(calls, 1)
        XCTAssertEqual(cache.statistics.entries, 1)
    }

    func testStaysWithinItsByteBudget() {
        let capacity = 64 * 1024
        let cache = ImageCache(capacityBytes: capacity, shardCount: 4)
        for i in 0..<1000 {
            _ = cache.value(for: "key-\(i)") { [UInt8](repeating: UInt8(i & 0xff), count: 1000) }
        }
        let stats = cache.statistics
        XCTAssertLessThanOrEqual(stats.bytes, capacity)
        XCTAssertGreaterThan(stats.evictions, 0)
        XCTAssertGreaterThan(stats.entries, 0)
        XCTAssertEqual(stats.entries + stats.evictions, 1000)
    }

    func testRecentlyUsedEntriesSurviveEviction() {
        // One shard, room for about 4 entries: keep touching "hot" while inserting others.
        let cache = ImageCache(capacityBytes: 4 * (1000 + 70), shardCount: 1)
        _ = cache.value(for: "hot") { [UInt8](repeating: 7, count: 1000) }
        for i in 0..<20 {
            _ = cache.value(for: "hot") { XCTFail("hot was evicted"); return [] }
            _ = cache.value(for: "cold-\(i)") { [UInt8](repeating: 1, count: 1000) }
        }
    }

    func testOversizedValueIsServedButNotStored() {
        let cache = ImageCache(capacityBytes: 100, shardCount: 1)
        let result = cache.value(for: "big") { [UInt8](repeating: 0, count: 1000) }
        XCTAssertEqual(result.bytes.count, 1000)
        XCTAssertEqual(cache.statistics.entries, 0)
    }

    func testConcurrentMissesForOneKeyMakeOnce() {
        let cache = ImageCache()
        let makes = Locked(0)
        let outcomes = Locked<[ImageCache.Outcome]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let r = cache.value(for: "same") {
                makes.withLock { $0 += 1 }
                Thread.sleep(forTimeInterval: 0.2)
                return [42]
            }
            XCTAssertEqual(r.bytes, [42])
            outcomes.withLock { $0.append(r.outcome) }
        }
        XCTAssertEqual(makes.withLock { $0 }, 1)
        XCTAssertEqual(outcomes.withLock { $0 }.filter { $0 == .miss }.count, 1)
    }

    func testErrorsAreNotCached() {
        struct Failure: Error {}
        let cache = ImageCache()
        XCTAssertThrowsError(try cache.value(for: "k") { throw Failure() })
        XCTAssertEqual(try cache.value(for: "k") { [1] }.outcome, .miss)
    }
}
