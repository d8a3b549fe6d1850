import XCTest
@testable import TextLayout

/// The Unicode Bidirectional Algorithm as the label layout runs it (`BidiParagraph`, ICU's
/// ubidi) against Unicode's BidiCharacterTest.txt: every hand-written case (the file's first
/// 318 lines) and a fixed, seeded sample of the generated ones, each giving the paragraph
/// direction, the resolved paragraph level, every character's level and the visual order.
/// Characters the file marks `x` (removed by rule X9: embedding controls, BN) have no level to
/// compare and are left out of the order, as ICU's own conformance test (bidiconf.cpp) does.
final class BidiConformanceTests: XCTestCase {
    static let sampleSize = 2_500
    /// The last line of the file's hand-written sections; the generated permutations follow.
    static let handWrittenEnd = 318

    /// Lines where ICU 72 (Debian 12) resolves otherwise than the file, by the file's own section
    /// headings. Labels cannot hold the first two kinds: the service refuses the embedding and
    /// override controls U+202A-U+202E.
    static let knownICUDeviations: [ClosedRange<Int>: String] = [
        59...62: "explicit directional overrides applied to isolates tightly flanked by embeddings (UBA 8.0)",
        65...80: "explicit directional overrides applied to paired brackets (UBA 8.0)",
        83...88: "rule N0: nonspacing marks after a paired bracket take its type (UBA 8.0); ICU 72 resolves them as neutrals",
        102...113: "rule N0 as above, with a BN (ZWJ, ZWSP) between the bracket and the mark (UBA 14.0 cases)",
        120...120: "BD16's bracket stack of 63 pairs overflowing at 64 nested pairs",
    ]

    func testHandWrittenCasesAndASampleGiveTheListedLevelsAndOrder() throws {
        let lines = try UnicodeTestFiles.dataLines("BidiCharacterTest.txt")
        XCTAssertGreaterThan(lines.count, 90_000, "the whole file")
        let handWritten = lines.indices.filter { lines[$0].number <= Self.handWrittenEnd }
        let generated = handWritten.count..<lines.count
        let sample = handWritten
            + SeededSample.indices(Self.sampleSize, of: generated.count, seed: 0x5EED_B1D1).map { $0 + generated.lowerBound }
        var differing: [Int: String] = [:]
        for index in sample {
            let (number, line) = lines[index]
            if let problem = try check(line) { differing[number] = problem }
        }
        let unexplained = differing.filter { number, _ in !Self.knownICUDeviations.keys.contains { $0.contains(number) } }
        XCTAssertEqual(unexplained.sorted { $0.key < $1.key }.map { "line \($0.key): \($0.value)" }, [])
        for (range, reason) in Self.knownICUDeviations.sorted(by: { $0.key.lowerBound < $1.key.lowerBound }) {
            let lines = differing.keys.filter(range.contains).sorted()
            print("BidiConformanceTests: lines \(lines) differ: \(reason)")
        }
        print("BidiConformanceTests: \(handWritten.count) hand-written and \(Self.sampleSize) sampled of \(lines.count) "
              + "lines of BidiCharacterTest.txt; \(differing.count) differ, \(unexplained.count) unexplained")
    }

    /// What differs between ICU's answer and the line's, or nil.
    private func check(_ line: Substring) throws -> String? {
        let fields = line.split(separator: ";", omittingEmptySubsequences: false)
        XCTAssertEqual(fields.count, 5)
        let scalars = UnicodeTestFiles.scalars(fields[0])
        let direction: TextDirection? = switch fields[1] { case "0": .leftToRight; case "1": .rightToLeft; default: nil }
        let expectedLevels = fields[3].split(separator: " ").map { UInt8($0) }  // nil for x
        let expectedOrder = fields[4].split(separator: " ").map { Int($0)! }
        guard let paragraph = BidiParagraph(scalars, direction: direction) else { return "ICU refused it" }
        var problems: [String] = []
        if paragraph.paragraphLevel != UInt8(fields[2])! {
            problems.append("paragraph level \(paragraph.paragraphLevel), expected \(fields[2])")
        }
        let levels = zip(paragraph.levels, expectedLevels).map { $1 == nil ? nil : $0 }
        // bidiconf.cpp's one allowance: for text of one direction ICU keeps every level at the
        // paragraph level (the order is the same, and is still compared).
        let parities = { (levels: [UInt8?]) in Set(levels.compactMap { $0.map { $0 & 1 } }) }
        let oneDirection = parities(expectedLevels).count == 1 && parities(expectedLevels) == parities(paragraph.levels)
        if levels != expectedLevels && !oneDirection {
            problems.append("levels \(levels.map { $0.map(String.init) ?? "x" }), expected \(fields[3])")
        }
        let order = paragraph.visualOrder[0].filter { expectedLevels[$0] != nil }
        if order != expectedOrder { problems.append("order \(order), expected \(fields[4])") }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// The comparison can fail: the same sample with the paragraph direction flipped differs.
    func testSampleWithTheWrongDirectionDiffers() throws {
        let lines = try UnicodeTestFiles.dataLines("BidiCharacterTest.txt")
        var differing = 0
        for index in SeededSample.indices(200, of: lines.count, seed: 0x5EED_B1D1) {
            let fields = lines[index].text.split(separator: ";", omittingEmptySubsequences: false)
            let flipped: TextDirection = fields[2] == "0" ? .rightToLeft : .leftToRight
            let paragraph = try XCTUnwrap(BidiParagraph(UnicodeTestFiles.scalars(fields[0]), direction: flipped))
            let expected = fields[3].split(separator: " ").map { UInt8($0) }
            if zip(paragraph.levels, expected).map({ $1 == nil ? nil : $0 }) != expected { differing += 1 }
        }
        XCTAssertGreaterThan(differing, 150)
    }

    /// The case that started this: "مرحبا SVG." in a right-to-left paragraph shows the full stop
    /// at the far left (rules N1/N2 give it the paragraph's level), as browsers do.
    func testFullStopAfterLatinWordInArabicGoesToTheLeft() throws {
        let scalars = Array("مرحبا SVG.".unicodeScalars)
        let paragraph = try XCTUnwrap(BidiParagraph(scalars, direction: nil))
        XCTAssertEqual(paragraph.paragraphLevel, 1)
        XCTAssertEqual(paragraph.levels, [1, 1, 1, 1, 1, 1, 2, 2, 2, 1])
        XCTAssertEqual(paragraph.visualOrder[0], [9, 6, 7, 8, 5, 4, 3, 2, 1, 0])
    }
}
