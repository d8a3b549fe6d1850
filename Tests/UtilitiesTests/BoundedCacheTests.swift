import Foundation
import Testing
import Utilities
#if canImport(Glibc)
import Glibc
#endif

/// Records the thread that releases it.
final class Tracked: Sendable {
    let released: Locked<[pthread_t]>
    init(_ released: Locked<[pthread_t]>) { self.released = released }
    deinit { released.withLock { $0.append(pthread_self()) } }
}

@Suite struct BoundedCacheTests {
    @Test func keepsTheFirstComersWhenFull() {
        let cache = BoundedCache<String, Int>(capacity: 2)
        cache.insert(1, for: "a")
        cache.insert(2, for: "b")
        cache.insert(3, for: "c")
        #expect(cache.count == 2)
        #expect(cache.value(for: "a") == 1)
        #expect(cache.value(for: "b") == 2)
        #expect(cache.value(for: "c") == nil)
    }

    @Test func startsOverWhenFull() {
        let cache = BoundedCache<String, Int>(capacity: 2, whenFull: .startOver)
        cache.insert(1, for: "a")
        cache.insert(2, for: "b")
        cache.insert(3, for: "c")
        #expect(cache.count == 1)
        #expect(cache.value(for: "a") == nil)
        #expect(cache.value(for: "c") == 3)
    }

    /// Starting over releases the emptied entries on another thread, not the inserter's (an
    /// event loop), and releases them all.
    @Test func startingOverReleasesTheOldEntriesOnAnotherThread() {
        let released = Locked<[pthread_t]>([])
        let cache = BoundedCache<Int, Tracked>(capacity: 100, whenFull: .startOver)
        for key in 0 ..< 100 { cache.insert(Tracked(released), for: key) }
        let inserter = pthread_self()
        cache.insert(Tracked(released), for: 100)  // full: starts over
        #expect(cache.count == 1)
        let deadline = Date().addingTimeInterval(10)
        while released.withLock({ $0.count }) < 100 && Date() < deadline { usleep(5_000) }
        let threads = released.withLock { $0 }
        #expect(threads.count == 100)
        #expect(!threads.contains { pthread_equal($0, inserter) != 0 })
    }

    @Test func countsCostNotEntries() {
        let cache = BoundedCache<Int, [UInt8]>(capacity: 10, cost: { $1.count })
        cache.insert([UInt8](repeating: 0, count: 6), for: 1)
        cache.insert([UInt8](repeating: 0, count: 5), for: 2)  // 11 > 10: not kept
        cache.insert([UInt8](repeating: 0, count: 4), for: 3)  // 10: kept
        #expect(cache.totalCost == 10)
        #expect(cache.value(for: 2) == nil)
        #expect(cache.value(for: 3)?.count == 4)
        // Larger than the whole budget: never stored, even when starting over.
        let other = BoundedCache<Int, [UInt8]>(capacity: 3, whenFull: .startOver, cost: { $1.count })
        other.insert([1], for: 1)
        other.insert([1, 2, 3, 4], for: 2)
        #expect(other.value(for: 1) == [1])
        #expect(other.value(for: 2) == nil)
    }

    @Test func anEntryHeldIsKeptAndMakeRunsOnlyOnAMiss() {
        let cache = BoundedCache<String, Int>(capacity: 4)
        var calls = 0
        #expect(cache.value(for: "k", orMake: { calls += 1; return 7 }) == 7)
        #expect(cache.value(for: "k", orMake: { calls += 1; return 8 }) == 7)
        cache.insert(9, for: "k")
        #expect(cache.value(for: "k") == 7)
        #expect(calls == 1)
        #expect(cache.totalCost == 1)
    }

    @Test func zeroCapacityStoresNothing() {
        let cache = BoundedCache<String, Int>(capacity: 0)
        cache.insert(1, for: "a")
        #expect(cache.count == 0)
    }
}
