import Foundation
import HTTPServer
import TestSupport
import XCTest
import TogglePicture
@testable import ToggleService
@testable import QueryLanguage

/// `/row` and `/card` through the responder: pictures of the sizes docs/design-facts.md section 10 gives,
/// the colours it names, mirrored rows, and the bad inputs as 400s with the JSON body.
final class RowAndCardRouteTests: XCTestCase {
    let responder = ToggleResponder(configuration: .init())

    private func get(_ path: String, _ query: String?, headers: [(String, String)] = []) -> HTTPResponse {
        responder.respond(to: HTTPRequest(method: "GET", target: path + (query.map { "?" + $0 } ?? ""), path: path,
                                          query: query, version: .http1_1, headers: HTTPFields([("Host", "x")] + headers)))
    }

    private func image(_ path: String, _ query: String?) throws -> DecodedPNG {
        let response = get(path, query)
        XCTAssertEqual(response.status, 200, String(decoding: response.body, as: UTF8.self))
        XCTAssertEqual(response.headers["Content-Type"], "image/png")
        return try XCTUnwrap(DecodedPNG(response.body))
    }

    func testRowSizeAndLayers() throws {
        // 350 x 44 pt at scale 2: 700 x 88 px; switch 57.6 x 32 pt at (292.4, 6) pt.
        let png = try image("/row.png", "label=Dark%20Mode&on=1&scale=2&bg=white")
        XCTAssertEqual(png.width, 700)
        XCTAssertEqual(png.height, 88)
        // The track's left cap and the label's ink are where the layout puts them.
        XCTAssertEqual(png.rgba(Int(292.4 * 2) + 10, 44), [52, 199, 89, 255], "on track in the tint")
        XCTAssertEqual(png.rgba(Int(292.4 * 2) - 20, 44), [255, 255, 255, 255], "gap between label and switch")
        let dark = (0..<300).filter { png.rgba($0, 44 - 4)[0] < 64 }
        XCTAssertFalse(dark.isEmpty, "black label ink on the row's middle")
        XCTAssertEqual(try image("/row", "label=A&width=300").width, 300)
    }

    func testRightToLeftRowPutsTheSwitchLeftAndTheKnobMirrored() throws {
        // "Dark Mode" in Hebrew, on: the switch at x 0...57.6 pt and its knob at the left end.
        let png = try image("/row", "label=%D7%9E%D7%A6%D7%91%20%D7%9B%D7%94%D7%94&on=1&bg=black")
        XCTAssertEqual(png.rgba(16, 22 - 10), [255, 255, 255, 255], "knob at the left (x 16, above the symbol)")
        XCTAssertEqual(png.rgba(50, 22), [52, 199, 89, 255], "track's right end is track")
        XCTAssertEqual(try image("/row", "label=Dark&on=1&bg=black&dir=rtl").rgba(16, 12), [255, 255, 255, 255])
    }

    func testWrappedRowGrows() throws {
        let label = "Automatically%20download%20and%20install%20system%20updates%20overnight%20while%20charging"
        let png = try image("/row", "label=" + label)
        XCTAssertEqual(png.height, 66, "three 22 pt lines")
    }

    func testCardOfTheSeed() throws {
        let png = try image("/card.png", nil)
        XCTAssertEqual(png.width, 390)
        XCTAssertEqual(png.height, 20 + 12 + 4 * 44 + 3 * 8 + 12 + 20)
        XCTAssertEqual(png.rgba(5, 5), [242, 242, 247, 255], "systemGroupedBackground")
        XCTAssertEqual(png.rgba(195, 25), [255, 255, 255, 255], "the card")
        XCTAssertEqual(png.rgba(21, 21), [242, 242, 247, 255], "outside the continuous corner")
        let dark = try image("/card", "theme=dark&scale=2")
        XCTAssertEqual(dark.width, 780)
        XCTAssertEqual(dark.rgba(5, 5), [0, 0, 0, 255])
        XCTAssertEqual(dark.rgba(390, 50), [28, 28, 30, 255])
    }

