import Foundation

/// The font shipped in `Resources/Fonts` (written by `scripts/vendor-fonts` from Debian's
/// `fonts-inter` 4.0~beta7 package; SIL Open Font License 1.1, its licence beside it).
/// docs/design-facts.md section 10: SF Pro cannot be shipped, so the seed's
/// `.body.weight(.medium)` is set in Inter Medium for Latin, Greek and Cyrillic; every other
/// script comes from the system's Noto fonts (`SystemFonts`).
public enum BundledFont {
    /// Inter Medium (weight 500), the static instance.
    public static let fileName = "Inter-Medium.otf"
    public static let family = "Inter Medium"
    /// The licence shipped beside it: Debian's copyright file of fonts-inter, with the full SIL
    /// Open Font License 1.1.
    public static let licenceFileName = "LICENSE-Inter.txt"

    /// The font file in the resource bundle, or nil if the bundle lacks it.
    public static var path: String? {
        Bundle.module.url(forResource: "Inter-Medium", withExtension: "otf", subdirectory: "Fonts")?.path
    }

    /// The licence text from the resource bundle, or nil if it is missing.
    public static var licenceText: String? {
        guard let url = Bundle.module.url(forResource: "LICENSE-Inter", withExtension: "txt", subdirectory: "Fonts"),
              let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Inter loaded from the resources.
    /// - Throws: `TextLayoutError.fontMissing` when the resource bundle lacks the file.
    public static func load() throws -> Font {
        guard let path else { throw TextLayoutError.fontMissing(name: fileName) }
        return try Font(path: path, family: family)
    }
}
