import XCTest
import TextLayout
import Raster
import Scene
@testable import TogglePicture
import Geometry

/// Row and card geometry per docs/design-facts.md section 10, with the expected numbers worked out here
/// from the seed's constants (HStack spacing 16, minHeight 44, track 57.6 x 32 pt at Large, card
/// padding 20/12, row spacing 8, margin 20).
final class RowAndCardLayoutTests: XCTestCase {
    func testRowAtLargeMatchesTheSeed() throws {
        let row = try LabelledRow(label: "Dark Mode", size: .large, width: 350)
        XCTAssertEqual(row.text.lines.count, 1)
        XCTAssertEqual(row.layout.height, 44)
        XCTAssertEqual(row.layout.toggle, FrameInPoints(x: 350 - 57.6, y: 6, width: 57.6, height: 32))
        XCTAssertEqual(row.layout.label.x, 0)
        XCTAssertEqual(row.layout.label.width, 350 - 16 - 57.6, accuracy: 1e-9)
        XCTAssertEqual(row.layout.label.y, 11, "one 22 pt line centred in 44 pt")
        // Inter Medium's hhea (and OS/2 typo) ascender 2728 and descender -680 at 2816 units per
        // em, read from the font file's tables, at 17 pt.
        let a = 2728.0 * 17 / 2816, d = 680.0 * 17 / 2816
        XCTAssertEqual(row.firstBaseline, 11 + (22 - (a + d)) / 2 + a, accuracy: 1e-9)
    }

    func testRowAtEveryDynamicTypeSize() throws {
        let bodySizes: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        for (index, size) in DynamicTypeSize.allCases.enumerated() {
            let row = try LabelledRow(label: "Sound", size: size, width: 350)
            let h = 32 * size.factor, w = 1.8 * h, lineHeight = 22 * size.factor
            XCTAssertEqual(row.text.size, bodySizes[index], "\(size)")
            XCTAssertEqual(row.text.lineHeight, lineHeight, accuracy: 1e-9, "\(size)")
            XCTAssertEqual(row.text.lines.count, 1, "\(size)")
            let height = max(44, lineHeight, h)
            XCTAssertEqual(row.layout.height, height, accuracy: 1e-9, "\(size)")
            XCTAssertEqual(row.layout.toggle.x, 350 - w, accuracy: 1e-9, "\(size)")
            XCTAssertEqual(row.layout.toggle.midY, height / 2, accuracy: 1e-9, "switch centred at \(size)")
            XCTAssertEqual(row.layout.label.midY, height / 2, accuracy: 1e-9, "label centred at \(size)")
            XCTAssertEqual(row.layout.label.width, 350 - 16 - w, accuracy: 1e-9, "\(size)")
        }
    }

    func testWrappingGrowsTheRow() throws {
        let label = "Automatically download and install system updates overnight while charging"
        let row = try LabelledRow(label: label, size: .large, width: 350)
        XCTAssertGreaterThanOrEqual(row.text.lines.count, 2)
        XCTAssertEqual(row.layout.height, Double(row.text.lines.count) * 22, accuracy: 1e-9)
        XCTAssertEqual(row.layout.toggle.midY, row.layout.height / 2, accuracy: 1e-9)
        for line in row.text.lines { XCTAssertLessThanOrEqual(line.width, row.layout.label.width) }
        let bigger = try LabelledRow(label: label, size: .accessibility3, width: 350)
        XCTAssertGreaterThan(bigger.text.lines.count, row.text.lines.count, "larger type, more lines")
    }

    func testRightToLeftRowIsMirrored() throws {
        let ltr = try LabelledRow(label: "Dark Mode", size: .large, width: 350)
        let rtl = try LabelledRow(label: "מצב כהה", size: .large, width: 350)
        XCTAssertEqual(rtl.layout.direction, .rightToLeft)
        XCTAssertEqual(rtl.layout.toggle, FrameInPoints(x: 0, y: 6, width: 57.6, height: 32))
        XCTAssertEqual(rtl.layout.label.x, 57.6 + 16, accuracy: 1e-9)
        XCTAssertEqual(rtl.layout.label.maxX, 350, accuracy: 1e-9)
        XCTAssertEqual(rtl.text.lineStart(ofLine: 0, boxWidth: rtl.layout.label.width),
                       rtl.layout.label.width - rtl.text.lines[0].width, accuracy: 1e-9, "text ends at the right")
        // Knob: on is at the trailing end, which is the left in a mirrored row.
        let onX = 57.6 - 3 - 13  // left-to-right knob centre when on: track width - inset - d/2
        XCTAssertEqual(ltr.layout.knobCenterX(leftToRight: 350 - 57.6 + onX), 350 - 57.6 + onX)
        XCTAssertEqual(rtl.layout.knobCenterX(leftToRight: onX), 3 + 13, accuracy: 1e-9)
        // dir=rtl forces it for a Latin label too.
        let forced = try LabelledRow(label: "Dark Mode", size: .large, width: 350, direction: .rightToLeft)
        XCTAssertEqual(forced.layout.toggle.x, 0)
    }

