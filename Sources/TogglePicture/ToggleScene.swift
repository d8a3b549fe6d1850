import Geometry
import Scene

/// Lays a toggle out as a `Scene`: the operations every backend draws, in px, by the style the
/// spec names (`ToggleStyles`; docs/design-facts.md sections 2 and 11).
///
/// Disabled draws every layer at 0.4 of its own alpha, as `.opacity(0.4)` does without a
/// compositing group, in every style.
public enum ToggleScene {
    /// Opacity of every layer of a disabled toggle.
    public static let disabledOpacity = 0.4

    /// The scene of `spec` in its style; with a `pose` (knob position, track colour, symbols at
    /// time t, `ToggleTransition.pose(at:)`), that pose in a knob style (`KnobToggleStyle`; a
    /// style without a knob ignores it). Animation frames of any style: `ToggleTransition.scene(ofFrame:)`.
    /// - Throws: `ToggleRenderError.unknownSymbol` when a symbol name is not in the catalogue,
    ///   `.corruptSymbol` when its bundled icon data does not parse.
    public static func scene(for spec: ToggleSpec, pose: TogglePose? = nil) throws(ToggleRenderError) -> Scene {
        let style = ToggleStyles.style(of: spec)
        guard let pose, let knob = style as? any KnobToggleStyle else { return try style.makeBody(spec) }
        return try knob.makeBody(spec, pose: pose)
    }

    /// `label` without the characters that only steer the direction of its runs: the isolates
    /// U+2066-U+2069 (LRI, RLI, FSI, PDI) and the marks U+200E LEFT-TO-RIGHT MARK, U+200F
    /// RIGHT-TO-LEFT MARK and U+061C ARABIC LETTER MARK (UAX #9). They shape the picture; in a
    /// title, an `aria-label` or a PNG text chunk they would only be invisible characters that
    /// change how a reader orders the words after them.
    public static func spokenLabel(_ label: String) -> String {
        guard label.unicodeScalars.contains(where: isDirectionalFormatting) else { return label }
        return String(String.UnicodeScalarView(label.unicodeScalars.filter { !isDirectionalFormatting($0) }))
    }

    /// The isolates and the three directional marks (see `spokenLabel`).
    static func isDirectionalFormatting(_ scalar: Unicode.Scalar) -> Bool {
        (0x2066 ... 0x2069).contains(scalar.value) || scalar.value == 0x200E || scalar.value == 0x200F
            || scalar.value == 0x061C
    }

    /// What VoiceOver says of the control: "Switch, on" ("off", "mixed"), then ", dimmed" when
    /// disabled (iOS's word for a disabled control); a label comes first ("Wi-Fi, switch, on"),
    /// and the button style says "toggle button".
    /// The label is said without its directional formatting characters (`spokenLabel`).
    public static func accessibilityText(_ spec: ToggleSpec) -> String {
        let isButton = spec.style == ButtonToggleStyle().name
        var text = spec.label.isEmpty ? (isButton ? "Toggle button" : "Switch")
            : spokenLabel(spec.label) + (isButton ? ", toggle button" : ", switch")
        text += ", "
        text += spec.state.rawValue
        if spec.disabled { text += ", dimmed" }
        return text
    }
}
