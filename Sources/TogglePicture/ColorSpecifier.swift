import Scene
import Geometry
import Raster
import Utilities

/// A colour as a request names it: a named colour (resolved per appearance) or a fixed sRGB value.
public enum ColorSpecifier: Sendable, Equatable, Hashable {
    case named(NamedColor)
    case fixed(RGBAColor)

    /// What `parse` accepts, for error messages.
    public static let expected =
        "a colour name (" + NamedColor.allCases.map(\.rawValue).joined(separator: ", ")
        + ") or hex RGB, RGBA, RRGGBB or RRGGBBAA, with or without a leading #"

    /// Parses a colour name (any case) or hex digits `RGB`, `RGBA`, `RRGGBB`, `RRGGBBAA`
    /// with an optional leading `#`. Returns nil for anything else.
    public static func parse(_ text: String) -> ColorSpecifier? {
        if let name = NamedColor(rawValue: text.lowercased()) { return .named(name) }
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
            return "#" + [c.red, c.green, c.blue, a].map { byte in
                let hex = String(byte, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined()
        }
    }
}
