/// Entity tags (RFC 9110 section 8.8.3) and the `If-None-Match` test (section 13.1.2).
public enum EntityTag {
    /// A strong entity tag for `bytes`: 64-bit FNV-1a as 16 hex digits in quotes.
    public static func strong<S: Sequence>(hashing bytes: S) -> String where S.Element == UInt8 {
        // Contiguous bytes (a native String's UTF-8, an array) hashed through a pointer: the
        // generic iterator cost about 40 instructions a byte.
        strong(fnv1a: bytes.withContiguousStorageIfAvailable { fnv1a($0) } ?? fnv1a(bytes))
    }

    /// The strong entity tag of bytes whose 64-bit FNV-1a (`fnv1a(_:)`) is `hash`: the hash as 16
    /// lowercase hex digits in quotes, as `strong(hashing:)` writes it. For a caller that needs
    /// the same hash for something else too (`ImageCache.Key(_:fnv1a:)`).
    public static func strong(fnv1a hash: UInt64) -> String {
        let digits: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: 18) { text in
            text[0] = UInt8(ascii: "\"")
            text[17] = UInt8(ascii: "\"")
            for i in 0 ..< 16 {
                text[16 - i] = digits.utf8Start[Int(truncatingIfNeeded: (hash >> (4 * UInt64(i))) & 15)]
            }
            return 18
        }
    }

    /// 64-bit FNV-1a of `bytes` (offset basis 0xcbf29ce484222325, prime 0x100000001b3; Fowler,
    /// Noll and Vo, draft-eastlake-fnv).
    @inline(__always)
    static func fnv1a<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a 64-bit offset basis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3  // FNV-1a 64-bit prime
        }
        return hash
    }

    /// Whether an `If-None-Match` field value matches `tag`: `*`, or any listed entity tag equal
    /// to it under weak comparison (a `W/` prefix on either side is ignored).
    public static func ifNoneMatch(_ fieldValue: String, matches tag: String) -> Bool {
        let trimmed = fieldValue.trimmingSpacesAndTabs()
        if trimmed == "*" { return true }
        let opaque = tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
        for member in fieldValue.split(separator: ",") {
            var candidate = Substring(member.trimmingSpacesAndTabs())
            if candidate.hasPrefix("W/") { candidate = candidate.dropFirst(2) }
            if candidate == opaque { return true }
        }
        return false
    }
}

extension StringProtocol {
    /// The string without leading and trailing spaces and horizontal tabs (HTTP's OWS).
    func trimmingSpacesAndTabs() -> String {
        let bytes = Array(utf8)
        var start = 0, end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
