import Foundation
import HTTPServer
#if canImport(Glibc)
import Glibc
#endif
import Utilities
import TogglePicture
import QueryLanguage

/// A parsed picture request (`PictureRequest`): what to draw, its cache key and ETag, what making
/// it costs, and the response fields. A class: the memo hands out a reference per request, not a
/// copy of its fields. Every property is a constant; the head of its 200, kept for reuse, is the
/// memo's (`PreparedPictures.keepReadyHead`).
final class PreparedPicture: Sendable {
    let picture: any PictureRequest
    /// The estimated CPU seconds of making the picture (`HTTPWork.estimatedSeconds`).
    let estimatedSeconds: Double
    let entityTag: String
    /// ETag, Cache-Control, CORS, nosniff, X-Ignored-Params and the SVG's CSP (no Content-Type).
    let fields: HTTPFields
    /// The canonical key hashed once, the image cache's key (its shard and its table's hash); nil
    /// without an image cache, where nothing looks it up.
    let cacheKey: ImageCache.Key?

    /// - Parameters:
    ///   - key: the picture's canonical key, when there is an image cache to look it up in.
    ///   - keyHash: the 64-bit FNV-1a of the key (`StableHash.fnv1a`), the `entityTag`'s hash too.
    init(picture: any PictureRequest, estimatedSeconds: Double, key: [UInt8]?, keyHash: UInt64,
         entityTag: String, fields: HTTPFields) {
        self.picture = picture
        self.estimatedSeconds = estimatedSeconds
        self.entityTag = entityTag
        self.fields = fields
        self.cacheKey = key.map { ImageCache.Key(bytes: $0, fnv1a: keyHash) }
    }
}

/// The serialized head of a 200 image response (fields with Content-Type, serialized once),
/// without the image, reused while the cached image has the same length: the image cache alone
/// holds images (and evicts them within its budget); a prepared query holds about 300 bytes of
/// head. Shared by the threads that answer the same request.
struct ReadyHead {
    var fields: HTTPFields
    var bytes: [UInt8]
    var bodyLength: Int
}

/// Parsed picture requests by their target as sent, so a repeated request (the common case:
/// pages embed the same few URLs) skips query parsing, the canonical key and the ETag hash, which
/// were most of a cache hit's cost (Benchmarks/serving/callgrind.sh). Looked up by the target's
/// bytes (`TargetKey`: a slice of the received head, hashed and compared in place, no `String`
/// per request) in a direct-mapped table: the target's hash picks one of `slotCount` slots, and a
/// new target takes its slot from whatever was there (which is parsed again when it comes back).
/// Targets over 256 bytes are not kept. A slot also keeps the ready head of its entry's 200
/// (`ReadyHead`), under the same lock, so a cached request takes one lock for both, and a new
/// query makes no lock of its own. One entry is dropped at a time, on the inserting thread
/// and after the lock: emptying a whole table at once released thousands of entries in one go,
/// milliseconds of CPU that preempted the event loop's core for whole scheduler ticks.
/// Thread-safe.
final class PreparedPictures: Sendable {
    /// The table's slots, a power of two.
    let slotCount: Int
    private let slots: Locked<[Slot?]>

    private struct Slot {
        let key: TargetKey
        let entry: PreparedPicture
        var readyHead: ReadyHead?
    }

    /// - Parameter slots: entries held at most, rounded up to a power of two (0: none).
    init(slots: Int) {
        slotCount = slots <= 0 ? 0 : 1 << (Int.bitWidth - (slots - 1).leadingZeroBitCount)
        self.slots = Locked(Array(repeating: nil, count: slotCount))
    }

    /// - Parameter bytes: the budget (`Caches.preparedRequests`): as many slots of `entryBytes`
    ///   as fit, rounded down to a power of two (0 when not one fits: nothing kept).
    convenience init(bytes: Int = Caches.standard.preparedRequests) {
        let fitting = max(0, bytes) / Self.entryBytes
        self.init(slots: fitting == 0 ? 0 : 1 << (Int.bitWidth - 1 - fitting.leadingZeroBitCount))
    }

