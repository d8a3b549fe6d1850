/// The toggle's geometry in device pixels, from docs/design-facts.md section 2 (all lengths there in pt;
/// px = pt x scale).
public struct ToggleLayout: Sendable, Equatable {
    /// Track height at Large, in pt (the seed's `@ScaledMetric var height = 32`).
    public static let baseTrackHeight = 32.0
    /// Track width / height.
    public static let aspectRatio = 1.8
    /// Gap between knob and track edge, in pt; not scaled by Dynamic Type.
    public static let knobInset = 3.0
    /// Shadow blur, in pt: SwiftUI `shadow(radius: 2)`, Core Animation's radius acting as sigma.
    public static let shadowSigma = 2.0
    /// Shadow offset downwards, in pt.
    public static let shadowOffsetY = 1.0
    /// Symbol box side / knob diameter: the seed's font size 0.45 d, with a 24-unit icon's
    /// glyph filling about 20/24 of its box, so the box is 0.45 x 1.2 = 0.54 d.
    public static let symbolBoxRatio = 0.45 * 1.2

    /// Track size before padding, px: `round(1.8 h s)` x `round(h s)`.
    public let trackWidth: Int
    public let trackHeight: Int
    /// Margin on every side, px: `round(pad s)`.
    public let padding: Int
    /// Canvas size, px.
    public var canvasWidth: Int { trackWidth + 2 * padding }
    public var canvasHeight: Int { trackHeight + 2 * padding }
    /// Knob centre and radius, px, in canvas coordinates.
    public let knobCenterX: Double
    public let knobCenterY: Double
    public let knobRadius: Double
    /// Side of the square the symbol's 24-unit box maps to, px.
    public let symbolBoxSide: Double
    public let scale: Double

    public init(spec: ToggleSpec) {
        let s = spec.scale
        let h = Self.baseTrackHeight * spec.size.factor
        let d = h - 2 * Self.knobInset
        scale = s
        trackWidth = Int((Self.aspectRatio * h * s).rounded())
        trackHeight = Int((h * s).rounded())
        padding = Int((spec.padding * s).rounded())
        knobRadius = d * s / 2
        let pad = Double(padding)
        let inset = Self.knobInset * s + knobRadius
        let leftToRightX: Double
        switch spec.state {
        case .off: leftToRightX = pad + inset
        case .on: leftToRightX = pad + Double(trackWidth) - inset
        case .mixed: leftToRightX = pad + Double(trackWidth) / 2
        }
        // Mirrored: reflected across the track's vertical centre line.
        knobCenterX = spec.mirrored ? 2 * pad + Double(trackWidth) - leftToRightX : leftToRightX
        knobCenterY = pad + Double(trackHeight) / 2
        symbolBoxSide = Self.symbolBoxRatio * d * s
    }
}
