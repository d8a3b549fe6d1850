
/// A byte-bounded in-memory cache of encoded images, safe under concurrent use.
///
/// - Kept as the server sends them (`HTTPBody.kept(_:)`): bytes, or for an image of at least
///   `HTTPBody.fileMinimum` bytes a sealed memory file, which the server sends with sendfile(2).
/// - Sharded: keys hash to one of `shardCount` shards, each with its own lock, so concurrent
///   requests for different images rarely wait on each other.
/// - Bounded in bytes (the images' sizes plus their keys), evicting with the CLOCK
///   (second-chance) approximation of least-recently-used, O(1) amortized per insertion.
/// - Single flight: concurrent misses for the same key make one call to `make`; the others wait
///   for its result instead of rendering the same picture again.
public final class ImageCache: Sendable {
    /// Whether `value(for:make:)` found the image or had to make it.
    public enum Outcome: String, Sendable {
        case hit, miss
        /// Waited for another request that was making the same image.
        case coalesced
    }

    /// Counters since start, for `/metrics`.
    public struct Statistics: Sendable, Equatable {
        public var hits = 0
        public var misses = 0
        public var coalesced = 0
        public var evictions = 0
        public var entries = 0
        public var bytes = 0
    }

    public let capacityBytes: Int
    /// Each shard's share of `capacityBytes`.
    private let shardCapacity: Int
    private let shards: [Locked<Shard>]

    /// - Parameter capacityBytes: most bytes held (default 64 MiB); 0 disables caching.
    public init(capacityBytes: Int = 64 << 20, shardCount: Int = 16) {
        self.capacityBytes = max(0, capacityBytes)
        shardCapacity = self.capacityBytes / max(1, shardCount)
        shards = (0..<max(1, shardCount)).map { [shardCapacity] _ in Locked(Shard(capacity: shardCapacity)) }
    }

    /// The cached image for `key`, or the bytes `make()` returns (stored, as `HTTPBody.kept(_:)`
    /// keeps them, if it succeeds).
    /// - Throws: whatever `make` throws; errors are not cached, and waiting callers retry.
    public func value(for key: String, make: () throws -> [UInt8]) rethrows -> (body: HTTPBody, outcome: Outcome) {
        try value(for: Key(key), make: make)
    }

    /// As `value(for:make:)`, for a key hashed before (`Key`), as callers that keep one have it.
    public func value(for hashed: Key, make: () throws -> [UInt8]) rethrows -> (body: HTTPBody, outcome: Outcome) {
        let shard = shards[Self.shardIndex(hash: hashed.hash, count: shards.count)]
        // Found, or become the maker for this key, or wait for the one that is: one lock.
        let step: LookupStep = shard.withLock { s in
            if let body = s.lookup(hashed) { return .found(body) }
            return s.joinOrStartMaking(hashed)
        }
        switch step {
        case .found(let body):
            return (body, .hit)
        case .wait(let flight):
            if let body = flight.wait() {
                shard.withLock { $0.stats.coalesced += 1 }
                return (body, .coalesced)
            }
            return (.bytes(try make()), .miss)  // the maker failed: try ourselves, uncached
        case .make:
            return (try self.make(hashed, into: shard, countingMiss: false, make), .miss)
        }
    }

    /// As `value(for:make:)`, but never waits: nil (nothing made, nothing counted) when another
    /// caller is making the image for `key` right now, whose result a blocking caller would wait
    /// for. For an event loop thread, which must not block; it hands such a request to a worker,
    /// which may wait. Callers of `value(for:make:)` for the same key meanwhile wait for this
    /// one's `make` as for any other maker.
    /// - Throws: whatever `make` throws; errors are not cached.
    public func valueWithoutWaiting(for hashed: Key,
                                    make: () throws -> [UInt8]) rethrows -> (body: HTTPBody, outcome: Outcome)? {
        let shard = shards[Self.shardIndex(hash: hashed.hash, count: shards.count)]
        let step: LookupStep? = shard.withLock { s in
            if let body = s.peek(hashed) { return .found(body) }
            guard s.makers[hashed] == nil else { return nil }
            s.makers[hashed] = Maker()
            return .make
        }
        switch step {
        case .found(let body)?: return (body, .hit)
        case .make?: return (try self.make(hashed, into: shard, countingMiss: true, make), .miss)
        case .wait?, nil: return nil
        }
    }

    /// What a lookup under the shard's lock found: the image, a maker to wait for, or that the
    /// caller is now the maker (registered in the shard's `makers`).
    private enum LookupStep {
        case found(HTTPBody)
        case wait(Flight)
        case make
    }

