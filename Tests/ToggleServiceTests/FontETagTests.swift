import Foundation
import HTTPServer
import TextLayout
import XCTest
@testable import TogglePicture
@testable import ToggleService
@testable import QueryLanguage

/// The font set versions every picture that draws text: rows, cards and the styles that draw
/// their label name the set's fingerprint in their keys (so in their ETags); a toggle without
/// text does not, so its ETag is as before.
final class FontETagTests: XCTestCase {
    func testTextPicturesKeysNameTheFontSet() throws {
        let part = "fonts=" + TextLayout.shared.fontSet.fingerprintText
        XCTAssertEqual(CanonicalKey.fontsPart, part)
        let row = try RowQuery(rawQuery: "label=Wi-Fi")
        let rowKey = String(decoding: CanonicalKey.row(label: row.label, width: row.width, spec: row.spec, format: "png",
                                                        followsColorScheme: false, animation: nil), as: UTF8.self)
        XCTAssertTrue(rowKey.hasPrefix("row|t2|\(part)|\"Wi-Fi\"|"), rowKey)
        let card = try CardQuery(rawQuery: nil)
        let cardKey = String(decoding: CanonicalKey.card(width: card.width, scale: card.scale, size: card.size,
                                                          appearance: card.appearance, format: "svg", followsColorScheme: false,
                                                          rows: card.rows.map { ($0.label, $0.spec) }), as: UTF8.self)
        XCTAssertTrue(cardKey.hasPrefix("card|t2|\(part)|"), cardKey)
        XCTAssertTrue(try ToggleQuery(rawQuery: "style=button&label=Bold").spec.canonicalKey.hasSuffix(";" + part))
        XCTAssertFalse(try ToggleQuery(rawQuery: "on=1").spec.canonicalKey.contains("fonts="), "no text, no fonts")
        XCTAssertFalse(try ToggleQuery(rawQuery: "on=1&label=Wi-Fi").spec.canonicalKey.contains("fonts="),
                       "a label only in the accessibility text")
    }
}
