/// Why a label cannot be laid out.
public enum TextLayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No font of the set maps this character (or none maps its whole grapheme cluster;
    /// docs/design-facts.md section 10: a 400 naming the code point, never a tofu box).
    case uncoveredCharacter(Unicode.Scalar)
    /// A font file cannot be read: Inter missing from the resource bundle (a packaging fault:
    /// copy the `toggle-image-service_TextLayout.resources` folder next to the executable), or a
    /// system font file fontconfig listed.
    case fontMissing(name: String)
    /// A font file's bytes are not a font HarfBuzz can read.
    case fontUnreadable(name: String)

    /// `U+4E2D`: the code point in the usual notation, at least four hex digits.
    public static func codePointText(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    public var description: String {
        switch self {
        case .uncoveredCharacter(let scalar):
            return "no installed font has the character \(Self.codePointText(scalar))"
        case .fontMissing(let name):
            return "font \(name) cannot be read (Inter ships in the TextLayout resource bundle)"
        case .fontUnreadable(let name):
            return "font \(name) cannot be read"
        }
    }
}