    /// Runs `make` as the one maker of `hashed` (registered in `shard`'s `makers` by the caller),
    /// stores the image in `shard` (counting a miss if `countingMiss`) and unregisters in the same
    /// lock, then lets the callers waiting on its flight, if any came, go (with nil if `make`
    /// threw, so that they retry). The image is kept as a file (`HTTPBody.kept(_:)`) only when a
    /// shard can hold it.
    private func make(_ hashed: Key, into shard: Locked<Shard>, countingMiss: Bool,
                      _ make: () throws -> [UInt8]) rethrows -> HTTPBody {
        var stored = false
        defer {
            if !stored {
                shard.withLock { $0.makers.removeValue(forKey: hashed)?.flight }?.finish(nil)
            }
        }
        let bytes = try make()
        let body = Shard.cost(hashed, bytes.count) <= shardCapacity ? HTTPBody.kept(bytes) : .bytes(bytes)
        let flight = shard.withLock { s -> Flight? in
            if countingMiss { s.stats.misses += 1 }
            s.insert(hashed, body)
            return s.makers.removeValue(forKey: hashed)?.flight
        }
        stored = true
        flight?.finish(body)
        return body
    }

    /// The cached image for `key` (counted as a hit), or nil without counting a miss: for callers
    /// that answer hits inline and hand misses to `value(for:make:)`, which counts them.
    public func cachedValue(for key: String) -> HTTPBody? {
        cachedValue(for: key, shard: shardIndex(for: key))
    }

    /// As `cachedValue(for:)`, with the key's shard already known (`shardIndex(for:)`), for
    /// callers that keep it so that a long key is not hashed twice per request.
    public func cachedValue(for key: String, shard: Int) -> HTTPBody? {
        let hashed = Key(key)
        return shards[shard].withLock { $0.peek(hashed) }
    }

    /// As `cachedValue(for:)`, for a key hashed before (`Key`), for callers that keep it so that
    /// a long key is not hashed again per request (the table compares the kept hash, then the
    /// text, which for the same `String` is one identity check).
    public func cachedValue(for key: Key) -> HTTPBody? {
        shards[Self.shardIndex(hash: key.hash, count: shards.count)].withLock { $0.peek(key) }
    }

    /// A key with its 64-bit hash (`ImageCache.keyHash`), made once. Held as UTF-8 bytes: a
    /// request's canonical key is made as bytes, and a `String` of them was an allocation and a
    /// UTF-8 validation per miss.
    public struct Key: Hashable, Sendable {
        /// The key's UTF-8.
        public let bytes: [UInt8]
        public let hash: UInt64

        /// The key's text.
        public var text: String { String(decoding: bytes, as: UTF8.self) }

        public init(_ text: String) {
            self.bytes = Array(text.utf8)
            self.hash = ImageCache.keyHash(text)
        }

        /// The key whose UTF-8 is `bytes` and whose 64-bit FNV-1a is `fnv1a` (as `StableHash.fnv1a`
        /// computes it, so a caller making the ETag of the same bytes hashes them once): the same
        /// key, with the same `hash`, as `init(_:)` gives for their text.
        init(bytes: [UInt8], fnv1a: UInt64) {
            self.bytes = bytes
            self.hash = StableHash.mixed(fnv1a)
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        public static func == (a: Key, b: Key) -> Bool {
            guard a.hash == b.hash, a.bytes.count == b.bytes.count else { return false }
            return a.bytes.withUnsafeBytes { x in
                b.bytes.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
            }
        }
    }

    /// The shard that holds `key`, 0 ..< shard count.
    public func shardIndex(for key: String) -> Int { Self.shardIndex(key, count: shards.count) }

    /// Totals over all shards.
    public var statistics: Statistics {
        var total = Statistics()
        for shard in shards {
            let s = shard.withLock { $0.stats }
            total.hits += s.hits
            total.misses += s.misses
            total.coalesced += s.coalesced
            total.evictions += s.evictions
            total.entries += s.entries
            total.bytes += s.bytes
        }
        return total
    }

    /// The shard for `key`: the key's `StableHash` (FNV-1a then `fmix64`, so every bit depends on
    /// every byte), reduced by multiply-shift (Lemire 2019) from the high bits. FNV-1a alone leaves
    /// its low bits depending only on the low bits of each byte, and keys that differ by a
    /// repeated colour then fell into a few shards, which evicted long before the cache was full.
    static func shardIndex(_ key: String, count: Int) -> Int {
        shardIndex(hash: keyHash(key), count: count)
    }

