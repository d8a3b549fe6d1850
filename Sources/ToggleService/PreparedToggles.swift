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

    /// The table key for a request, or nil for a target too long to be worth keeping.
    static func memoKey(path: String, query: String?) -> String? {
        guard path.utf8.count + (query?.utf8.count ?? 0) <= 256 else { return nil }
        guard let query else { return path }
        return path + "?" + query
    }

    func entry(for key: String) -> PreparedToggle? {
        table.value(for: key)
    }

    func insert(_ entry: PreparedToggle, for key: String) {
        table.insert(entry, for: key)
    }
}
