import XCTest
@testable import TextLayout

/// Line breaking and grapheme clusters as the label layout finds them (`TextBoundaries`, ICU's
/// break iterators) against Unicode's LineBreakTest.txt and GraphemeBreakTest.txt: every line
/// of each file (7,600 and 600 cases), each giving the offsets where a break is allowed (`÷`).
final class BreakConformanceTests: XCTestCase {
    /// A case of one of the files: its scalars and the offsets after which a break is allowed.
    private struct BreakCase {
        var number: Int
        var scalars: [Unicode.Scalar]
        var breaks: [Int]
        var source: Substring
    }

    private func cases(_ path: String) throws -> [BreakCase] {
        try UnicodeTestFiles.dataLines(path).map { number, text in
            var scalars: [Unicode.Scalar] = [], breaks: [Int] = []
            for token in text.split(separator: " ") {
                switch token {
                case "÷": if !scalars.isEmpty { breaks.append(scalars.count) }
                case "×": break
                default: scalars.append(Unicode.Scalar(UInt32(token, radix: 16)!)!)
                }
            }
            return BreakCase(number: number, scalars: scalars, breaks: breaks, source: text)
        }
    }

    /// Where ICU 72's line rules (its documented tailorings of UAX #14) differ from the file,
    /// which follows UAX #14 with the number tailoring of its section 8.2, example 7.
    static let knownTailorings: [Int: String] = {
        let hyphen = "ICU does not break after a hyphen that begins a word, before a letter (ICU's tailoring, "
            + "made rule LB20a in Unicode 15.1)"
        let number = "ICU keeps LB25's pair IS x NU: a full stop or comma before a digit stays with it; the file's "
            + "example-7 expression starts a number only at PR, PO, OP, HY or NU, so it breaks there"
        var reasons: [Int: String] = [:]
        for line in [2265, 2267, 2421, 2423, 2425, 2427, 2429, 2431] { reasons[line] = hyphen }
        for line in [2873, 2875, 7477, 7576, 7577, 7578, 7579, 7580, 7581, 7583, 7584, 7585, 7586, 7587] {
            reasons[line] = number
        }
        return reasons
    }()

    /// Every case of the file (7,654; 0.4 s), each mismatch listed with its reason.
    func testLineBreakTestGivesTheListedOpportunitiesButICUsTailorings() throws {
        let all = try cases("auxiliary/LineBreakTest.txt")
        XCTAssertGreaterThan(all.count, 7_000)
        var differing: [Int] = []
        for test in all where TextBoundaries.lineBreaks(test.scalars) != test.breaks {
            differing.append(test.number)
            if Self.knownTailorings[test.number] == nil {
                XCTFail("line \(test.number): \(test.source) gives \(TextBoundaries.lineBreaks(test.scalars))")
            }
        }
        XCTAssertEqual(differing, Self.knownTailorings.keys.sorted(), "the listed tailorings still differ")
        print("BreakConformanceTests: LineBreakTest.txt \(all.count) cases, \(differing.count) differ, each by a "
              + "listed ICU tailoring")
    }

    /// Thai has no spaces between words: ICU's dictionary finds them ("automatic software update
    /// every day": อัปเดต ซอฟต์แวร์ อัตโนมัติ ทุก วัน).
    func testThaiBreaksBetweenDictionaryWords() {
        let thai = Array("อัปเดตซอฟต์แวร์อัตโนมัติทุกวัน".unicodeScalars)
        XCTAssertEqual(TextBoundaries.lineBreaks(thai), [6, 15, 24, 27, 30])
    }

    /// Japanese may break between most characters, never before a closing mark (kinsoku: UAX #14
    /// classes CL and CP, LB13/LB16) nor after an opening one (OP, LB14).
    func testJapaneseNeverBreaksBeforeClosingPunctuation() {
        let text = Array("「設定」を開き、自動アップデートをオンにします。次に「完了」を押します。".unicodeScalars)
        let breaks = TextBoundaries.lineBreaks(text)
        XCTAssertGreaterThan(breaks.count, 20, "CJK breaks between characters")
        for offset in breaks.dropLast() {
            XCTAssertFalse("。、」".unicodeScalars.contains(text[offset]), "a line would start with \(text[offset])")
            XCTAssertNotEqual(text[offset - 1], "「", "a line would end with 「")
        }
    }

    func testGraphemeBreakTestGivesTheListedClusters() throws {
        let all = try cases("auxiliary/GraphemeBreakTest.txt")
        XCTAssertGreaterThan(all.count, 600)
        let mismatches = all.filter { TextBoundaries.graphemeClusterEnds($0.scalars) != $0.breaks }
            .map { "line \($0.number): \($0.source)" }
        XCTAssertEqual(mismatches, [])
    }
}
