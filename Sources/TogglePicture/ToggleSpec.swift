import TextLayout
/// Which state the switch shows.
public enum ToggleState: String, Sendable, CaseIterable {
    case off, on
    /// The third state (`isMixed`): knob centred, `minus` symbol, track in the tint.
    case mixed
}

/// Everything that determines one toggle picture. Equal specs give byte-identical PNGs.
public struct ToggleSpec: Sendable, Equatable {
    public var state: ToggleState = .off
    /// Symbol name shown when on / off / mixed.
    public var onSymbol: String = "checkmark"
    public var offSymbol: String = "xmark"
    public var mixedSymbol: String = "minus"
    /// Track and on-symbol colour. Default `green`.
    public var tint: ColorSpecifier = .named(.green)
    /// Track colour when off; nil means `Color.secondary` at 0.35.
    public var offColor: ColorSpecifier? = nil
    /// Pixels per point, 1...4.
    public var scale: Double = 1
    public var size: DynamicTypeSize = .large
    public var appearance: Appearance = .light
    /// Every layer at 0.4 of its alpha.
    public var disabled: Bool = false
    /// Colour behind the track, filling the whole canvas; nil is transparent.
    public var background: ColorSpecifier? = nil
    /// Margin on every side, in pt, 0...64.
    public var padding: Double = 0
    /// The style's name (`style=`, a name in `ToggleStyles.all`); default `iconSwitch`.
    public var style: String = "iconSwitch"
    /// The toggle's label (`label=`): the text of the `button` and `symbol` styles, and the
    /// first words of every picture's accessibility text. Empty: none.
    public var label: String = ""
    /// Right to left (`dir=rtl`, or a row whose label is right to left): the knob's leading end
    /// is the right, so on puts the knob at the left, as iOS mirrors `.leading`/`.trailing`
    /// (docs/design-facts.md section 10).
    public var mirrored: Bool = false
    /// The label's language (`lang=`, BCP 47): HarfBuzz's language, the Noto Sans CJK face for
    /// Han characters, ICU's line-break locale (`TextLayout.layout(_:language:)`). Nil: by the
    /// label's characters (kana Japanese, hangul Korean, other Han Simplified Chinese).
    /// `Accept-Language` is never read.
    public var language: LanguageTag? = nil
    /// The width a layout offers the toggle, pt (SwiftUI's proposed width): a style that draws
    /// its label (`button`, `symbol`) wraps the label's lines to fit it; a row proposes its own
    /// width. Nil: the ideal width, the label on one line (`/toggle`).
    public var proposedWidth: Double? = nil
    /// `contrast=auto`: a symbol drawn on the white knob (the icon switch's and the tutorial
    /// style's) that shows at under 3:1 against it is drawn in the nearest darker shade of its
    /// colour that reaches 3:1 (`SymbolContrast.raised`). False (the default) draws the colour
    /// as given, as SwiftUI does.
    public var raisesSymbolContrast: Bool = false

    public init() {}

    /// The symbol shown in the current state.
    public var symbolName: String {
        switch state {
        case .on: return onSymbol
        case .off: return offSymbol
        case .mixed: return mixedSymbol
        }
    }
}
