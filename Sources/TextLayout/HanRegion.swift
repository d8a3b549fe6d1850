import CHarfBuzz

/// The regional forms of Han characters Noto Sans CJK has, one face each (its JP, KR, SC, TC and
/// HK faces), as iOS picks Hiragino, Apple SD Gothic Neo or PingFang SC/TC/HK by language:
/// 直, 骨, 写 are drawn differently in each.
public enum HanRegion: String, Sendable, CaseIterable {
    case japanese = "JP", korean = "KR", simplifiedChinese = "SC", traditionalChinese = "TC", hongKong = "HK"

    /// The BCP 47 tag HarfBuzz gets for runs in this face when the label has no language.
    public var languageTag: String {
        switch self {
        case .japanese: "ja"
        case .korean: "ko"
        case .simplifiedChinese: "zh-Hans"
        case .traditionalChinese: "zh-Hant"
        case .hongKong: "zh-HK"
        }
    }

    /// The face for a label: by its language when that names one (`ja`, `ko`, `zh-Hans`,
    /// `zh-Hant`, `zh-HK`, and the regions that imply a script: `zh-CN`, `zh-SG` simplified,
    /// `zh-TW` traditional, `zh-MO` Hong Kong's), else by its characters: kana means Japanese,
    /// hangul Korean, other Han Simplified Chinese.
    /// A language without Han forms of its own (`fr`) leaves the choice to the characters.
    public static func of(_ scalars: [Unicode.Scalar], language: LanguageTag?) -> HanRegion {
        if let language, let region = HanRegion(languageTag: language.canonical) { return region }
        let funcs = hb_unicode_funcs_get_default()
        for scalar in scalars {
            switch hb_unicode_script(funcs, scalar.value) {
            case HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA: return .japanese
            case HB_SCRIPT_HANGUL: return .korean
            default: continue
            }
        }
        return .simplifiedChinese
    }

    /// The face a BCP 47 tag asks for, or nil for a language without Han forms of its own.
    init?(languageTag: String) {
        let subtags = languageTag.lowercased().split(separator: "-").map(String.init)
        guard let language = subtags.first else { return nil }
        let rest = Set(subtags.dropFirst())
        switch language {
        case "ja": self = .japanese
        case "ko": self = .korean
        case "zh", "cmn", "yue":
            if rest.contains("hk") || rest.contains("mo") { self = .hongKong }
            else if rest.contains("hant") || rest.contains("tw") || (language == "yue" && !rest.contains("hans")) {
                self = .traditionalChinese
            } else { self = .simplifiedChinese }
        default: return nil
        }
    }
}
