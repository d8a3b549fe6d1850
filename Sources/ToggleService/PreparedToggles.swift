import HTTPServer
import Utilities
import TogglePicture

/// A parsed `/toggle` request: what to draw, its cache key and ETag, and the response fields.
struct PreparedToggle: Sendable {
    var picture: ToggleImage.Picture
    /// `picture.canonicalKey`, the image cache's key.
    var key: String
    var entityTag: String
    /// ETag, Cache-Control, CORS, nosniff and X-Ignored-Params (no Content-Type yet).
    var fields: HTTPFields
    /// The image cache's shard for `key` (`ImageCache.shardIndex`), hashed once.
    var shard: Int
    /// The head of this request's 200 (fields with Content-Type, serialized once), reused while
    /// the cached image has the same length.
    let ready = ReadyHead()
}

/// The serialized head of a 200 image response, without the image: the image cache alone holds
/// images (and evicts them within its budget); this holds about 300 bytes per prepared query.
/// Shared by the threads that answer the same request.
final class ReadyHead: Sendable {
    struct Head {
        var fields: HTTPFields
        var bytes: [UInt8]
        var bodyLength: Int
    }
    private let head = Locked<Head?>(nil)

    /// The kept head if it was made for a body of `bodyLength` bytes.
    func head(forBodyLength bodyLength: Int) -> Head? {
        head.withLock { kept in kept.flatMap { $0.bodyLength == bodyLength ? $0 : nil } }
    }

    func keep(_ made: Head) {
        head.withLock { $0 = made }
    }
}

/// Parsed toggle requests by their raw path and query, so a repeated request (the common case:
/// pages embed the same few URLs) skips query parsing, the canonical key and the ETag hash, which
/// were most of a cache hit's instructions. Bounded: at most `limit` entries of short targets;
/// emptied when full (refilled by the next requests, each costing one parse), as
/// `BoundedCache.WhenFull.startOver` does; an entry already held for a target is kept. A
/// dictionary of its own behind a lock rather than a `BoundedCache`, whose generic dictionary
/// calls from another module were not specialized (about 5,800 instructions per insert against
/// about 2,000). Thread-safe.
final class PreparedToggles: Sendable {
    let limit: Int
    private let table = Locked<[String: PreparedToggle]>([:])

    init(limit: Int = 4096) { self.limit = max(0, limit) }

    /// The table key for a request: its target as sent (path and query are a function of it, so
    /// the same target always means the same parsed request; no string is built per request),
    /// or nil for a target too long to be worth keeping.
    static func memoKey(_ request: HTTPRequest) -> String? {
        request.target.utf8.count <= 256 ? request.target : nil
    }

    func entry(for key: String) -> PreparedToggle? {
        table.withLock { $0[key] }
    }

    func insert(_ entry: PreparedToggle, for key: String) {
        let limit = limit
        table.withLock { entries in
            guard limit > 0, entries[key] == nil else { return }
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
    }

    /// Entries held.
    var count: Int { table.withLock { $0.count } }
}
