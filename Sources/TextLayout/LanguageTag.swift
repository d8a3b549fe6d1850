import CICU

/// A label's language, a well-formed BCP 47 tag (RFC 5646: `ja`, `ko`, `zh-Hans`, `zh-Hant`,
/// `zh-HK`, `sr-Latn-RS` ...) as ICU's parser reads it: HarfBuzz's language (it selects `locl`
/// forms), the Noto Sans CJK face for Han characters (`HanRegion`) and ICU's line-break locale.
public struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
    /// The tag in its canonical form (ICU's `uloc_toLanguageTag`: `zh-hant` is `zh-Hant`).
    public let canonical: String
    /// The ICU locale ID it names (`zh_Hant`).
    let icuLocale: String

    /// Longest tag accepted, bytes: longer than any tag a label needs, short enough for a key.
    public static let maximumLength = 35

    /// Nil for a tag that is not well-formed BCP 47 (`en_US`, `ja-`, `123`, an empty string) or
    /// longer than `maximumLength`.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.maximumLength,
              bytes.allSatisfy({ $0 == UInt8(ascii: "-") || ($0 < 0x80 && (Character(Unicode.Scalar($0)).isLetter
                                                                         || Character(Unicode.Scalar($0)).isNumber)) })
        else { return nil }
        var canonical = [CChar](repeating: 0, count: 96), locale = [CChar](repeating: 0, count: 160)
        let status = bytes.withUnsafeBufferPointer { tag in
            tag.withMemoryRebound(to: CChar.self) {
                tis_language_tag($0.baseAddress, Int32($0.count), &canonical, Int32(canonical.count), &locale,
                                 Int32(locale.count))
            }
        }
        guard status == 0 else { return nil }
        self.canonical = Self.string(nulTerminated: canonical)
        icuLocale = Self.string(nulTerminated: locale)
    }

    /// The UTF-8 text before the first NUL of a C buffer ICU wrote.
    private static func string(nulTerminated buffer: [CChar]) -> String {
        let end = buffer.firstIndex(of: 0) ?? buffer.endIndex
        return String(decoding: buffer[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public var description: String { canonical }
}
