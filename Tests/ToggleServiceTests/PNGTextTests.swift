import HTTPServer
import TestSupport
@testable import ToggleService
import TogglePicture
import XCTest

/// A PNG's Title and Description (text chunks) say what the SVG of the same query says in its
/// `aria-label`, for every style and state, stills and animations.
final class PNGTextTests: XCTestCase {
    /// The `aria-label` of the SVG the responder serves for the same query (an independent
    /// path: the SVG writer's own text, read back out of its bytes).
    func svgLabel(_ responder: ToggleResponder, _ q: String) throws -> String {
        let svg = String(decoding: responder.respond(to: pictureRequest("/toggle.svg", q)).body, as: UTF8.self)
        let start = try XCTUnwrap(svg.range(of: "aria-label=\""), q)
        let end = try XCTUnwrap(svg[start.upperBound...].firstIndex(of: "\""), q)
        return String(svg[start.upperBound..<end])
    }

    func testPNGTitleAndDescriptionUseTheSVGsWordsForEveryStyle() throws {
        let responder = ToggleResponder(configuration: .init())
        for style in ToggleStyles.names {
            for state in ["on=1", "on=0", "state=mixed", "on=1&disabled=1"] {
                let q = "style=\(style)&label=Bold&\(state)"
                let response = responder.respond(to: pictureRequest("/toggle.png", q))
                XCTAssertEqual(response.status, 200, q)
                let chunks = pngTextChunks(response.body)
                let words = try svgLabel(responder, q)
                XCTAssertEqual(chunks["Title"], words, q)
                let description = try XCTUnwrap(chunks["Description"], q)
                XCTAssertTrue(description == words || description.hasPrefix(words + ", "), "\(q): \(description) vs \(words)")
            }
        }
        let button = pngTextChunks(responder.respond(to: pictureRequest("/toggle.png", "style=button&label=Bold&on=1")).body)
        XCTAssertEqual(button["Title"], "Bold, toggle button, on")
        XCTAssertEqual(button["Description"], "Bold, toggle button, on, style button, tint green")
        // The button uses the tint off too (tinted text on a 15 % tint); the symbol style never does.
        XCTAssertEqual(pngTextChunks(responder.respond(to: pictureRequest("/toggle.png", "style=button&label=Bold&color=red")).body)["Description"],
                       "Bold, toggle button, off, style button, tint red")
        for state in ["on=1", "on=0", "state=mixed"] {
            let d = pngTextChunks(responder.respond(to: pictureRequest("/toggle.png", "style=symbol&label=Run&color=red&\(state)")).body)["Description"]
            XCTAssertFalse(d?.contains("tint") ?? true, d ?? "")
        }
    }

    /// An animated PNG's Title is the still SVG's words too, and its Description starts with them.
    func testAPNGTitleAndDescriptionUseTheSVGsWords() throws {
        let responder = ToggleResponder(configuration: .init())
        for q in ["on=1", "style=button&label=Bold&on=1", "style=switch&label=Wi-Fi&on=0&color=red"] {
            let words = try svgLabel(responder, q)
            let chunks = pngTextChunks(responder.respond(to: pictureRequest("/toggle.png", q + "&animate=1")).body)
            XCTAssertEqual(chunks["Title"], words, q)
            XCTAssertTrue(chunks["Description"]?.hasPrefix(words + ", animated from ") == true, "\(q): \(chunks)")
        }
        let button = pngTextChunks(responder.respond(to: pictureRequest("/toggle.png", "style=button&label=Bold&on=1&animate=1")).body)
        XCTAssertEqual(button["Description"], "Bold, toggle button, on, animated from off to on, style button, tint green, crossfade")
    }
}
