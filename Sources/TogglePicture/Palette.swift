import Scene
import Geometry

/// SwiftUI's named colours as iOS 15-18 resolve them (sRGB 0-255, light and dark), from Apple's
/// Human Interface Guidelines colour table; copied in docs/design-facts.md section 2.
public enum NamedColor: String, Sendable, CaseIterable {
    case red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray
    case black, white, clear

    /// The colour in `appearance`.
    public func resolved(in appearance: Appearance) -> RGBAColor {
        let (light, dark) = rgb
        let c = appearance == .light ? light : dark
        return RGBAColor(red: c.0, green: c.1, blue: c.2, alpha: self == .clear ? 0 : 1)
    }

    private var rgb: ((UInt8, UInt8, UInt8), (UInt8, UInt8, UInt8)) {
        switch self {
        case .red: return ((255, 59, 48), (255, 69, 58))
        case .orange: return ((255, 149, 0), (255, 159, 10))
        case .yellow: return ((255, 204, 0), (255, 214, 10))
        case .green: return ((52, 199, 89), (48, 209, 88))
        case .mint: return ((0, 199, 190), (99, 230, 226))
        case .teal: return ((48, 176, 199), (64, 200, 224))
        case .cyan: return ((50, 173, 230), (100, 210, 255))
        case .blue: return ((0, 122, 255), (10, 132, 255))
        case .indigo: return ((88, 86, 214), (94, 92, 230))
        case .purple: return ((175, 82, 222), (191, 90, 242))
        case .pink: return ((255, 45, 85), (255, 55, 95))
        case .brown: return ((162, 132, 94), (172, 142, 104))
        case .gray: return ((142, 142, 147), (142, 142, 147))
        case .black: return ((0, 0, 0), (0, 0, 0))
        case .white: return ((255, 255, 255), (255, 255, 255))
        case .clear: return ((0, 0, 0), (0, 0, 0))
        }
    }
}

/// Fixed colours of the style (docs/design-facts.md section 2).
public enum StyleColors {
    /// The knob: white in both appearances.
    public static let knob = RGBAColor.white
    /// The symbol when off: systemGray (142,142,147).
    public static let offSymbol = RGBAColor(red: 142, green: 142, blue: 147)
    /// The knob's shadow colour: black at opacity 0.20.
    public static let shadow = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.2)

    /// The off track: `Color.secondary` at opacity 0.35. Secondary label is rgba(60,60,67,0.6)
    /// light and rgba(235,235,245,0.6) dark, so the track is alpha 0.6 x 0.35 = 0.21.
    public static func offTrack(_ appearance: Appearance) -> RGBAColor {
        appearance == .light
            ? RGBAColor(red: 60, green: 60, blue: 67, alpha: 0.21)
            : RGBAColor(red: 235, green: 235, blue: 245, alpha: 0.21)
    }
}
