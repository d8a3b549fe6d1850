import Utilities

/// Entity tags (RFC 9110 section 8.8.3) and the `If-None-Match` test (section 13.1.2).
public enum EntityTag {
    /// A strong entity tag for `bytes`: 64-bit FNV-1a as 16 hex digits in quotes.
    public static func strong<C: Collection<UInt8>>(hashing bytes: C) -> String {
        strong(fnv1a: StableHash.fnv1a(bytes))
    }

    /// The strong entity tag of bytes whose 64-bit FNV-1a (`StableHash.fnv1a`) is `hash`: the
    /// hash as 16 lowercase hex digits in quotes, as `strong(hashing:)` writes it. For a caller
    /// that needs the same hash for something else too (`ImageCache.Key(bytes:fnv1a:)`).
    public static func strong(fnv1a hash: UInt64) -> String {
        String(unsafeUninitializedCapacity: 18) { text in
            text[0] = UInt8(ascii: "\"")
            ASCIIDigits.writeHex(hash, digits: 16, to: text.baseAddress! + 1)
            text[17] = UInt8(ascii: "\"")
            return 18
        }
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
