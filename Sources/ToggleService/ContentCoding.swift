import Utilities
import HTTPServer

/// Choosing gzip for text responses (RFC 9110 sections 8.4 and 12.5.3).
enum ContentCoding {
    /// Bodies smaller than this go out as they are: gzip's 18 bytes of framing would eat the gain.
    static let minimumBytes = 256

    /// Whether a response of `contentType` is text worth compressing: HTML, CSS, JavaScript,
    /// JSON, plain text. Images (PNG is already deflated) and unknown types are not.
    static func isCompressible(contentType: String) -> Bool {
        let type = contentType.prefix { $0 != ";" }.lowercased()
        return type.hasPrefix("text/") || type == "application/json" || type.hasSuffix("+json")
            || type == "application/javascript"
    }

    /// Whether `acceptEncoding` (the request's `Accept-Encoding`, nil if absent) lets the
    /// response be gzipped: `gzip` (or `x-gzip`), or else `*`, with a qvalue above 0, and not
    /// below the one `identity` is given explicitly. Absent field: no (RFC 9110 allows any
    /// coding then, but clients that decode gzip say so). A malformed qvalue counts as 0.
    static func acceptsGzip(_ acceptEncoding: String?) -> Bool {
        guard let acceptEncoding else { return false }
        var gzip: Double?, any: Double?, identity: Double?
        for member in acceptEncoding.split(separator: ",") {
            let parts = member.split(separator: ";")
            guard let first = parts.first else { continue }
            let coding = withoutWhitespace(first)
            var q = 1.0
            for parameter in parts.dropFirst() {
                let p = withoutWhitespace(parameter)
                if p.hasPrefix("q=") { q = qvalue(p.dropFirst(2)) ?? 0 }
            }
            switch coding {
            case "gzip", "x-gzip": gzip = max(gzip ?? 0, q)
            case "*": any = q
            case "identity": identity = q
            default: break
            }
        }
        guard let q = gzip ?? any, q > 0 else { return false }
        return q >= (identity ?? 0)
    }

    /// `s` lowercased, without the spaces and tabs (OWS) around it.
    static func withoutWhitespace(_ s: Substring) -> String {
        var t = s
        while let c = t.first, c == " " || c == "\t" { t = t.dropFirst() }
        while let c = t.last, c == " " || c == "\t" { t = t.dropLast() }
        return t.lowercased()
    }

    /// A qvalue: `0`, `1`, or `0.` / `1.` with up to three decimals (RFC 9110 section 12.4.2).
    static func qvalue(_ text: Substring) -> Double? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        if bytes.count == 1 { return Double(first - UInt8(ascii: "0")) }
        guard bytes[1] == UInt8(ascii: "."), bytes.count <= 5,
              bytes.dropFirst(2).allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let v = Double(text), v <= 1 else { return nil }
        return v
    }

    /// The entity tag of the gzip representation: `"x"` becomes `"x-gzip"` (a strong tag must
    /// differ between representations, RFC 9110 section 8.8.3).
    static func gzipTag(_ tag: String) -> String {
        guard tag.hasSuffix("\"") else { return tag + "-gzip" }
        return String(tag.dropLast()) + "-gzip\""
    }
}

/// gzip bodies by the entity tag of their identity representation, made once each. Bounded
/// (emptied when full); the tags are content hashes, so an entry never goes stale. Thread-safe.
final class CompressedBodies: Sendable {
    private let table = Locked<[String: [UInt8]]>([:])
    let limit: Int

    init(limit: Int = 64) { self.limit = limit }

    /// The gzip form of `body`, whose identity entity tag is `entityTag`; nil if zlib failed.
    func gzip(_ body: [UInt8], entityTag: String) -> [UInt8]? {
        if let known = table.withLock({ $0[entityTag] }) { return known }
        guard let compressed = Gzip.compress(body) else { return nil }
        table.withLock { table in
            if table.count >= limit { table.removeAll(keepingCapacity: true) }
            table[entityTag] = compressed
        }
        return compressed
    }
}
