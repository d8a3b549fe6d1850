import Foundation
import XCTest
@testable import TextLayout

/// Shaping equals HarfBuzz's own command-line answer: `hb-shape` (Debian's libharfbuzz-bin) at
/// `--font-size=N` where N = size x 64 prints positions in 1/64 pt, our unit.
final class ShapingReferenceTests: XCTestCase {
    private struct HBGlyph: Decodable {
        var g: UInt32, cl: Int, dx: Int, dy: Int, ax: Int
    }

    private func hbShape(_ font: BundledFont, size: Double, text: String, direction: TextDirection,
                         features: String? = nil) throws -> [HBGlyph] {
        var arguments = ["--font-size=\(Int((size * 64).rounded()))", "--direction=\(direction.rawValue)",
                         "--language=\(font.languageTag)", "--output-format=json", "--no-glyph-names"]
        if let features { arguments.append("--features=\(features)") }
        arguments += [fontsDirectory.appendingPathComponent(font.rawValue).path, text]
        let result = try runTool(try hbShapePath(), arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try JSONDecoder().decode([HBGlyph].self, from: result.stdout)
    }

    private func assertMatchesHBShape(_ text: String, font: BundledFont, direction: TextDirection,
                                      sizes: [Double] = [17, 53], file: StaticString = #filePath, line: UInt = #line) throws {
        for size in sizes {
            let reference = try hbShape(font, size: size, text: text, direction: direction)
            let ours = TextLayout.shared.shape(text, font: font, size: size, direction: direction)
            XCTAssertEqual(ours.glyphs.map(\.glyph), reference.map(\.g), "glyph ids at \(size) pt", file: file, line: line)
            XCTAssertEqual(ours.glyphs.map(\.cluster), reference.map(\.cl), "clusters at \(size) pt", file: file, line: line)
            XCTAssertEqual(ours.glyphs.map { Int(($0.advance * 64).rounded()) }, reference.map(\.ax),
                           "advances (1/64 pt) at \(size) pt", file: file, line: line)
            XCTAssertEqual(ours.glyphs.map { Int(($0.xOffset * 64).rounded()) }, reference.map(\.dx),
                           "x offsets at \(size) pt", file: file, line: line)
            XCTAssertEqual(ours.glyphs.map { Int(($0.yOffset * 64).rounded()) }, reference.map(\.dy),
                           "y offsets at \(size) pt", file: file, line: line)
        }
    }

    func testLatinWithKerningMatchesHBShape() throws {
        try assertMatchesHBShape("AVATAR Wi-Fi", font: .interMedium, direction: .leftToRight)
    }

    /// The kerning really is there: without `kern`, hb-shape's advances differ from ours.
    func testLatinSampleIsKerned() throws {
        let unkerned = try hbShape(.interMedium, size: 17, text: "AVATAR Wi-Fi", direction: .leftToRight,
                                   features: "-kern")
        let ours = TextLayout.shared.shape("AVATAR Wi-Fi", font: .interMedium, size: 17, direction: .leftToRight)
        XCTAssertNotEqual(ours.glyphs.map { Int(($0.advance * 64).rounded()) }, unkerned.map(\.ax))
        XCTAssertLessThan(ours.width * 64, Double(unkerned.map(\.ax).reduce(0, +)), "AV, VA, TA kern tighter")
    }

    func testArabicMatchesHBShape() throws {
        // "Dark Mode": joining forms, right to left.
        try assertMatchesHBShape("الوضع الداكن", font: .notoSansArabic, direction: .rightToLeft)
    }

    func testHebrewMatchesHBShape() throws {
        // "Dark Mode".
        try assertMatchesHBShape("מצב כהה", font: .notoSansHebrew, direction: .rightToLeft)
    }
}
