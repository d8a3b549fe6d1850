import XCTest
import TextLayout
import TogglePicture
@testable import ToggleService
@testable import QueryLanguage

/// `/row` and `/card` parameters: every bad input the issue lists is a `ParameterError` (a 400
/// with the JSON body) raised while parsing, before anything is drawn.
final class RowAndCardQueryTests: XCTestCase {
    func testRowParsesLabelWidthDirAndToggleParameters() throws {
        let q = try RowQuery(rawQuery: "label=Dark%20Mode&on=1&color=indigo&width=300&size=xLarge&foo=1")
        XCTAssertEqual(q.label, "Dark Mode")
        XCTAssertEqual(q.spec.state, .on)
        XCTAssertEqual(q.spec.tint, .named(.indigo))
        XCTAssertEqual(q.width, 300)
        XCTAssertEqual(q.spec.size, .xLarge)
        XCTAssertEqual(q.ignored, ["foo"])
        XCTAssertEqual(q.row.text.size, 19)
        XCTAssertNil(q.direction)
        XCTAssertEqual(try RowQuery(rawQuery: "label=A&dir=rtl").row.layout.direction, .rightToLeft)
        XCTAssertEqual(try RowQuery(rawQuery: "label=A").width, 350)
    }

    /// A row animates (RowAnimationTests); a card is a still picture: asking it for an animation
    /// is a 400 on `animate`.
    func testRowsAnimateAndCardsRefuseAnimation() throws {
        XCTAssertNotNil(try RowQuery(rawQuery: "label=Sound&on=1&animate=1").animation)
        XCTAssertEqual(cardRejection("row1.label=Sound&row1.animate=1")?.parameter, "row1.animate")
        XCTAssertNil(try RowQuery(rawQuery: "label=Sound&on=1&animate=0").animation)
        XCTAssertEqual(rowRejection("label=Sound&on=1&from=off")?.error, "needs animate=1")
    }

    func testRowBadLabels() throws {
        XCTAssertEqual(rowRejection("on=1")?.error, "missing parameter")
        let empty = try XCTUnwrap(rowRejection("label="))
        XCTAssertEqual(empty.parameter, "label")
        XCTAssertTrue(empty.expected.contains("1 to 200 characters"), empty.expected)
        let long = try XCTUnwrap(rowRejection("label=" + String(repeating: "a", count: 201)))
        XCTAssertTrue(long.expected.contains("this one has 201"), long.expected)
        XCTAssertNoThrow(try RowQuery(rawQuery: "label=" + String(repeating: "a", count: 200) + "&width=1200"))
        // U+0378 is unassigned: no font has it.
        let unassigned = try XCTUnwrap(rowRejection("label=A%CD%B8"))
        XCTAssertEqual(unassigned.value, "A\u{0378}")
        XCTAssertTrue(unassigned.expected.contains("U+0378 is in none"), unassigned.expected)
        let control = try XCTUnwrap(rowRejection("label=Dark%0AMode"))
        XCTAssertTrue(control.expected.contains("U+000A"), control.expected)
        XCTAssertNotNil(rowRejection("label=%E2%80%A8"), "line separator")
        XCTAssertEqual(rowRejection("label=A&label=B")?.error, "repeated parameter")
        XCTAssertTrue(try XCTUnwrap(rowRejection("label=A&width=50")).expected.contains("200 to 1200"))
        XCTAssertEqual(rowRejection("label=A&dir=up")?.parameter, "dir")
        XCTAssertEqual(rowRejection("label=A&color=nope")?.parameter, "color", "toggle parameters as /toggle checks them")
    }

    func testRowThatWrapsTooFarIsRejected() throws {
        let words = Array(repeating: "Wi-Fi", count: 33).joined(separator: " ")  // 197 characters
        let error = try XCTUnwrap(rowRejection("label=" + words.replacingOccurrences(of: " ", with: "%20")
                                           + "&size=accessibility5&width=200"))
        XCTAssertTrue(error.expected.contains("12 lines at width 200 pt and size accessibility5"), error.expected)
        XCTAssertTrue(error.expected.hasSuffix("a shorter label, a wider width or a smaller size"), error.expected)
    }

