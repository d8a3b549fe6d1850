import Foundation
import Raster
import Scene
import SceneRaster
import XCTest
@testable import TextLayout

/// Colour emoji as the raster backend draws them against the font's own PNG scaled by an
/// independent resampler: the PNG and its CBLC metrics read by fontTools, scaled by Pillow
/// (`Reference/render_emoji.py`; both from PyPI, which `.ci/run` installs). Shrunk at the body
/// size (an area average against Pillow's BOX), grown above the 109 ppem strike (linear against
/// Pillow's BILINEAR).
final class EmojiPixelTests: XCTestCase {
    private let renderer = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Reference/render_emoji.py")

    private func python() throws -> String {
        guard let python = executable(named: "python3") else { throw XCTSkip("python3 not found") }
        guard try runTool(python, ["-c", "import fontTools, PIL"]).status == 0 else {
            throw XCTSkip("the emoji reference needs fontTools and Pillow: pip install fonttools Pillow (.ci/run does)")
        }
        return python
    }

    /// PSNR in dB over every byte of two RGBA images of the same size.
    private func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count)
        let mse = zip(a, b).reduce(0.0) { $0 + pow(Double($1.0) - Double($1.1), 2) } / Double(a.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    private func assertMatchesReference(_ emoji: String, size: Double, scale: Double,
                                        file: StaticString = #filePath, line: UInt = #line) throws {
        let python = try python()
        let layout = TextLayout.shared
        let block = try layout.layout(emoji, size: size, lineHeight: 22 * size / 17)
        let run = try XCTUnwrap(block.lines[0].runs.first, file: file, line: line)
        let font = layout.font(run.font)
        XCTAssertTrue(font.hasColorBitmaps, file: file, line: line)
        let images = layout.images(of: block, x: 0, y: 0, boxWidth: block.width, scale: scale)
        XCTAssertEqual(images.count, 1, file: file, line: line)
        guard var image = images.first else { return }

        let result = try runTool(python, [renderer.path, font.path, "\(run.glyphs[0].glyph)", "\(image.width)",
                                          "\(image.height)"])
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let newline = try XCTUnwrap(result.stdout.firstIndex(of: UInt8(ascii: "\n")))
        let header = String(decoding: result.stdout[..<newline], as: UTF8.self).split(separator: " ").compactMap { Double($0) }
        let reference = [UInt8](result.stdout[(newline + 1)...])
        XCTAssertEqual(reference.count, image.width * image.height * 4, file: file, line: line)

        // Where the CBLC metrics put the bitmap, at the strike's ppem scaled to the label's px.
        let k = size * scale / header[0], baseline = block.baseline(ofLine: 0) * scale
        XCTAssertEqual(Double(image.x), header[1] * k, accuracy: 1, "left", file: file, line: line)
        XCTAssertEqual(Double(image.y), baseline - header[2] * k, accuracy: 1, "top", file: file, line: line)
        XCTAssertEqual(Double(image.width), header[3] * k, accuracy: 1, "width", file: file, line: line)
        XCTAssertEqual(Double(image.height), header[4] * k, accuracy: 1, "height", file: file, line: line)

        // Drawn by the raster backend alone on a canvas of its size.
        image.x = 0
        image.y = 0
        let scene = Scene(width: image.width, height: image.height, title: emoji, operations: [.image(image)])
        let ours = try SceneRasterizer.render(scene, images: nil).pixels
        let db = psnr(ours, reference)
        print("EmojiPixelTests: \(emoji) at \(size) pt x \(scale) (\(image.width) x \(image.height) px): PSNR \(db) dB")
        XCTAssertGreaterThanOrEqual(db, 35, "\(emoji) at \(size) pt x \(scale): \(db) dB", file: file, line: line)
        // The comparison can fail: the reference moved by two pixels is far below the bar.
        let shifted = [UInt8](repeating: 0, count: 8) + reference.dropLast(8)
        XCTAssertLessThan(psnr(ours, shifted), 30, file: file, line: line)
    }

    func testEmojiShrunkToTheBodySizeMatchesPillowsBox() throws {
        for emoji in ["👍🏽", "👨‍👩‍👧", "🇯🇵", "1️⃣", "🔔"] {
            try assertMatchesReference(emoji, size: 17, scale: 2)
        }
        try assertMatchesReference("🔔", size: 14, scale: 1)
    }

    func testEmojiGrownAboveTheStrikeMatchesPillowsBilinear() throws {
        try assertMatchesReference("👍🏽", size: 53, scale: 4)
        try assertMatchesReference("🇯🇵", size: 40, scale: 3)
    }
}
