/// Text for cache keys written as UTF-8 bytes into one array, with the same characters Swift's
/// `description` gives (so keys written this way equal keys made by string interpolation, and the
/// ETags hashed from them stay the same), without a `String` per part.
public enum KeyText {
    /// Appends the UTF-8 of `text`: byte by byte when short (most parts of a key are a few
    /// bytes, and `append(contentsOf:)` costs about 90 instructions a call however short).
    @inline(__always)
    public static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            if utf8.count <= 8 {
                for b in utf8 { bytes.append(b) }
            } else {
                bytes.append(contentsOf: utf8)
            }
        }
    }

    /// Appends `byte` in decimal, as `"\(byte)"`.
    public static func append(decimal byte: UInt8, to bytes: inout [UInt8]) {
        if byte >= 100 { bytes.append(UInt8(ascii: "0") + byte / 100) }
        if byte >= 10 { bytes.append(UInt8(ascii: "0") + byte / 10 % 10) }
        bytes.append(UInt8(ascii: "0") + byte % 10)
    }

    /// Appends `value` in decimal, as `"\(value)"` for an `Int`.
    public static func append(decimal value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        var rest = magnitude
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        } while divisor > 0
    }

    /// Appends `value` as `value.description` (`"\(value)"`): `2.0`, `1.5`, `0.35`.
    ///
    /// A value of at most three decimals from 0 to 1,000,000 (every scale, padding, width and
    /// alpha a query can give, but alphas from two hex digits) is written digit by digit: it is
    /// the double nearest to `k / 1000` for a whole `k`, and the shortest decimal that reads back
    /// as that double (what `description` prints) is `k / 1000` without trailing zeros, since two
    /// decimals of at most 15 significant digits never round to the same double (`DBL_DIG`).
    /// Every other value goes through `description` itself.
    public static func append(description value: Double, to bytes: inout [UInt8]) {
        if value >= 0, value <= 1_000_000, value.sign == .plus {
            let thousandths = (value * 1000).rounded()
            if thousandths / 1000 == value {
                let k = Int(thousandths)
                append(decimal: k / 1000, to: &bytes)
                bytes.append(UInt8(ascii: "."))
                var fraction = k % 1000
                if fraction == 0 {
                    bytes.append(UInt8(ascii: "0"))
                    return
                }
                var divisor = 100
                while fraction > 0 {
                    bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
                    fraction %= divisor
                    divisor /= 10
                }
                return
            }
        }
        append(value.description, to: &bytes)
    }
}