    static func shardIndex(hash: UInt64, count: Int) -> Int {
        Int(hash.multipliedFullWidth(by: UInt64(count)).high)
    }

    /// The shard's hash of a key, and the hash a shard's table compares first: `fmix64` of the
    /// FNV-1a of its UTF-8.
    static func keyHash(_ key: String) -> UInt64 {
        StableHash.mixed(StableHash.fnv1a(key.utf8))
    }

    /// A key being made right now. Its `Flight` is made only when a second caller comes to wait
    /// (an allocation of four objects that an uncontended miss, the common case, does not need).
    private struct Maker {
        var flight: Flight? = nil
    }

    /// One in-progress make, which other callers for the same key wait on.
    private final class Flight: Sendable {
        private let state = Locked<(done: Bool, body: HTTPBody?)>((false, nil))
        private let semaphore = DispatchSemaphoreBox()

        func wait() -> HTTPBody? {
            if let done = state.withLock({ $0.done ? Optional($0.body) : nil }) { return done }
            semaphore.wait()
            semaphore.signal()  // let the next waiter through too
            return state.withLock { $0.body }
        }

        func finish(_ body: HTTPBody?) {
            state.withLock { $0 = (true, body) }
            semaphore.signal()
        }
    }

    /// One shard: entries in a ring for CLOCK eviction, an index by key, and the keys of the
    /// shard being made right now (single flight).
    private struct Shard {
        struct Entry {
            var key: Key
            var body: HTTPBody
            var referenced: Bool
        }
        let capacity: Int
        var ring: [Entry?] = []
        var index: [Key: Int] = [:]
        var free: [Int] = []
        var hand = 0
        var stats = Statistics()
        var makers: [Key: Maker] = [:]

        init(capacity: Int) { self.capacity = capacity }

        /// What an entry of `count` bytes counts against the budget: the image, its key and about
        /// 64 bytes of bookkeeping (a kept file's pages count as its bytes).
        static func cost(_ key: Key, _ count: Int) -> Int { count + key.bytes.count + 64 }

        /// The flight to wait on when `key` is being made (made now if it is the first waiter),
        /// else `.make` with the caller registered as the maker.
        mutating func joinOrStartMaking(_ key: Key) -> LookupStep {
            if let index = makers.index(forKey: key) {
                if let flight = makers.values[index].flight { return .wait(flight) }
                let flight = Flight()
                makers.values[index].flight = flight
                return .wait(flight)
            }
            makers[key] = Maker()
            return .make
        }

        /// `peek`, counting a miss when the key is absent.
        mutating func lookup(_ key: Key) -> HTTPBody? {
            let body = peek(key)
            if body == nil { stats.misses += 1 }
            return body
        }

        /// The image for `key` (marked recently used, counted as a hit), or nil without counting.
        mutating func peek(_ key: Key) -> HTTPBody? {
            guard let slot = index[key], let entry = ring[slot] else { return nil }
            ring[slot]?.referenced = true
            stats.hits += 1
            return entry.body
        }

        mutating func insert(_ key: Key, _ body: HTTPBody) {
            let cost = Self.cost(key, body.count)
            guard cost <= capacity, index[key] == nil else { return }
            while stats.bytes + cost > capacity, !index.isEmpty { evictOne() }
            let entry = Entry(key: key, body: body, referenced: false)
            let slot: Int
            if let reused = free.popLast() {
                ring[reused] = entry
                slot = reused
            } else {
                ring.append(entry)
                slot = ring.count - 1
            }
            index[key] = slot
            stats.entries += 1
            stats.bytes += cost
        }

        /// Advances the clock hand past referenced entries (clearing their bit) and evicts the
        /// first unreferenced one.
        mutating func evictOne() {
            while true {
                if hand >= ring.count { hand = 0 }
                if let entry = ring[hand] {
                    if entry.referenced {
                        ring[hand]?.referenced = false
                    } else {
                        ring[hand] = nil
                        index[entry.key] = nil
                        free.append(hand)
                        stats.entries -= 1
                        stats.bytes -= Self.cost(entry.key, entry.body.count)
                        stats.evictions += 1
                        hand += 1
                        return
                    }
                }
                hand += 1
            }
        }
    }
}

import Dispatch
import HTTPServer
import Utilities
#if canImport(Glibc)
import Glibc
#endif

/// A DispatchSemaphore that Swift 6 accepts across threads (DispatchSemaphore is thread-safe).
private final class DispatchSemaphoreBox: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func wait() { semaphore.wait() }
    func signal() { semaphore.signal() }
}
