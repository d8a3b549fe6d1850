import Scene
import Geometry
import Utilities

/// A colour as a request names it: a named colour (resolved per appearance) or a fixed sRGB value.
public enum ColorSpecifier: Sendable, Equatable, Hashable {
    case named(NamedColor)
    case fixed(RGBAColor)

    /// What `parse` accepts, for error messages.
    public static let expected =
        "a SwiftUI colour name (" + NamedColor.allCases.map(\.rawValue).joined(separator: ", ")
        + "; grey is gray, transparent is clear), a CSS named colour (e.g. papayawhip, rebeccapurple), hex RGB, RGBA, RRGGBB or RRGGBBAA "
        + "with or without a leading #, or CSS rgb()/rgba() with numbers 0-255 or percentages, hsl()/hsla() "
        + "or hwb() (e.g. rgb(255 149 0 / 50%), rgba(255,149,0,0.5), hsl(35 100% 50%), hwb(35 0% 0%)); "
        + "alpha 0-1 or 0-100%"

    /// Parses, in this order: a SwiftUI colour name (any case; `grey` spells `gray`,
    /// `transparent` is `clear`), which
    /// adapts to the theme; a CSS named colour; hex digits `RGB`, `RGBA`, `RRGGBB`, `RRGGBBAA`
    /// with an optional leading `#`; a CSS Color 4 `rgb()`, `rgba()`, `hsl()`, `hsla()` or
    /// `hwb()` (see `CSSColorFunction`). Returns nil for anything else, out-of-range values included.
    public static func parse(_ text: String) -> ColorSpecifier? {
        // Hex digits (what a generated colour usually is) first: no name is 3, 4, 6 or 8 hex
        // digits (ColorSpecifierTests checks), so the order above gives the same answer.
        if let hex = hexColor(text) { return .fixed(hex) }
        let lower = text.lowercased()
        // `grey` spells SwiftUI's gray; CSS's `transparent` (CSS Color 4 section 6.3) is `clear`.
        let spelling = lower == "grey" ? "gray" : (lower == "transparent" ? "clear" : lower)
        if let name = NamedColor(rawValue: spelling) { return .named(name) }
        if let (r, g, b) = CSSNamedColors.table[lower] { return .fixed(RGBAColor(red: r, green: g, blue: b)) }
        if lower.hasSuffix(")") { return CSSColorFunction.parse(lower).map { .fixed($0) } }
        var digits = Substring(text)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        var nibbles: [UInt8] = []
        for byte in digits.utf8 {
            guard let nibble = hexDigitValue(byte) else { return nil }
            nibbles.append(nibble)
        }
        let channels: [UInt8]
        switch nibbles.count {
        case 3, 4: channels = nibbles.map { $0 * 17 }
        case 6, 8: channels = stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] * 16 + nibbles[$0 + 1] }
        default: return nil
        }
        let alpha = channels.count == 4 ? Double(channels[3]) / 255 : 1
        return .fixed(RGBAColor(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha))
    }

    /// `RGB`, `RGBA`, `RRGGBB` or `RRGGBBAA` hex digits (any case, optionally after `#`) as a
    /// colour, or nil for anything else.
    static func hexColor(_ text: String) -> RGBAColor? {
        var nibbles: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var skipsHash = text.utf8.first == UInt8(ascii: "#")
        let valid: Bool = withUnsafeMutableBytes(of: &nibbles) { nibble in
            for byte in text.utf8 {
                if skipsHash { skipsHash = false; continue }
                guard count < 8, let value = hexDigitValue(byte) else { return false }
                nibble[count] = value
                count += 1
            }
            return true
        }
        guard valid else { return nil }
        let n = nibbles
        switch count {
        case 3, 4:
            return RGBAColor(red: n.0 * 17, green: n.1 * 17, blue: n.2 * 17,
                             alpha: count == 4 ? Double(n.3 * 17) / 255 : 1)
        case 6, 8:
            return RGBAColor(red: n.0 * 16 + n.1, green: n.2 * 16 + n.3, blue: n.4 * 16 + n.5,
                             alpha: count == 8 ? Double(n.6 * 16 + n.7) / 255 : 1)
        default:
            return nil
        }
    }

    /// The colour in `appearance`.
    public func resolved(in appearance: Appearance) -> RGBAColor {
        switch self {
        case .named(let name): return name.resolved(in: appearance)
        case .fixed(let color): return color
        }
    }

    /// The canonical spelling: the lowercase name, or `#rrggbbaa`.
    public var canonical: String {
        switch self {
        case .named(let name): return name.rawValue
        case .fixed(let c):
            let a = UInt8((c.alpha * 255).rounded())
            let rgba = UInt64(c.red) << 24 | UInt64(c.green) << 16 | UInt64(c.blue) << 8 | UInt64(a)
            return String(unsafeUninitializedCapacity: 9) { text in
                text[0] = UInt8(ascii: "#")
                ASCIIDigits.writeHex(rgba, digits: 8, to: text.baseAddress! + 1)
                return 9
            }
        }
    }
}
