import Dispatch
/// A dictionary behind a lock with a budget: the shared memo tables of the process (parsed
/// symbol outlines, blurred shadows, prepared requests).
///
/// Each entry costs `cost(value)` units (1 per entry by default, or e.g. bytes); the entries
/// held never cost more than `capacity` together. What happens to an entry that does not fit is
/// the `WhenFull` policy. There is no eviction order: the uses are memos of deterministic
/// computations, so an entry already held for a key is kept (equal keys make equal values), and
/// a value not kept is simply computed again by the next caller. Thread-safe; the value is made
/// outside the lock, so two threads missing on one key at once both make it.
public final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// What `insert` does with an entry that would exceed the capacity.
    public enum WhenFull: Sendable {
        /// Keep what is held; the new entry is not stored (a bounded memo of the first comers).
        case keepWhatIsHeld
        /// Empty the table, then store the new entry (the table refills from current traffic).
        /// The emptied entries are released on a Dispatch thread of background QoS, outside the
        /// lock: releasing 4,096 prepared requests took 5-7 ms, which the inserting thread (an
        /// event loop, making a small render) and every reader waiting on the lock would spend.
        case startOver
    }

    /// The most the entries held may cost together, in `cost`'s unit (`setCapacity` changes it).
    public var capacity: Int { storage.withLock { $0.capacity } }
    private let whenFull: WhenFull
    private let cost: @Sendable (Key, Value) -> Int
    private let storage: Locked<(entries: [Key: Value], totalCost: Int, capacity: Int)>

    /// - Parameters:
    ///   - capacity: the budget in `cost`'s unit; 0 (or less) stores nothing.
    ///   - whenFull: what an insert beyond the budget does.
    ///   - cost: an entry's cost (its key's and value's), at least 0; 1 per entry unless given.
    public init(capacity: Int, whenFull: WhenFull = .keepWhatIsHeld,
                 cost: @escaping @Sendable (Key, Value) -> Int = { _, _ in 1 }) {
        self.storage = Locked(([:], 0, max(0, capacity)))
        self.whenFull = whenFull
        self.cost = cost
    }

    /// Sets the budget (0 or less: store nothing from now on). Entries held are dropped, on a
    /// Dispatch thread of background QoS, when they cost more than the new budget.
    public func setCapacity(_ capacity: Int) {
        let capacity = max(0, capacity)
        let dropped: DroppedEntries<Key, Value>? = storage.withLock { table in
            table.capacity = capacity
            guard table.totalCost > capacity else { return nil }
            let dropped = DroppedEntries(table.entries)
            table.entries = [:]
            table.totalCost = 0
            return dropped
        }
        if let dropped { DispatchQueue.global(qos: .background).async { dropped.release() } }
    }

    /// The value held for `key`, if any.
    public func value(for key: Key) -> Value? {
        storage.withLock { $0.entries[key] }
    }

    /// Stores `value` for `key` unless the key is already held, applying `WhenFull` when it does
    /// not fit. A value costing more than the whole capacity is never stored.
    public func insert(_ value: Value, for key: Key) {
        let valueCost = cost(key, value)
        let whenFull = whenFull
        // The emptied table, its only owner this box, so that it is freed where the box lets go.
        let dropped: DroppedEntries<Key, Value>? = storage.withLock { table in
            guard table.entries[key] == nil, valueCost <= table.capacity else { return nil }
            var dropped: DroppedEntries<Key, Value>? = nil
            if table.totalCost + valueCost > table.capacity {
                switch whenFull {
                case .keepWhatIsHeld:
                    return nil
                case .startOver:
                    let count = table.entries.count
                    dropped = DroppedEntries(table.entries)
                    table.entries = Dictionary(minimumCapacity: count)
                    table.totalCost = 0
                }
            }
            table.entries[key] = value
            table.totalCost += valueCost
            return dropped
        }
        if let dropped { DispatchQueue.global(qos: .background).async { dropped.release() } }
    }

    /// The value held for `key`, or `make()`'s result, inserted as `insert` does.
    public func value<Failure: Error>(for key: Key, orMake make: () throws(Failure) -> Value) throws(Failure) -> Value {
        if let hit = value(for: key) { return hit }
        let made = try make()
        insert(made, for: key)
        return made
    }

    /// Entries held.
    public var count: Int { storage.withLock { $0.entries.count } }

    /// What the entries held cost together.
    public var totalCost: Int { storage.withLock { $0.totalCost } }
}

/// Entries emptied out of a `BoundedCache`, held until `release()` drops them on the thread that
/// calls it. Used by one thread at a time (made by the inserter, then handed to one Dispatch block).
package final class DroppedEntries<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private var entries: [Key: Value]?
    package init(_ entries: [Key: Value]) { self.entries = entries }
    /// Whether the entries are still held (for tests).
    package var isHeld: Bool { entries != nil }
    package func release() { entries = nil }
}
