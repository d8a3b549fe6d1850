import Foundation
import XCTest
@testable import TextLayout

/// Shaping equals HarfBuzz's own command-line answer: `hb-shape` (Debian's libharfbuzz-bin) with
/// the same font file and face, at `--font-size=N` where N = size x 64 (positions in 1/64 pt,
/// our unit), the same direction and language.
final class ShapingReferenceTests: XCTestCase {
    private struct HBGlyph: Decodable {
        var g: UInt32, cl: Int, dx: Int, dy: Int, ax: Int
    }

    private func hbShape(_ font: Font, size: Double, text: String, direction: TextDirection, language: String,
                         features: String? = nil) throws -> [HBGlyph] {
        var arguments = ["--font-size=\(Int((size * 64).rounded()))", "--direction=\(direction.rawValue)",
                         "--language=\(language)", "--face-index=\(font.faceIndex)", "--output-format=json",
                         "--no-glyph-names"]
        if let features { arguments.append("--features=\(features)") }
        arguments += [font.path, text]
        let result = try runTool(try hbShapePath(), arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try JSONDecoder().decode([HBGlyph].self, from: result.stdout)
    }

    /// The label laid out on one line in one run of `family`, against hb-shape with that run's
    /// font file, direction and language.
    private func assertMatchesHBShape(_ text: String, family: String, sizes: [Double] = [17, 53],
                                      file: StaticString = #filePath, line: UInt = #line) throws {
        let layout = TextLayout.shared
        for size in sizes {
            let block = try layout.layout(text, size: size, lineHeight: 22)
            XCTAssertEqual(block.lines.count, 1, file: file, line: line)
            let runs = block.lines[0].runs
            XCTAssertEqual(runs.map { layout.font($0.font).family }, [family], text, file: file, line: line)
            guard let run = runs.first, runs.count == 1 else { continue }
            let reference = try hbShape(layout.font(run.font), size: size, text: text, direction: run.direction,
                                        language: run.language)
            XCTAssertEqual(run.glyphs.map(\.glyph), reference.map(\.g), "glyph ids at \(size) pt", file: file, line: line)
            XCTAssertEqual(run.glyphs.map(\.cluster), reference.map(\.cl), "clusters at \(size) pt", file: file, line: line)
            XCTAssertEqual(run.glyphs.map { Int(($0.advance * 64).rounded()) }, reference.map(\.ax),
                           "advances (1/64 pt) at \(size) pt", file: file, line: line)
            XCTAssertEqual(run.glyphs.map { Int(($0.xOffset * 64).rounded()) }, reference.map(\.dx),
                           "x offsets at \(size) pt", file: file, line: line)
            XCTAssertEqual(run.glyphs.map { Int(($0.yOffset * 64).rounded()) }, reference.map(\.dy),
                           "y offsets at \(size) pt", file: file, line: line)
        }
    }

    func testTwelveScriptsMatchHBShape() throws {
        for sample in ScriptSample.all {
            try assertMatchesHBShape(sample.text, family: sample.family)
        }
    }

    /// Emoji sequences come out as the one glyph HarfBuzz shapes them to in Noto Color Emoji: a
    /// skin tone, a ZWJ family, a flag's two regional indicators, a keycap.
    func testEmojiSequencesMatchHBShape() throws {
        for sequence in ["👍🏽", "👨‍👩‍👧", "🇯🇵", "1️⃣", "🔔"] {
            try assertMatchesHBShape(sequence, family: "Noto Color Emoji")
            let run = try XCTUnwrap(TextLayout.shared.layout(sequence, size: 17, lineHeight: 22).lines[0].runs.first)
            XCTAssertEqual(run.glyphs.count, 1, "\(sequence) is one glyph")
        }
    }

    /// The kerning really is there: without `kern`, hb-shape's advances differ from ours.
    func testLatinSampleIsKerned() throws {
        let inter = TextLayout.shared.font(.inter)
        let unkerned = try hbShape(inter, size: 17, text: "AVATAR Wi-Fi", direction: .leftToRight, language: "en",
                                   features: "-kern")
        let ours = TextLayout.shared.shape("AVATAR Wi-Fi", font: .inter, size: 17, direction: .leftToRight, language: "en")
        XCTAssertNotEqual(ours.glyphs.map { Int(($0.advance * 64).rounded()) }, unkerned.map(\.ax))
        XCTAssertLessThan(ours.width * 64, Double(unkerned.map(\.ax).reduce(0, +)), "AV, VA, TA kern tighter")
    }
}
