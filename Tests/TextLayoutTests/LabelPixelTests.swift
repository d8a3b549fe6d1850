import Foundation
import Geometry
import Raster
import XCTest
@testable import TextLayout

/// A label drawn by us (HarfBuzz outlines filled by our rasterizer) against an independent
/// rendering: hb-shape's positions, FreeType's outlines and anti-aliasing at 4x, averaged down
/// (`Reference/render_label.py`, needs PyPI freetype-py, which `.ci/run` installs).
final class LabelPixelTests: XCTestCase {
    private func python() throws -> String {
        guard let python = executable(named: "python3") else { throw XCTSkip("python3 not found") }
        let check = try runTool(python, ["-c", "import freetype"])
        guard check.status == 0 else {
            throw XCTSkip("the reference renderer needs freetype-py: pip install freetype-py==2.5.1 (.ci/run does)")
        }
        _ = try hbShapePath()
        return python
    }

    /// PSNR in dB of two 8-bit images of the same size; infinity when they are equal.
    private func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count)
        var sum = 0.0
        for i in a.indices {
            let d = Double(a[i]) - Double(b[i])
            sum += d * d
        }
        let mse = sum / Double(a.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    private func parsePGM(_ data: Data, width: Int, height: Int) throws -> [UInt8] {
        let header = Array("P5\n\(width) \(height)\n255\n".utf8)
        let bytes = [UInt8](data)
        XCTAssertEqual(Array(bytes.prefix(header.count)), header)
        return Array(bytes.dropFirst(header.count))
    }

    private func assertMatchesReference(_ text: String, family: String, size: Double, scale: Double,
                                        file: StaticString = #filePath, line: UInt = #line) throws {
        let python = try python()
        let layout = TextLayout.shared
        let block = try layout.layout(text, size: size, lineHeight: BodyText.lineHeight(factor: size / 17))
        XCTAssertEqual(block.lines.count, 1)
        let runs = block.lines[0].runs
        XCTAssertEqual(runs.map { layout.font($0.font).family }, [family], file: file, line: line)
        guard let run = runs.first, runs.count == 1 else { return }
        let font = layout.font(run.font)
        let margin = 4.0  // pt, so nothing is cut at the edges
        let width = Int(((block.width + 2 * margin) * scale).rounded(.up))
        let height = Int(((block.height + 2 * margin) * scale).rounded(.up))
        let path = layout.path(of: block, x: margin, y: margin, boxWidth: block.width, scale: scale)
        let ours = try Rasterizer.coverage(of: path, width: width, height: height,
                                           tolerance: TextLayout.flatteningTolerance)
        let ourBytes = ours.values.map { UInt8((min(max($0, 0), 1) * 255).rounded()) }

        let result = try runTool(python, [
            referenceRenderer.path, font.path, "\(size)", "\(scale)", text, run.direction.rawValue, run.language,
            "\(width)", "\(height)", "\(margin * scale)", "\((margin + block.baseline(ofLine: 0)) * scale)",
            "\(font.faceIndex)",
        ])
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let reference = try parsePGM(result.stdout, width: width, height: height)
        XCTAssertGreaterThan(reference.filter { $0 > 128 }.count, width * height / 60, "the reference drew text")
        let db = psnr(ourBytes, reference)
        print("LabelPixelTests: \"\(text)\" (\(family)) at \(size) pt x \(scale): PSNR \(db) dB")
        XCTAssertGreaterThanOrEqual(db, 40, "PSNR of \"\(text)\" at \(size) pt x \(scale): \(db) dB",
                                    file: file, line: line)
        // The comparison can fail: the same text moved by one pixel is far below the bar.
        var shifted = [UInt8](repeating: 0, count: reference.count)
        for y in 0..<height { for x in 1..<width { shifted[y * width + x] = reference[y * width + x - 1] } }
        XCTAssertLessThan(psnr(ourBytes, shifted), 25, file: file, line: line)
    }

    /// The twelve scripts at the default size and scale 2.
    func testTwelveScriptsMatchIndependentRendering() throws {
        for sample in ScriptSample.all {
            try assertMatchesReference(sample.text, family: sample.family, size: 17, scale: 2)
        }
    }

    func testHebrewLabelAtAccessibilitySizeMatchesIndependentRendering() throws {
        try assertMatchesReference("מצב כהה", family: "Noto Sans Hebrew", size: 33, scale: 1)
    }
}
