import CHarfBuzz
import CICU

/// The direction a paragraph of text runs in.
public enum TextDirection: String, Sendable, Hashable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// The direction rules P2 and P3 of UAX #9 give `text`: its first strong character's
    /// (skipping isolates; ICU's `ubidi_getBaseDirection`), or nil when it has none.
    public static func firstStrong(in text: String) -> TextDirection? {
        let units = Array(text.utf16)
        guard !units.isEmpty else { return nil }
        switch tis_bidi_base_direction(units, Int32(units.count)) {
        case 0: return .leftToRight
        case 1: return .rightToLeft
        default: return nil
        }
    }

    /// The direction of text at a resolved bidi level: odd levels run right to left.
    init(level: UInt8) {
        self = level & 1 == 1 ? .rightToLeft : .leftToRight
    }

    var harfBuzz: hb_direction_t { self == .rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR }
}
