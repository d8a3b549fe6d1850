import TextLayout
import XCTest

/// `TextLayout.glyphCount(of:)`, which the query's cost bounds read: glyphs by kind of face, and
/// colour glyphs by the distinct ones each label decodes.
final class GlyphCountTests: XCTestCase {
    let layout = TextLayout.shared

    func testLatinGlyphsAreOutlinesAndCombiningMarksCountOnTheirOwn() throws {
        let plain = layout.glyphCount(of: [try layout.layout("Wi-Fi", size: 17, lineHeight: 22)])
        XCTAssertEqual(plain.outlines, 5)
        XCTAssertEqual(plain.distinctColorGlyphs, 0)
        // U+0363 COMBINING LATIN SMALL LETTER A has no precomposed form: a glyph of its own each time.
        let marked = layout.glyphCount(of: [try layout.layout("a\u{0363}\u{0363}\u{0363}", size: 17, lineHeight: 22)])
        XCTAssertEqual(marked.outlines, 4)
    }

    /// Segments past an ordinary letter's count each glyph as often as it is drawn, and a more
    /// detailed glyph has more: 龘 (48 strokes) against 漢 (13); W has none past the ordinary.
    func testOutlineSegmentsGrowWithTheGlyphsDetail() throws {
        func segments(_ text: String) throws -> Int {
            layout.glyphCount(of: [try layout.layout(text, size: 17, lineHeight: 22)]).outlineSegments
        }
        XCTAssertEqual(try segments("WWW"), 0)
        XCTAssertGreaterThan(try segments("漢"), 0)
        XCTAssertEqual(try segments("漢漢"), 2 * (try segments("漢")))
        XCTAssertGreaterThan(try segments("龘"), 2 * (try segments("漢")))
    }

    func testColourGlyphsCountOnceForEachLabel() throws {
        let one = try layout.layout("\u{1F600}\u{1F600}\u{1F389}", size: 17, lineHeight: 22)
        let count = layout.glyphCount(of: [one])
        XCTAssertEqual(count.distinctColorGlyphs, 2)
        XCTAssertEqual(count.distinctColorGlyphSizes, 34)
        XCTAssertEqual(count.colorGlyphArea, 3 * 17 * 17)
        // Each label decodes its own: two labels with the same emoji, two decodes.
        XCTAssertEqual(layout.glyphCount(of: [one, one]).distinctColorGlyphs, 4)
    }
}
