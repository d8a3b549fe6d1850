import Foundation
@testable import ImageWriters
import TogglePicture
import XCTest
@testable import QueryLanguage

/// Two of our SVG documents inlined in one HTML page share one id space (HTML's `id` is
/// document-wide, and `url(#id)` takes the first element with that id). So that every document
/// draws there as it draws alone: each `url(#...)` names a filter of its own document, and an id
/// that two documents both define is defined identically by both.
final class SVGFilterIdentifierTests: XCTestCase {
    private func filters(in document: String) -> [String: String] {
        let pattern = try! NSRegularExpression(pattern: "<filter id=\"([^\"]+)\"[^>]*>.*?</filter>")
        var found: [String: String] = [:]
        let range = NSRange(document.startIndex..., in: document)
        for match in pattern.matches(in: document, range: range) {
            let id = String(document[Range(match.range(at: 1), in: document)!])
            XCTAssertNil(found[id], "id \(id) defined twice in one document")
            found[id] = String(document[Range(match.range, in: document)!])
        }
        return found
    }

    private func references(in document: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "url\\(#([^)]+)\\)")
        let range = NSRange(document.startIndex..., in: document)
        return pattern.matches(in: document, range: range).map { String(document[Range($0.range(at: 1), in: document)!]) }
    }

    func testInlinedDocumentsNeverBorrowAnotherDocumentsFilter() throws {
        var definitions: [String: (query: String, element: String)] = [:]
        var documents = 0
        for style in ["iconSwitch", "switch", "button", "symbol"] {
            for state in ["on=1", "on=0"] {
                for extra in ["", "&scale=2", "&scale=3", "&size=xxxLarge", "&size=small&color=indigo"] {
                    let query = "style=\(style)&\(state)&label=Wi-Fi\(extra)"
                    let parsed = try ToggleQuery(rawQuery: query)
                    let scene = try ToggleScene.scene(for: parsed.spec)
                    let document = String(decoding: SVGWriter.svg(scene), as: UTF8.self)
                    let own = filters(in: document)
                    for reference in references(in: document) {
                        XCTAssertNotNil(own[reference], "\(query): url(#\(reference)) names no filter of its own document")
                    }
                    for (id, element) in own {
                        if let earlier = definitions[id] {
                            XCTAssertEqual(earlier.element, element, "id \(id) means another filter in \(earlier.query) than in \(query)")
                        } else {
                            definitions[id] = (query, element)
                        }
                    }
                    documents += 1
                }
            }
        }
        XCTAssertEqual(documents, 40)
        // Shadows of several sizes and blurs were seen: the check above compared different filters.
        XCTAssertGreaterThan(definitions.count, 4)
    }

    /// A toggle at scale 1 and the same at scale 2 blur differently (stdDeviation 2 and 4 px):
    /// their filters must not share an id.
    func testDifferentFiltersGetDifferentIDs() throws {
        func ids(_ query: String) throws -> Set<String> {
            let scene = try ToggleScene.scene(for: try ToggleQuery(rawQuery: query).spec)
            return Set(filters(in: String(decoding: SVGWriter.svg(scene), as: UTF8.self)).keys)
        }
        let one = try ids("on=1"), two = try ids("on=1&scale=2")
        XCTAssertFalse(one.isEmpty)
        XCTAssertFalse(two.isEmpty)
        XCTAssertTrue(one.isDisjoint(with: two), "\(one) and \(two)")
    }
}
