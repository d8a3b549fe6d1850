import Geometry
import Scene
import TextLayout

/// The label's colours (docs/design-facts.md section 10): iOS `label` and, for a disabled row,
/// `tertiaryLabel` (Apple's UI element colours, iOS 15-18).
public enum LabelColors {
    /// label: black (light) / white (dark); tertiaryLabel: rgba(60,60,67,0.3) / rgba(235,235,245,0.3).
    public static func label(_ appearance: Appearance, disabled: Bool) -> RGBAColor {
        switch (appearance, disabled) {
        case (.light, false): return RGBAColor(red: 0, green: 0, blue: 0)
        case (.dark, false): return RGBAColor(red: 255, green: 255, blue: 255)
        case (.light, true): return RGBAColor(red: 60, green: 60, blue: 67, alpha: 0.3)
        case (.dark, true): return RGBAColor(red: 235, green: 235, blue: 245, alpha: 0.3)
        }
    }
}

extension LabelledRow {
    /// The label's glyph outlines as one path in px (fill with the nonzero rule), for a row whose
    /// top-left corner is at (`x`, `y`) pt; px = pt x `scale`.
    public func labelPath(x: Double, y: Double, scale: Double, textLayout: TextLayout = .shared) -> Path {
        textLayout.path(of: text, x: x + layout.label.x, y: y + layout.label.y,
                        boxWidth: layout.label.width, scale: scale)
    }

    /// What a screen reader says for the row, as iOS reads a labelled switch: "Dark Mode, switch,
    /// on" (the PNG's Description, the SVG's title and aria-label).
    public static func accessibilityLabel(_ label: String, state: ToggleState, disabled: Bool) -> String {
        var text = "\(label), switch, \(state == .mixed ? "mixed" : state.rawValue)"
        if disabled { text += ", dimmed" }
        return text
    }
}
