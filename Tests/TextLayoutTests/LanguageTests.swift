import Geometry
import XCTest
@testable import TextLayout

/// `lang`: BCP 47 tags read by ICU, and what a label's language changes: the Noto Sans CJK face
/// (直 is drawn differently in Japan and China), HarfBuzz's language.
final class LanguageTests: XCTestCase {
    let layout = TextLayout.shared

    func testWellFormedTagsAreReadInTheirCanonicalForm() throws {
        XCTAssertEqual(LanguageTag("ja")?.canonical, "ja")
        XCTAssertEqual(LanguageTag("zh-hant-tw")?.canonical, "zh-Hant-TW")
        XCTAssertEqual(LanguageTag("ZH-HK")?.canonical, "zh-HK")
        XCTAssertEqual(LanguageTag("sr-Latn-RS")?.canonical, "sr-Latn-RS")
        XCTAssertEqual(LanguageTag("en-US-u-ca-gregory")?.canonical, "en-US-u-ca-gregory")
        for malformed in ["", "ja_JP", "ja-", "-ja", "e", "123", "ja--JP", "abcdefghi", "日本", "ja JP", "en-US-u",
                          String(repeating: "a-", count: 20) + "a"] {
            XCTAssertNil(LanguageTag(malformed), "\"\(malformed)\" is not well-formed BCP 47")
        }
    }

    func testLanguagePicksTheHanFace() throws {
        func region(_ text: String, _ tag: String?) -> HanRegion {
            HanRegion.of(Array(text.unicodeScalars), language: tag.flatMap(LanguageTag.init))
        }
        XCTAssertEqual(region("直", nil), .simplifiedChinese, "other Han: Simplified Chinese")
        XCTAssertEqual(region("直す", nil), .japanese, "kana: Japanese")
        XCTAssertEqual(region("直 선", nil), .korean, "hangul: Korean")
        XCTAssertEqual(region("直", "ja"), .japanese)
        XCTAssertEqual(region("直す", "zh-Hans"), .simplifiedChinese, "the language over the characters")
        XCTAssertEqual(region("直", "zh-Hant"), .traditionalChinese)
        XCTAssertEqual(region("直", "zh-TW"), .traditionalChinese)
        XCTAssertEqual(region("直", "zh-HK"), .hongKong)
        XCTAssertEqual(region("直", "ko-KR"), .korean)
        XCTAssertEqual(region("直す", "fr"), .japanese, "a language without Han forms: the characters decide")
    }

    /// 直 with lang=ja and lang=zh-Hans: different faces of Noto Sans CJK, different outlines.
    func testJapaneseAndChineseDrawDifferentOutlinesForTheSameCharacter() throws {
        func drawn(_ tag: String) throws -> (family: String, path: Path) {
            let block = try layout.layout("直", size: 17, lineHeight: 22, language: LanguageTag(tag))
            return (layout.font(block.lines[0].runs[0].font).family,
                    layout.path(of: block, x: 0, y: 0, boxWidth: block.width, scale: 2))
        }
        let japanese = try drawn("ja"), chinese = try drawn("zh-Hans")
        XCTAssertEqual(japanese.family, "Noto Sans CJK JP")
        XCTAssertEqual(chinese.family, "Noto Sans CJK SC")
        XCTAssertFalse(japanese.path.isEmpty)
        XCTAssertNotEqual(japanese.path, chinese.path, "直 differs between Japan and China")
        XCTAssertEqual(try drawn("ja").path, japanese.path, "and is the same for the same language")
        let run = try layout.layout("直", size: 17, lineHeight: 22, language: LanguageTag("ja")).lines[0].runs[0]
        XCTAssertEqual(run.language, "ja", "HarfBuzz's language")
    }
}
