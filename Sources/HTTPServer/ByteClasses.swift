/// Byte classes of RFC 9110 section 5.6 and RFC 3986, as pure functions on single bytes.
enum ByteClass {
    static let cr: UInt8 = 13
    static let lf: UInt8 = 10
    static let sp: UInt8 = 32
    static let htab: UInt8 = 9
    static let colon: UInt8 = 58

    /// `tchar` (RFC 9110 section 5.6.2): `!#$%&'*+-.^_`|~`, digits and letters.
    static func isTokenChar(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"),
             UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default: return false
        }
    }

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
}
