import Foundation

/// A dictionary behind a lock that holds at most `capacity` entries: when full, the next insert
/// empties it first (labels repeat in bursts, so a cleared cache refills with what is in use).
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Key: Value] = [:]
    let capacity: Int

    init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    /// The cached value for `key`, or `make()`'s result, stored. `make` runs outside the lock, so
    /// two threads may both make the same value; either result is kept.
    func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        if let hit = lock.withLock({ entries[key] }) { return hit }
        let value = try make()
        lock.withLock {
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
        return value
    }

    var count: Int { lock.withLock { entries.count } }
}
