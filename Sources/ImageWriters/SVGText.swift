import Geometry
import Scene

/// The pieces of SVG text the writer is made of: numbers, colours, path data, escaped text.
/// Every function is pure, so equal inputs give equal bytes.
enum SVGText {
    /// `v` rounded to 3 decimals, without trailing zeros or a needless sign: 1, 0.5, -2.125.
    /// Non-finite values (never in a valid scene) are written as 0.
    static func number(_ v: Double) -> String {
        var out: [UInt8] = []
        appendNumber(v, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `number(v)`'s text to `out`, digit by digit (no intermediate strings: path data is
    /// most of an SVG's bytes and was most of an uncached `/toggle.svg`'s time).
    static func appendNumber(_ v: Double, to out: inout [UInt8]) {
        guard v.isFinite else { return out.append(0x30) }
        let thousandths = (v * 1000).rounded()
        guard abs(thousandths) < 1e15 else { return out.append(contentsOf: String(Int(v.rounded())).utf8) }
        let n = Int(thousandths)
        if n == 0 { return out.append(0x30) }
        if n < 0 { out.append(0x2D) }
        let m = abs(n)
        appendDigits(m / 1000, width: 1, to: &out)
        var fraction = m % 1000, width = 3
        guard fraction != 0 else { return }
        while fraction % 10 == 0 { fraction /= 10; width -= 1 }
        out.append(0x2E)
        appendDigits(fraction, width: width, to: &out)
    }

    /// Whether `number(v)` starts with a minus sign.
    static func isNegative(_ v: Double) -> Bool { v.isFinite && (v * 1000).rounded() < 0 }

    /// Appends `value` (>= 0) in decimal, zero-padded to at least `width` digits.
    private static func appendDigits(_ value: Int, width: Int, to out: inout [UInt8]) {
        var count = 1, scale = 1
        while value / scale >= 10 { scale *= 10; count += 1 }
        for _ in count ..< max(count, width) { out.append(0x30) }
        var rest = value
        while scale > 0 {
            out.append(UInt8(truncatingIfNeeded: rest / scale) + 0x30)
            rest %= scale
            scale /= 10
        }
    }

    /// `#rrggbb` for the colour's channels (alpha is written apart, as `fill-opacity`).
    static func hex(_ c: RGBAColor) -> String {
        var out: [UInt8] = [UInt8(ascii: "#")]
        out.reserveCapacity(7)
        func put(_ v: UInt8) {
            out.append(hexDigits[Int(v >> 4)])
            out.append(hexDigits[Int(v & 15)])
        }
        put(c.red)
        put(c.green)
        put(c.blue)
        return String(decoding: out, as: UTF8.self)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// SVG path data (`d`) for `path` with every point mapped by `transform`: absolute M, L, Q,
    /// C and Z, numbers separated by one space (or by the minus sign that starts the next).
    static func pathData(_ path: Path, transform: AffineTransform = .identity) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(path.elements.count * 24)
        let identity = transform == .identity
        var first = true
        func value(_ v: Double) {
            if !first && !isNegative(v) { out.append(0x20) }
            appendNumber(v, to: &out)
            first = false
        }
        func point(_ p: Point) {
            let q = identity ? p : transform.apply(p)
            value(q.x)
            value(q.y)
        }
        for element in path.elements {
            first = true
            switch element {
            case .move(let p): out.append(UInt8(ascii: "M")); point(p)
            case .line(let p): out.append(UInt8(ascii: "L")); point(p)
            case .quad(let c, let p): out.append(UInt8(ascii: "Q")); point(c); point(p)
            case .cubic(let c1, let c2, let p): out.append(UInt8(ascii: "C")); point(c1); point(c2); point(p)
            case .close: out.append(UInt8(ascii: "Z"))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` with the five XML special characters as entities (XML 1.0 section 2.4), and
    /// characters XML forbids (C0 controls but tab, line feed, carriage return) dropped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