    func testUncoveredCharacterIsAnError() {
        XCTAssertThrowsError(try LabelledRow(label: "A\u{0378}", size: .large, width: 350)) { error in
            XCTAssertEqual(error as? TextLayoutError, .uncoveredCharacter("\u{0378}"))
        }
    }

    func testCardOfTheSeedsFourRows() {
        let card = CardLayout(width: 390, rowHeights: [44, 44, 44, 44])
        XCTAssertEqual(card.card, FrameInPoints(x: 20, y: 20, width: 350, height: 12 + 4 * 44 + 3 * 8 + 12))
        XCTAssertEqual(card.height, 20 + 224 + 20)
        XCTAssertEqual(card.rows.map(\.y), [32, 84, 136, 188])
        XCTAssertEqual(card.rows.map(\.x), [40, 40, 40, 40])
        XCTAssertEqual(card.rows[0].width, 310)
        XCTAssertEqual(CardLayout.rowWidth(imageWidth: 390), 310)
        let one = CardLayout(width: 300, rowHeights: [66])
        XCTAssertEqual(one.height, 20 + 12 + 66 + 12 + 20)
    }
}

/// The label drawn where the row puts it.
final class RowLabelTests: XCTestCase {
    private func inkBounds(_ row: LabelledRow, scale: Double) throws -> (minX: Int, maxX: Int, minY: Int, maxY: Int) {
        let width = Int((row.layout.width * scale).rounded(.up)), height = Int((row.layout.height * scale).rounded(.up))
        let mask = try Rasterizer.coverage(of: row.labelPath(x: 0, y: 0, scale: scale), width: width, height: height)
        var b = (minX: Int.max, maxX: Int.min, minY: Int.max, maxY: Int.min)
        for y in 0..<height { for x in 0..<width where mask.values[y * width + x] > 0.5 {
            b = (min(b.minX, x), max(b.maxX, x), min(b.minY, y), max(b.maxY, y))
        } }
        return b
    }

    func testLabelInkSitsInTheLabelBoxOnTheBaseline() throws {
        let row = try LabelledRow(label: "Dark Mode", size: .large, width: 350)
        let ink = try inkBounds(row, scale: 2)
        XCTAssertLessThan(ink.minX, 6, "starts at the leading edge (D's stem is 1-2 pt in)")
        XCTAssertLessThan(Double(ink.maxX), (350 - 16 - 57.6) * 2, "stays left of the switch")
        // Capitals of "Dark Mode" stand on the baseline: the lowest ink row is the one above it.
        XCTAssertEqual(Double(ink.maxY + 1), row.firstBaseline * 2, accuracy: 1)
        // Inter's cap height (OS/2 sCapHeight) is 2048 of 2816 units: the top of the D is that far above the baseline.
        XCTAssertEqual(Double(ink.minY), (row.firstBaseline - 2048.0 / 2816 * 17) * 2, accuracy: 1)
    }

    func testRightToLeftLabelInkIsAtTheRight() throws {
        let row = try LabelledRow(label: "מצב כהה", size: .large, width: 350)
        let ink = try inkBounds(row, scale: 1)
        XCTAssertGreaterThan(ink.maxX, 350 - 4, "ends at the right edge")
        XCTAssertGreaterThan(Double(ink.minX), 57.6 + 16, "right of the switch")
    }

    func testLabelColoursAndAccessibilityText() {
        XCTAssertEqual(LabelColors.label(.light, disabled: false), RGBAColor(red: 0, green: 0, blue: 0))
        XCTAssertEqual(LabelColors.label(.dark, disabled: true), RGBAColor(red: 235, green: 235, blue: 245, alpha: 0.3))
        XCTAssertEqual(LabelledRow.accessibilityLabel("Dark Mode", state: .on, disabled: false), "Dark Mode, switch, on")
        XCTAssertEqual(LabelledRow.accessibilityLabel("Sound", state: .off, disabled: true), "Sound, switch, off, dimmed")
    }
}
