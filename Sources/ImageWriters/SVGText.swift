import Geometry
import Scene

/// The pieces of SVG text the writer is made of: numbers, colours, path data, escaped text.
/// Every function is pure, so equal inputs give equal bytes.
enum SVGText {
    /// `v` rounded to 3 decimals, without trailing zeros or a needless sign: 1, 0.5, -2.125.
    /// Non-finite values (never in a valid scene) are written as 0.
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let thousandths = (v * 1000).rounded()
        guard abs(thousandths) < 1e15 else { return String(Int(v.rounded())) }
        let n = Int(thousandths)
        if n == 0 { return "0" }
        let sign = n < 0 ? "-" : "", m = abs(n)
        let whole = m / 1000, fraction = m % 1000
        guard fraction != 0 else { return sign + String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return sign + String(whole) + "." + digits
    }

    /// `#rrggbb` for the colour's channels (alpha is written apart, as `fill-opacity`).
    static func hex(_ c: RGBAColor) -> String {
        let digits = Array("0123456789abcdef")
        var s = "#"
        for v in [c.red, c.green, c.blue] {
            s.append(digits[Int(v >> 4)])
            s.append(digits[Int(v & 15)])
        }
        return s
    }

    /// SVG path data (`d`) for `path` with every point mapped by `transform`: absolute M, L, Q,
    /// C and Z, numbers separated by one space (or by the minus sign that starts the next).
    static func pathData(_ path: Path, transform: AffineTransform = .identity) -> String {
        var out = ""
        func put(_ command: Character, _ points: Point...) {
            out.append(command)
            var first = true
            for p in points {
                let q = transform == .identity ? p : transform.apply(p)
                for v in [q.x, q.y] {
                    let text = number(v)
                    if !first && !text.hasPrefix("-") { out.append(" ") }
                    out += text
                    first = false
                }
            }
        }
        for element in path.elements {
            switch element {
            case .move(let p): put("M", p)
            case .line(let p): put("L", p)
            case .quad(let c, let p): put("Q", c, p)
            case .cubic(let c1, let c2, let p): put("C", c1, c2, p)
            case .close: out.append("Z")
            }
        }
        return out
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
