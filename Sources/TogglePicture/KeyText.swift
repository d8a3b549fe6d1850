import Utilities

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

    /// Appends `value` in decimal, as `"\(value)"` for an `Int`.
    public static func append(decimal value: Int, to bytes: inout [UInt8]) {
        ASCIIDigits.appendDecimal(value, to: &bytes)
    }
}

/// Writes key text through a pointer into memory sized beforehand (no capacity or uniqueness
/// check per byte, as `Array.append` makes): the characters of Swift's `description`, as `KeyText`.
/// The caller sizes the memory for everything it writes (`KeyCursor.maximumDescriptionBytes`
/// per `Double`).
struct KeyCursor {
    let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    /// The longest `description` of a `Double` ("-1.7976931348623157e+308" is 24).
    static let maximumDescriptionBytes = 32

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    /// The UTF-8 of `text`.
    @inline(__always)
    mutating func put(_ text: String) {
        let written = text.utf8.withContiguousStorageIfAvailable { utf8 -> Int in
            if let source = utf8.baseAddress { (base + count).update(from: source, count: utf8.count) }
            return utf8.count
        }
        if let written {
            count += written
        } else {
            for b in text.utf8 { put(b) }
        }
    }

    /// `byte` in decimal, as `"\(byte)"`.
    @inline(__always)
    mutating func put(decimal byte: UInt8) {
        count += ASCIIDigits.writeDecimal(UInt(byte), to: base + count)
    }

    /// `value` in decimal, as `"\(value)"` for an `Int`.
    mutating func put(decimal value: Int) {
        count += ASCIIDigits.writeDecimal(value, to: base + count)
    }

    /// `value` as `value.description` (`"\(value)"`): `2.0`, `1.5`, `0.35`.
    ///
    /// A value of at most three decimals from 0 to 1,000,000 (every scale, padding, width and
    /// alpha a query can give, but alphas from two hex digits) is written digit by digit: it is
    /// the double nearest to `k / 1000` for a whole `k`, and the shortest decimal that reads back
    /// as that double (what `description` prints) is `k / 1000` without trailing zeros, since two
    /// decimals of at most 15 significant digits never round to the same double (`DBL_DIG`).
    /// Every other value goes through `description` itself.
    mutating func put(description value: Double) {
        if value >= 0, value <= 1_000_000, value.sign == .plus {
            // `(value * 1000).rounded()` without its libm call: the product is at most 1e9, so
            // `Int` holds it and `scaled - Double(k)` is exact.
            let scaled = value * 1000
            var k = Int(scaled)
            if scaled - Double(k) >= 0.5 { k += 1 }
            if Double(k) / 1000 == value {
                put(decimal: k / 1000)
                put(UInt8(ascii: "."))
                var fraction = k % 1000
                if fraction == 0 {
                    put(UInt8(ascii: "0"))
                    return
                }
                var divisor = 100
                while fraction > 0 {
                    put(UInt8(ascii: "0") + UInt8(fraction / divisor))
                    fraction %= divisor
                    divisor /= 10
                }
                return
            }
        }
        put(value.description)
    }
}
