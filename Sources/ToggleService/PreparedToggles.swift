import HTTPServer
import Utilities
import TogglePicture

/// A parsed `/toggle` request: what to draw, its cache key and ETag, and the response fields.
struct PreparedToggle: Sendable {
    var spec: ToggleSpec
    /// `spec.canonicalKey`, the image cache's key.
    var key: String
    var entityTag: String
    /// ETag, Cache-Control, CORS, nosniff and X-Ignored-Params (no Content-Type yet).
    var fields: HTTPFields
    /// The image cache's shard for `key` (`ImageCache.shardIndex`), hashed once.
    var shard: Int
    /// The last 200 made for this request, head serialized, sent again while the cache holds
    /// the same image.
    let ready = ReadyResponse()
}

/// A finished response kept for reuse, shared by the threads that answer the same request.
final class ReadyResponse: Sendable {
    private let response = Locked<HTTPResponse?>(nil)

    /// The kept response if its body is `body` itself (the same storage, so no bytes compared).
    func response(withBody body: [UInt8]) -> HTTPResponse? {
        response.withLock { kept in
            guard let kept, kept.body.withUnsafeBufferPointer({ $0.baseAddress })
                    == body.withUnsafeBufferPointer({ $0.baseAddress }), kept.body.count == body.count else { return nil }
            return kept
        }
    }

    func keep(_ made: HTTPResponse) {
        response.withLock { $0 = made }
    }
}

/// Parsed toggle requests by their raw path and query, so a repeated request (the common case:
/// pages embed the same few URLs) skips query parsing, the canonical key and the ETag hash, which
/// were most of a cache hit's instructions. Bounded: at most `limit` entries of short targets;
/// emptied when full (refilled by the next requests, each costing one parse), as
/// `BoundedCache.WhenFull.startOver`. Thread-safe.
final class PreparedToggles: Sendable {
    private let table: BoundedCache<String, PreparedToggle>
    var limit: Int { table.capacity }

    init(limit: Int = 4096) { table = BoundedCache(capacity: limit, whenFull: .startOver) }

    /// The table key for a request: its target as sent (path and query are a function of it, so
    /// the same target always means the same parsed request; no string is built per request),
    /// or nil for a target too long to be worth keeping.
    static func memoKey(_ request: HTTPRequest) -> String? {
        request.target.utf8.count <= 256 ? request.target : nil
    }

    func entry(for key: String) -> PreparedToggle? {
        table.value(for: key)
    }

    func insert(_ entry: PreparedToggle, for key: String) {
        table.insert(entry, for: key)
    }
}