    func testDescriptionAndTitleCarryTheLabel() throws {
        let row = pngTextChunks(get("/row", "label=Dark%20Mode&on=1").body)
        XCTAssertEqual(row["Title"], "Dark Mode, switch, on")
        XCTAssertEqual(row["Description"], "Dark Mode, switch, on")
        // A Hebrew label is kept whole (iTXt, UTF-8), not turned into question marks.
        let hebrew = pngTextChunks(get("/row", "label=%D7%9E%D7%A6%D7%91%20%D7%9B%D7%94%D7%94&on=1").body)
        XCTAssertEqual(hebrew["Description"], "מצב כהה, switch, on")
        let card = pngTextChunks(get("/card", nil).body)
        XCTAssertEqual(card["Description"], "Automatic Updates, switch, on; Dark Mode, switch, off; "
                       + "Sound, switch, on; Share Location, switch, off")
    }

    func testEntityTagsAndNotModified() throws {
        let a = get("/row", "label=Sound&on=1"), b = get("/row", "label=Sound&state=on")
        let tag = try XCTUnwrap(a.headers["ETag"])
        XCTAssertEqual(tag, b.headers["ETag"], "same picture, same tag")
        XCTAssertNotEqual(tag, get("/row", "label=Sound&on=0").headers["ETag"])
        XCTAssertNotEqual(tag, get("/row", "label=Sound!&on=1").headers["ETag"])
        XCTAssertEqual(get("/row", "label=Sound&on=1", headers: [("If-None-Match", tag)]).status, 304)
        XCTAssertEqual(get("/card", "foo=1").headers["X-Ignored-Params"], "foo")
    }

    private func assertBadRequest(_ path: String, _ query: String, parameter: String, mentions: String? = nil,
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        let response = get(path, query)
        XCTAssertEqual(response.status, 400, file: file, line: line)
        XCTAssertEqual(response.headers["Content-Type"], "application/json", file: file, line: line)
        let body = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String])
        XCTAssertEqual(body["parameter"], parameter, file: file, line: line)
        XCTAssertNotNil(body["value"], file: file, line: line)
        XCTAssertNotNil(body["expected"], file: file, line: line)
        if let mentions {
            XCTAssertTrue(body["expected"]!.contains(mentions), body["expected"]!, file: file, line: line)
        }
    }

    func testBadInputsAre400sWithTheJSONBody() throws {
        try assertBadRequest("/row", "label=", parameter: "label")
        try assertBadRequest("/row", "label=" + String(repeating: "x", count: 201), parameter: "label", mentions: "201")
        try assertBadRequest("/row", "label=%CD%B8", parameter: "label", mentions: "U+0378")
        try assertBadRequest("/row", "label=a%07b", parameter: "label", mentions: "U+0007")
        try assertBadRequest("/card", "row13.label=A", parameter: "row13.label")
        try assertBadRequest("/card", "row1.label=A&row1.colour=red", parameter: "row1.colour")
        try assertBadRequest("/row", "label=A&dir=sideways", parameter: "dir")
        try assertBadRequest("/toggle", "dir=sideways", parameter: "dir")
    }

    func testToggleDirMirrorsTheKnob() throws {
        let ltr = try image("/toggle", "on=1"), rtl = try image("/toggle", "on=1&dir=rtl")
        XCTAssertEqual(ltr.rgba(42, 6), [255, 255, 255, 255], "on: knob at the right")
        XCTAssertEqual(rtl.rgba(16, 6), [255, 255, 255, 255], "mirrored on: knob at the left")
        XCTAssertNotEqual(get("/toggle", "on=1").headers["ETag"], get("/toggle", "on=1&dir=rtl").headers["ETag"])
        XCTAssertEqual(get("/toggle", "on=1").headers["ETag"], get("/toggle", "on=1&dir=ltr").headers["ETag"])
    }
}