    /// The size bound (3,500,000 px) holds in every format; the SVG is drawn by the viewer, so
    /// only it can show what a PNG's cost bound refuses (`WorstRequestTests`).
    func testPicturesOverTheSizeBoundAreRejected() throws {
        let long = Array(repeating: "Wi-Fi", count: 33).joined(separator: "%20")
        let rows = (1...6).map { "row\($0).label=\(long)" }.joined(separator: "&")
        let error = try XCTUnwrap(cardRejection(rows + "&size=xxxLarge&width=1200&scale=4"))
        XCTAssertEqual(error.parameter, "scale")
        XCTAssertEqual(error.error, "picture too large")
        XCTAssertNoThrow(try CardQuery(rawQuery: rows + "&size=xxxLarge&width=1200&scale=1", format: .svg))
        XCTAssertNoThrow(try RowQuery(rawQuery: "label=\(long)&width=1200&scale=4"))
    }

    func testCardWithoutRowsIsTheSeedDemo() throws {
        let q = try CardQuery(rawQuery: nil)
        XCTAssertEqual(q.rows.map(\.label), ["Automatic Updates", "Dark Mode", "Sound", "Share Location"])
        XCTAssertEqual(q.rows.map(\.spec.state), [.on, .off, .on, .off])
        XCTAssertEqual(q.rows[1].spec.onSymbol, "moon.fill")
        XCTAssertEqual(q.rows[3].spec.tint, .named(.blue))
        XCTAssertEqual(q.width, 390)
        XCTAssertEqual(q.rows[0].row.layout.width, 310)
    }

    func testCardRowsByPrefixWithCardWideSettings() throws {
        let q = try CardQuery(rawQuery: "row2.label=Sound&row2.on=1&row1.label=Wi-Fi&row1.tint=blue"
                                        + "&theme=dark&size=xxLarge&scale=2&width=400&extra=1")
        XCTAssertEqual(q.rows.map(\.label), ["Wi-Fi", "Sound"], "ordered by N")
        XCTAssertEqual(q.rows[0].spec.tint, .named(.blue))
        XCTAssertEqual(q.rows[1].spec.state, .on)
        for row in q.rows {
            XCTAssertEqual(row.spec.appearance, .dark)
            XCTAssertEqual(row.spec.size, .xxLarge)
            XCTAssertEqual(row.spec.scale, 2)
        }
        XCTAssertEqual(q.ignored, ["extra"])
        XCTAssertEqual(q.rows[0].row.layout.width, 320)
    }

    func testCardBadInputs() throws {
        let thirteen = try XCTUnwrap(cardRejection("row13.label=A"))
        XCTAssertEqual(thirteen.parameter, "row13.label")
        XCTAssertTrue(thirteen.expected.contains("row1. to row12."), thirteen.expected)
        XCTAssertNotNil(cardRejection("row0.label=A"))
        XCTAssertNotNil(cardRejection("row01.label=A"))
        let colour = try XCTUnwrap(cardRejection("row1.label=A&row1.colour=red"))
        XCTAssertEqual(colour.parameter, "row1.colour")
        XCTAssertEqual(colour.error, "unknown parameter")
        XCTAssertTrue(colour.expected.contains("color"), colour.expected)
        XCTAssertEqual(cardRejection("row1.label=A&row1.theme=dark")?.parameter, "row1.theme")
        XCTAssertEqual(cardRejection("row1.label=A&row2.on=1")?.parameter, "row2.label", "a row without a label")
        XCTAssertTrue(try XCTUnwrap(cardRejection("row1.label=%CD%B8")).expected.contains("U+0378"))
        XCTAssertEqual(cardRejection("row1.label=")?.parameter, "row1.label")
        XCTAssertEqual(cardRejection("row1.label=A&row1.color=nope")?.parameter, "row1.color", "named with its prefix")
        XCTAssertEqual(cardRejection("row1.label=A&theme=blue")?.parameter, "theme")
        XCTAssertEqual(cardRejection("width=100")?.parameter, "width")
        XCTAssertEqual(cardRejection("row1.label=A&row1.label=B")?.error, "repeated parameter")
    }
}
