/// Splits and decodes a URL query (the part after `?`) as DESIGN.md section 4 says: split on `&`
/// and then on the first `=`, and only then percent-decode each name and value, so an encoded
/// `%26` or `%3D` never splits. `+` is a space and `%2B` a plus (HTML form encoding, WHATWG URL
/// standard "application/x-www-form-urlencoded parsing"). Empty components are skipped.
///
/// Stricter than the WHATWG parser on purpose: a malformed escape (`%zz`, `%4`), a decoded NUL,
/// or bytes that are not UTF-8 are errors, never silently replaced.
public enum QueryDecoder {
    /// One decoded `name=value` pair; a component without `=` has the value "".
    public struct Pair: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    /// The pairs of `query`, in order.
    /// - Throws: `ParameterError` naming the offending raw component.
    public static func decode(_ query: String) throws(ParameterError) -> [Pair] {
        var pairs: [Pair] = []
        for component in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let raw = String(decoding: component, as: UTF8.self)
            let name: ArraySlice<UInt8>, value: ArraySlice<UInt8>
            let bytes = Array(component)[...]
            if let eq = bytes.firstIndex(of: UInt8(ascii: "=")) {
                name = bytes[..<eq]
                value = bytes[(eq + 1)...]
            } else {
                name = bytes
                value = []
            }
            guard let decodedName = percentDecode(name), let decodedValue = percentDecode(value) else {
                throw ParameterError(
                    error: "malformed query component", parameter: raw, value: raw,
                    expected: "percent-escapes of two hex digits (%20), no NUL, UTF-8 text")
            }
            pairs.append(Pair(name: decodedName, value: decodedValue))
        }
        return pairs
    }

    /// Percent-decodes `bytes` with `+` as space; nil for a malformed escape, NUL or invalid UTF-8.
    public static func percentDecode(_ bytes: ArraySlice<UInt8>) -> String? {
        guard let out = percentDecodedBytes(bytes, plusIsSpace: true), !out.contains(0) else { return nil }
        return String(validating: out, as: UTF8.self)
    }

    /// The bytes of `bytes` with every `%XX` escape decoded (and `+` as space if asked);
    /// nil if a `%` is not followed by two hex digits (RFC 3986 section 2.1).
    public static func percentDecodedBytes(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "%") {
                guard i + 2 < bytes.endIndex,
                      let hi = hexValue(bytes[i + 1]), let lo = hexValue(bytes[i + 2]) else { return nil }
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(plusIsSpace && b == UInt8(ascii: "+") ? UInt8(ascii: " ") : b)
                i += 1
            }
        }
        return out
    }

    @inline(__always) static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
