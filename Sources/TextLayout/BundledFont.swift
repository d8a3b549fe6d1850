import Foundation

/// The fonts shipped in `Resources/Fonts` (written by `scripts/vendor-fonts` from Debian's
/// `fonts-inter` 4.0~beta7 and `fonts-noto-core` 20201225 packages; SIL Open Font License 1.1,
/// licences beside the fonts). docs/design-facts.md section 10: SF Pro cannot be shipped, so the seed's
/// `.body.weight(.medium)` is set in Inter Medium, with Noto Sans for right-to-left scripts.
public enum BundledFont: String, Sendable, CaseIterable, Hashable {
    /// Inter Medium (weight 500), the static instance: Latin, Greek, Cyrillic.
    case interMedium = "Inter-Medium.otf"
    /// Noto Sans Arabic Regular (the package has no Medium).
    case notoSansArabic = "NotoSansArabic-Regular.ttf"
    /// Noto Sans Hebrew Regular (the package has no Medium).
    case notoSansHebrew = "NotoSansHebrew-Regular.ttf"

    /// The order in which fonts are tried for a character: Inter first, then the fallbacks.
    public static let fallbackOrder: [BundledFont] = [.interMedium, .notoSansArabic, .notoSansHebrew]
}

extension BundledFont {
    /// The licence text shipped beside this font in the resource bundle (Debian's copyright file
    /// of the package it came from, with the full SIL Open Font License 1.1).
    public var licenceFileName: String {
        self == .interMedium ? "LICENSE-Inter.txt" : "LICENSE-Noto.txt"
    }

    /// The licence text from the resource bundle, or nil if it is missing.
    public var licenceText: String? {
        let name = licenceFileName
        guard let url = Bundle.module.url(forResource: String(name.dropLast(4)), withExtension: "txt",
                                          subdirectory: "Fonts"),
              let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
