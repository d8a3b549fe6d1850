#if canImport(Glibc)
import Glibc
#endif

/// Byte classes of RFC 9110 section 5.6 and RFC 3986, as pure functions on single bytes.
enum ByteClass {
    static let cr: UInt8 = 13
    static let lf: UInt8 = 10
    static let sp: UInt8 = 32
    static let htab: UInt8 = 9
    static let colon: UInt8 = 58

    /// `tchar` (RFC 9110 section 5.6.2): `!#$%&'*+-.^_`|~`, digits and letters.
    static func isTokenChar(_ b: UInt8) -> Bool {
        // One bit per byte value 0-127, set for tchar: a shift and a mask per byte instead of a
        // chain of comparisons (the head parser checks every method and field-name byte).
        b < 64 ? (tokenMaskLow >> UInt64(b)) & 1 != 0 : b < 128 && (tokenMaskHigh >> UInt64(b - 64)) & 1 != 0
    }

    /// `isTokenChar`'s bits for bytes 0-63 (`!#$%&'*+-.` and digits) and 64-127 (letters, `^_`|~`).
    private static let tokenMaskLow: UInt64 = 0x03ff_6cfa_0000_0000
    private static let tokenMaskHigh: UInt64 = 0x57ff_ffff_c7ff_fffe

    /// A byte allowed in a field value: HTAB, visible ASCII, SP, and obs-text (>= 0x80).
    /// NUL, CR, LF, other controls and DEL are not.
    static func isFieldValueChar(_ b: UInt8) -> Bool {
        b == htab || (b >= 0x20 && b != 0x7F)
    }

    /// A byte allowed raw in a request target: visible ASCII (0x21...0x7E). No spaces,
    /// controls, DEL or bytes >= 0x80.
    static func isTargetChar(_ b: UInt8) -> Bool {
        b >= 0x21 && b <= 0x7E
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    static func isHexDigit(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
    }

    static func isOWS(_ b: UInt8) -> Bool { b == sp || b == htab }

    static func lowercased(_ b: UInt8) -> UInt8 { (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b }

    /// ASCII case-insensitive comparison of a byte slice with a lowercase ASCII literal.
    static func equalsLowercase<C: Collection>(_ bytes: C, _ lower: StaticString) -> Bool
    where C.Element == UInt8 {
        guard bytes.count == lower.utf8CodeUnitCount else { return false }
        var i = 0
        let p = lower.utf8Start
        for b in bytes {
            if lowercased(b) != p[i] { return false }
            i += 1
        }
        return true
    }

    /// The index of the first `byte` in `bytes`, or nil: `memchr` over the slice's storage
    /// (the head parser looks for line ends and colons in every head; a generic search checks
    /// bounds per byte).
    static func firstIndex(of byte: UInt8, in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, raw.count > 0,
                  let hit = memchr(base, Int32(byte), raw.count) else { return nil }
            return bytes.startIndex + (UnsafeRawPointer(hit) - base)
        }
    }
}
