import Utilities

/// Splits and decodes a URL query (the part after `?`) as docs/design-facts.md section 4 says: split on `&`
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
        var query = query
        let result = query.withUTF8 { bytes -> Result<[Pair], ParameterError> in
            do throws(ParameterError) { return .success(try decode(bytes)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// The pairs of the query whose UTF-8 is `bytes`: components found in place, a plain one's
    /// text made straight from its bytes (no array per component).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(ParameterError) -> [Pair] {
        var pairs: [Pair] = []
        var separators = 0
        for b in bytes where b == UInt8(ascii: "&") { separators += 1 }
        pairs.reserveCapacity(separators + 1)
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "&") { end += 1 }
            defer { start = end + 1 }
            guard end > start else { continue }
            var eq = start
            while eq < end, bytes[eq] != UInt8(ascii: "=") { eq += 1 }
            let name = UnsafeBufferPointer(rebasing: bytes[start..<eq])
            let value = UnsafeBufferPointer(rebasing: bytes[min(eq + 1, end)..<end])
            try pairs.append(pair(name: name, value: value))
        }
        return pairs
    }

    /// One component's pair, decoded.
    private static func pair(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) throws(ParameterError) -> Pair {
        // Most components are printable ASCII without escapes (on=1, color=12ab34): their text
        // is their bytes, so no decoding buffer and no UTF-8 validation.
        if isPlain(name), isPlain(value) {
            let plain = String(decoding: name, as: UTF8.self), plainValue = String(decoding: value, as: UTF8.self)
            if name.first == UInt8(ascii: "a") { try checkNotHTMLEscaped(plain, value: plainValue) }
            return Pair(name: plain, value: plainValue)
        }
        let name = ArraySlice(name), value = ArraySlice(value)
        let expected = "percent-escapes of two hex digits (%20) that decode to UTF-8 text without NUL"
        guard let decodedName = percentDecode(name) else {
            throw ParameterError(error: "malformed parameter name", parameter: String(decoding: name, as: UTF8.self),
                                 value: String(decoding: value, as: UTF8.self), expected: expected)
        }
        guard let decodedValue = percentDecode(value) else {
            // The value as sent (still encoded): the decoded bytes are not text.
            throw ParameterError(error: "malformed value", parameter: decodedName,
                                 value: String(decoding: value, as: UTF8.self), expected: expected)
        }
        try checkNotHTMLEscaped(decodedName, value: decodedValue)
        return Pair(name: decodedName, value: decodedValue)
    }

    /// A name starting with `amp;` is a URL copied out of HTML with its `&amp;` left escaped
    /// (`?label=Dark%20Mode&amp;on=1` splits into `label` and `amp;on`): never a parameter of
    /// ours, and ignoring it would silently drop what was meant.
    /// - Throws: `ParameterError` naming the parameter it meant.
    static func checkNotHTMLEscaped(_ name: String, value: String) throws(ParameterError) {
        guard name.hasPrefix("amp;") else { return }
        let meant = String(name.dropFirst(4))
        throw ParameterError(error: "HTML-escaped ampersand", parameter: name, value: value,
                             expected: "&\(meant)=\(value): &amp; is HTML escaping of & (right inside an HTML attribute, "
                                 + "where the browser turns it back into &); a URL itself separates parameters with & "
                                 + "alone, so this is the parameter \(meant)")
    }

    /// Whether decoding would leave `bytes` as they are, so their text is their bytes: printable
    /// ASCII (0x21-0x7E) without `%` or `+`.
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in bytes where b < 0x21 || b > 0x7E || b == UInt8(ascii: "%") || b == UInt8(ascii: "+") { return false }
        return true
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
                      let hi = hexDigitValue(bytes[i + 1]), let lo = hexDigitValue(bytes[i + 2]) else { return nil }
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(plusIsSpace && b == UInt8(ascii: "+") ? UInt8(ascii: " ") : b)
                i += 1
            }
        }
        return out
    }

    /// `s` with every byte except RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`, section
    /// 2.3) written as `%XX`: safe in a query component and in an HTTP field value.
    public static func percentEncode(_ s: String) -> String {
        var out = ""
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
