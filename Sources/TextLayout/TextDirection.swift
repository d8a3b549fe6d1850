import CHarfBuzz

/// The direction a paragraph of text runs in.
public enum TextDirection: String, Sendable, Hashable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// The direction of the first strong character of `text` (a letter, general category L*,
    /// whose script HarfBuzz reports as written right to left: Arabic, Hebrew, Syriac, Thaana,
    /// N'Ko, ...), or nil when `text` has no letter. A simplification of rule P2 of the Unicode
    /// Bidirectional Algorithm (UAX #9), which also counts explicit marks; labels have none.
    public static func firstStrong(in text: String) -> TextDirection? {
        for scalar in text.unicodeScalars {
            if let direction = strongDirection(of: scalar) { return direction }
        }
        return nil
    }

    /// The strong direction of one character, or nil for neutrals (spaces, digits, punctuation,
    /// marks, symbols).
    static func strongDirection(of scalar: Unicode.Scalar) -> TextDirection? {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            let script = hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value)
            return hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL ? .rightToLeft : .leftToRight
        default:
            return nil
        }
    }

    var harfBuzz: hb_direction_t { self == .rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR }
}
