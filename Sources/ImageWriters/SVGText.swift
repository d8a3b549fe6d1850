import Geometry
import Scene
import Utilities

/// The pieces of SVG text the writer is made of: numbers, colours, path data, escaped text.
/// Every function is pure, so equal inputs give equal bytes.
enum SVGText {
    /// `v` rounded to 3 decimals, without trailing zeros or a needless sign: 1, 0.5, -2.125.
    /// Non-finite values (never in a valid scene) are written as 0.
    static func number(_ v: Double) -> String {
        var out = SVGBytes(capacity: 24)
        appendNumber(v, to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Appends `number(v)`'s text to `out` (no intermediate strings: path data is most of an
    /// SVG's bytes and, written through `String`s, was most of an uncached `/toggle.svg`'s time).
    static func appendNumber(_ v: Double, to out: inout SVGBytes) {
        out.write(maximumCount: 24) { p in writeNumber(v, to: p) }
    }

    /// Writes `number(v)`'s text at `p` (room for 24 bytes); returns its length.
    @inline(__always)
    static func writeNumber(_ v: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        guard let n = thousandths(v) else { return ASCIIDigits.writeDecimal(Int(v.rounded()), to: p) }
        return writeThousandths(n, to: p)
    }

    /// `v` x 1000 rounded half away from zero, as `(v * 1000).rounded()` gives it but without its
    /// libm call (`x - Double(Int(x))` is exact); 0 for non-finite `v`; nil when too large for
    /// `writeThousandths` (|v| >= 1e12, never in a valid scene).
    @inline(__always)
    static func thousandths(_ v: Double) -> Int? {
        let scaled = v * 1000
        guard scaled.isFinite else { return 0 }
        guard abs(scaled) < 1e15 else { return nil }
        let n = Int(scaled)
        let rest = scaled - Double(n)
        return rest >= 0.5 ? n + 1 : rest <= -0.5 ? n - 1 : n
    }

    /// Writes `n` thousandths as `number` does (at most 3 decimals, no trailing zeros, "0" for
    /// zero) at `p`; returns the count of bytes written, at most 21 for |n| < 1e15.
    @inline(__always)
    static func writeThousandths(_ n: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        if n == 0 { p[0] = 0x30; return 1 }
        var count = 0
        if n < 0 { p[0] = 0x2D; count = 1 }
        let m = n.magnitude
        count += ASCIIDigits.writeDecimal(m / 1000, to: p + count)
        var fraction = m % 1000
        guard fraction != 0 else { return count }
        p[count] = 0x2E
        p[count + 1] = UInt8(truncatingIfNeeded: fraction / 100) + 0x30
        count += 2
        fraction %= 100
        guard fraction != 0 else { return count }
        p[count] = UInt8(truncatingIfNeeded: fraction / 10) + 0x30
        count += 1
        fraction %= 10
        guard fraction != 0 else { return count }
        p[count] = UInt8(truncatingIfNeeded: fraction) + 0x30
        return count + 1
    }

    /// Appends `value` in decimal (a minus sign first when negative).
    static func appendInteger(_ value: Int, to out: inout SVGBytes) {
        out.write(maximumCount: 24) { p in ASCIIDigits.writeDecimal(value, to: p) }
    }

    /// `#rrggbb` for the colour's channels (alpha is written apart, as `fill-opacity`).
    static func hex(_ c: RGBAColor) -> String {
        var out = SVGBytes(capacity: 16)
        appendHex(c, to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Appends `hex(c)`'s text to `out`.
    static func appendHex(_ c: RGBAColor, to out: inout SVGBytes) {
        out.write(maximumCount: 7) { p in writeHex(c, to: p) }
    }

    /// Writes `hex(c)`'s 7 bytes at `p`; returns 7.
    @inline(__always)
    static func writeHex(_ c: RGBAColor, to p: UnsafeMutablePointer<UInt8>) -> Int {
        p[0] = UInt8(ascii: "#")
        ASCIIDigits.writeHex(UInt64(c.red) << 16 | UInt64(c.green) << 8 | UInt64(c.blue), digits: 6, to: p + 1)
        return 7
    }

    /// SVG path data (`d`) for `path` with every point mapped by `transform`: absolute M, L, Q,
    /// C and Z, numbers separated by one space (or by the minus sign that starts the next).
    static func pathData(_ path: Path, transform: AffineTransform = .identity) -> String {
        String(decoding: pathDataBytes(path, transform: transform), as: UTF8.self)
    }

    /// `pathData(path, transform:)`'s text: written through a pointer into a buffer sized for the
    /// longest possible text (a command letter and 6 numbers of at most 22 bytes with their
    /// separators per element).
    static func pathDataBytes(_ path: Path, transform: AffineTransform = .identity) -> [UInt8] {
        let elements = path.elements
        let identity = transform == .identity
        return [UInt8](unsafeUninitializedCapacity: elements.count * 140 + 1) { buffer, written in
            let base = buffer.baseAddress!
            var p = base
            for element in elements {
                switch element {
                case .move(let a):
                    p[0] = UInt8(ascii: "M"); p += 1
                    writePoint(a, transform, identity, first: true, &p)
                case .line(let a):
                    p[0] = UInt8(ascii: "L"); p += 1
                    writePoint(a, transform, identity, first: true, &p)
                case .quad(let c, let a):
                    p[0] = UInt8(ascii: "Q"); p += 1
                    writePoint(c, transform, identity, first: true, &p)
                    writePoint(a, transform, identity, first: false, &p)
                case .cubic(let c1, let c2, let a):
                    p[0] = UInt8(ascii: "C"); p += 1
                    writePoint(c1, transform, identity, first: true, &p)
                    writePoint(c2, transform, identity, first: false, &p)
                    writePoint(a, transform, identity, first: false, &p)
                case .close:
                    p[0] = UInt8(ascii: "Z"); p += 1
                }
            }
            written = p - base
        }
    }

    /// Writes `point` (mapped by `transform` unless `identity`) as two numbers at `p` and moves
    /// `p` past them: a space before each number unless it is the command's first or starts
    /// with a minus sign.
    @inline(__always)
    private static func writePoint(_ point: Point, _ transform: AffineTransform, _ identity: Bool, first: Bool,
                                   _ p: inout UnsafeMutablePointer<UInt8>) {
        let q = identity ? point : transform.apply(point)
        let x = thousandths(q.x) ?? 0, y = thousandths(q.y) ?? 0
        if !first && x >= 0 { p[0] = 0x20; p += 1 }
        p += writeThousandths(x, to: p)
        if y >= 0 { p[0] = 0x20; p += 1 }
        p += writeThousandths(y, to: p)
    }

    /// `text` with the five XML special characters as entities (XML 1.0 section 2.4), and
    /// characters XML forbids (C0 controls but tab, line feed, carriage return) dropped.
    static func escaped(_ text: String) -> String {
        var out = SVGBytes(capacity: text.utf8.count * 6)
        appendEscaped(text, to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Appends `escaped(text)`'s UTF-8 to `out`, byte by byte: every character replaced or
    /// dropped is ASCII except U+FFFE and U+FFFF (UTF-8 EF BF BE and EF BF BF).
    static func appendEscaped(_ text: String, to out: inout SVGBytes) {
        var text = text
        text.withUTF8 { utf8 in
            var i = 0
            while i < utf8.count {
                let b = utf8[i]
                i += 1
                switch b {
                case UInt8(ascii: "&"): append("&amp;", to: &out)
                case UInt8(ascii: "<"): append("&lt;", to: &out)
                case UInt8(ascii: ">"): append("&gt;", to: &out)
                case UInt8(ascii: "\""): append("&quot;", to: &out)
                case UInt8(ascii: "'"): append("&apos;", to: &out)
                case 0x09, 0x0A, 0x0D: out.append(b)
                case 0..<0x20: continue
                case 0xEF where i + 1 < utf8.count && utf8[i] == 0xBF && (utf8[i + 1] == 0xBE || utf8[i + 1] == 0xBF):
                    i += 2
                default: out.append(b)
                }
            }
        }
    }

    /// Appends the bytes of `literal` (ASCII markup) to `out`.
    @inline(__always)
    static func append(_ literal: StaticString, to out: inout SVGBytes) {
        out.append(literal)
    }

    /// Writes `literal`'s bytes at `p`; returns their count.
    @inline(__always)
    static func write(_ literal: StaticString, to p: UnsafeMutablePointer<UInt8>) -> Int {
        p.update(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
        return literal.utf8CodeUnitCount
    }
}

extension SVGText {
    /// Whether `number(v)` is "1" (an opacity that need not be written).
    static func writesOne(_ v: Double) -> Bool { thousandths(v) == 1000 }
}