    /// What one entry may cost, bytes, an upper bound: the target's copy (at most
    /// `maxTargetBytes`), the parsed request, its ETag and response fields (about a dozen short
    /// strings), the kept head (about 300 bytes and its fields), the slot and
    /// `Caches.entryOverheadBytes`.
    static let entryBytes = 2048

    /// The budget the slots take at most, bytes.
    var capacityBytes: Int { slotCount * Self.entryBytes }

    /// Longest target kept, in bytes: a longer one is parsed every time.
    static let maxTargetBytes = 256

    /// The slot of a key: its hash mixed (`StableHash.mixed`, so the low bits depend on every
    /// byte) and masked.
    private func slot(_ key: TargetKey) -> Int {
        Int(truncatingIfNeeded: StableHash.mixed(key.hash)) & (slotCount - 1)
    }

    /// The entry for a request's target as sent (path and query are a function of it, so the
    /// same target always means the same parsed request); nil when none is held or the target
    /// is longer than `maxTargetBytes`.
    func entry(for request: HTTPRequest) -> PreparedPicture? {
        held(for: request)?.entry
    }

    /// `entry(for:)` with the ready head kept for it (nil until one is kept).
    func held(for request: HTTPRequest) -> (entry: PreparedPicture, readyHead: ReadyHead?)? {
        let target = request.targetUTF8
        guard slotCount > 0, target.count <= Self.maxTargetBytes else { return nil }
        let key = TargetKey(target)
        let index = slot(key)
        return slots.withLock { slots in
            slots[index].flatMap { $0.key == key ? ($0.entry, $0.readyHead) : nil }
        }
    }

    /// Keeps `head` for the next 200 of `entry`, while the memo holds `entry` for the request's
    /// target (else nothing).
    func keepReadyHead(_ head: ReadyHead, for entry: PreparedPicture, of request: HTTPRequest) {
        let target = request.targetUTF8
        guard slotCount > 0, target.count <= Self.maxTargetBytes else { return }
        let index = slot(TargetKey(target))
        slots.withLock { slots in
            if slots[index]?.entry === entry { slots[index]?.readyHead = head }
        }
    }

    /// Keeps `entry` for the request's target (not for one longer than `maxTargetBytes`), in place
    /// of what its slot held.
    func insert(_ entry: PreparedPicture, for request: HTTPRequest) {
        let target = request.targetUTF8
        guard slotCount > 0, target.count <= Self.maxTargetBytes else { return }
        // Its own copy of the bytes: the request's may be a slice of the connection's input.
        let key = TargetKey(ArraySlice(Array(target)))
        let index = slot(key)
        // The dropped entry is released here, after the lock (its strings, fields and kept
        // head), not under it.
        let dropped = slots.withLock { slots in
            let old = slots[index]
            slots[index] = Slot(key: key, entry: entry)
            return old
        }
        _ = dropped
    }

    /// Entries held.
    var count: Int { slots.withLock { $0.reduce(0) { $0 + ($1 == nil ? 0 : 1) } } }
}

/// A request target's bytes as a table key: hashed once (`StableHash`, one FNV-1a step per
/// 8-byte word), compared by hash, length and then bytes (`memcmp`). Both run on every cached
/// request (Benchmarks/serving/callgrind.sh).
struct TargetKey: Equatable, Sendable {
    let bytes: ArraySlice<UInt8>
    let hash: UInt64

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.hash = bytes.withUnsafeBytes { raw in
            var hash = StableHash()
            hash.combine(word: UInt64(raw.count))
            var i = 0
            while i + 8 <= raw.count {
                hash.combine(word: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
            var tail: UInt64 = 0
            while i < raw.count {
                tail = tail << 8 | UInt64(raw[i])
                i += 1
            }
            hash.combine(word: tail)
            return hash.value
        }
    }

    static func == (a: TargetKey, b: TargetKey) -> Bool {
        guard a.hash == b.hash, a.bytes.count == b.bytes.count else { return false }
        return a.bytes.withUnsafeBytes { x in
            b.bytes.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }
}
