/// Numbers as ASCII digits written into memory the caller sized (through a pointer: no capacity
/// check per byte) or appended to an array: the one decimal and hexadecimal writer of the
/// project (HTTP heads, access-log lines, cache keys, SVG numbers and colours, entity tags).
public enum ASCIIDigits {
    /// The most bytes `writeDecimal` writes: 20 digits of `UInt.max`.
    public static let maximumDecimalBytes = 20

    /// Writes `value` in decimal at `p`, zero-padded to at least `minimumDigits` digits; returns
    /// the count of bytes (at most `max(20, minimumDigits)`).
    @inlinable @inline(__always)
    public static func writeDecimal(_ value: UInt, minimumDigits: Int = 1,
                                    to p: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 1, rest = value
        while rest >= 10 { rest /= 10; count += 1 }
        count = max(count, minimumDigits)
        rest = value
        var i = count
        repeat {
            i -= 1
            p[i] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
            rest /= 10
        } while i > 0
        return count
    }

    /// Writes `value` (0...99) as exactly two decimal digits at `p` (a timestamp's fields), without
    /// the general writer's digit count and loop (Benchmarks/serving/callgrind.sh, log on).
    @inlinable @inline(__always)
    public static func writeTwoDigits(_ value: Int, to p: UnsafeMutablePointer<UInt8>) {
        p[0] = UInt8(truncatingIfNeeded: value / 10) &+ 0x30
        p[1] = UInt8(truncatingIfNeeded: value % 10) &+ 0x30
    }

    /// Writes `value` in decimal at `p`, a minus sign first when negative; returns the count of
    /// bytes (at most 21).
    @inlinable @inline(__always)
    public static func writeDecimal(_ value: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        guard value < 0 else { return writeDecimal(value.magnitude, to: p) }
        p[0] = UInt8(ascii: "-")
        return 1 + writeDecimal(value.magnitude, to: p + 1)
    }

    /// Appends `value` in decimal, as `"\(value)"` writes an `Int`.
    @inlinable
    public static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            let count = writeDecimal(value, to: buffer.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0 ..< count]))
        }
    }

    /// The lowercase hexadecimal digit of `nibble` (0...15).
    @inlinable @inline(__always)
    public static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? nibble &+ 0x30 : nibble &+ 0x57
    }

    /// Writes the low `digits` hexadecimal digits of `value` at `p`, lowercase, most significant
    /// first, zero-padded (`digits` 1...16; 2 for a byte, 16 for a 64-bit hash).
    @inlinable @inline(__always)
    public static func writeHex(_ value: UInt64, digits: Int, to p: UnsafeMutablePointer<UInt8>) {
        for i in 0 ..< digits {
            p[digits - 1 - i] = hexDigit(UInt8(truncatingIfNeeded: (value >> (4 * UInt64(i))) & 15))
        }
    }
}
