import ImageWriters
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import ImageWriters
@testable import ToggleService
import TogglePicture
import TestSupport
import HTTPServer
@testable import QueryLanguage

/// `/row?animate=1`: the row's switch animates as `/toggle`'s does, the label stays
/// still. Frames are read back with libpng (`DecodedPNG`): each `fcTL` + `fdAT` is rewrapped as
/// a PNG of its own and composited by the APNG specification's rules, so the frames checked are
/// the ones a viewer shows, not the scenes the code under test drew.
final class RowAnimationTests: XCTestCase {
    /// Every frame of `apng`, straight-alpha RGBA8, as an APNG viewer composes them (dispose op
    /// NONE; blend SOURCE replaces the rectangle, OVER with alpha 0 or 255 keeps or replaces).
    func frames(of apng: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> [[UInt8]] {
        let chunks = try XCTUnwrap(PNGChunks.parse(apng), "every CRC checks", file: file, line: line)
        let ihdr = Array(try XCTUnwrap(chunks.first { $0.type == "IHDR" }).data)
        let width = Int(PNGChunks.readUInt32(ihdr, at: 0)), height = Int(PNGChunks.readUInt32(ihdr, at: 4))
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + data
            return be(UInt32(data.count)) + typed + be(CRC32.checksum(typed))
        }
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var result: [[UInt8]] = []
        var control: [UInt8]?
        var data: [UInt8] = []
        func finishFrame() throws {
            guard let fc = control else { return }
            let w = Int(PNGChunks.readUInt32(fc, at: 4)), h = Int(PNGChunks.readUInt32(fc, at: 8))
            let x0 = Int(PNGChunks.readUInt32(fc, at: 12)), y0 = Int(PNGChunks.readUInt32(fc, at: 16))
            let dispose = fc[24], blend = fc[25]
            XCTAssertEqual(dispose, 0, "dispose op NONE", file: file, line: line)
            let header = be(UInt32(w)) + be(UInt32(h)) + Array(ihdr[8...])
            let png = PNGChunks.signature + chunk("IHDR", header) + chunk("IDAT", data) + chunk("IEND", [])
            let part = try XCTUnwrap(DecodedPNG(png), "frame decodes", file: file, line: line)
            for y in 0..<h {
                for x in 0..<w {
                    let s = (y * w + x) * 4, d = ((y0 + y) * width + x0 + x) * 4
                    if blend == 1 {
                        XCTAssertTrue(part.pixels[s + 3] == 0 || part.pixels[s + 3] == 255, file: file, line: line)
                        if part.pixels[s + 3] == 0 { continue }
                    }
                    for c in 0..<4 { canvas[d + c] = part.pixels[s + c] }
                }
            }
            result.append(canvas)
            control = nil
            data = []
        }
        for c in chunks {
            switch c.type {
            case "fcTL":
                try finishFrame()
                control = Array(c.data)
            case "IDAT": data += c.data
            case "fdAT": data += c.data.dropFirst(4)
            default: break
            }
        }
        try finishFrame()
        return result
    }

    func rowPNG(_ q: String, format: ImageFormat = .png) throws -> [UInt8] {
        try RowRequest(query: RowQuery(rawQuery: q), format: format).bytes()
    }

    func pixels(_ png: [UInt8]) throws -> [UInt8] { try XCTUnwrap(DecodedPNG(png)).pixels }

    /// Every style: the last frame is the still row, the first the still row of `from`, and the
    /// frame count is `/toggle`'s for the same switch; the label's pixels never change.
    func testFramesEndOnTheStillRowsAndCountAsTheToggles() throws {
        let cases: [(row: String, from: String, toggle: String)] = [
            ("style=iconSwitch&on=1&scale=2", "style=iconSwitch&on=0&scale=2", "style=iconSwitch&on=1&scale=2"),
            ("style=switch&on=0&theme=dark&bg=black&pad=4", "style=switch&on=1&theme=dark&bg=black&pad=4",
             "style=switch&on=0&theme=dark"),
            ("style=tutorial&on=1&scale=2&dir=rtl", "style=tutorial&on=0&scale=2&dir=rtl", "style=tutorial&on=1&scale=2&dir=rtl"),
            ("style=button&on=1", "style=button&on=0", "style=button&on=1&label=Dark%20Mode"),
            // At scale 2 this row's animation is over the bound on an animation's cost.
            ("style=symbol&on=1&from=mixed&scale=1.5", "style=symbol&state=mixed&scale=1.5",
             "style=symbol&on=1&from=mixed&scale=1.5&label=Dark%20Mode"),
        ]
        for (row, from, toggle) in cases {
            let label = "label=Dark%20Mode&"
            let apng = try rowPNG(label + row + "&animate=1")
            let shown = try frames(of: apng)
            let still = try pixels(try rowPNG(label + row.replacingOccurrences(of: "&from=mixed", with: "")))
            XCTAssertTrue(shown.last == still, "last frame = still row: \(row)")
            XCTAssertTrue(shown.first == (try pixels(try rowPNG(label + from))), "first frame = still row of from: \(row)")
            let toggleAPNG = try ToggleRequest(query: ToggleQuery(rawQuery: toggle + "&animate=1"), format: .png).bytes()
            let toggleFrames = try XCTUnwrap(PNGChunks.parse(toggleAPNG)).filter { $0.type == "fcTL" }.count
            XCTAssertEqual(shown.count, toggleFrames, "frame count = /toggle's: \(row)")
            XCTAssertGreaterThan(shown.count, 2, row)
            XCTAssertTrue(Set(shown).count > 2, "the frames move: \(row)")
        }
    }

    /// A button whose two states differ in size (mixed draws `minus`): the frames are the larger
    /// canvas with both centred (as on /toggle), placed so that the asked state's end is the still
    /// row, smaller end or larger.
    func testButtonBetweenSizesEndsOnTheStillRow() throws {
        for (animated, still) in [("style=button&on=0&from=mixed&scale=2", "style=button&on=0&scale=2"),
                                  ("style=button&sources=1,0&scale=2", "style=button&sources=1,0&scale=2")] {
            let shown = try frames(of: try rowPNG("label=Wi-Fi&bg=white&animate=1&" + animated))
            XCTAssertTrue(shown.last == (try pixels(try rowPNG("label=Wi-Fi&bg=white&" + still))), animated)
        }
    }

    /// A row drawing its own label (switch styles): the label's columns are the same in every frame.
    func testLabelStaysStill() throws {
        let q = try RowQuery(rawQuery: "label=Dark%20Mode&on=1&scale=2&animate=1&loop=1")
        let shown = try frames(of: try RowRequest(query: q, format: .png).bytes())
        let width = q.canvasSize.width
        let labelEnd = Int(((q.row.layout.label.x + q.row.layout.label.width) * 2).rounded(.up))
        XCTAssertLessThan(labelEnd, Int(q.row.layout.toggle.x * 2))
        func labelColumns(_ f: [UInt8]) -> [UInt8] {
            stride(from: 0, to: f.count, by: width * 4).flatMap { f[$0..<$0 + labelEnd * 4] }
        }
        let first = labelColumns(shown[0])
        XCTAssertTrue(first.contains { $0 != 0 }, "the label is drawn")
        for f in shown { XCTAssertTrue(labelColumns(f) == first) }
    }

    func testTextChunksAndPlays() throws {
        let apng = try rowPNG("label=Dark%20Mode&on=1&animate=1&loop=1")
        let text = pngTextChunks(apng)
        XCTAssertEqual(text["Title"], pngTextChunks(try rowPNG("label=Dark%20Mode&on=1"))["Title"])
        XCTAssertEqual(text["Title"].map { $0.hasPrefix("Dark Mode") }, true)
        let description = try XCTUnwrap(text["Description"])
        XCTAssertTrue(description.hasPrefix("Dark Mode, switch, on, animated from off to on"), description)
        XCTAssertTrue(description.hasSuffix("looping"), description)
        let actl = Array(try XCTUnwrap(PNGChunks.parse(apng)).first { $0.type == "acTL" }!.data)
        XCTAssertEqual(Array(actl[4..<8]), [0, 0, 0, 0], "loop=1 plays forever")
    }

    func testAnimatedRowSVGParsesAndHasKeyframes() throws {
        for style in ["iconSwitch", "tutorial", "button", "symbol"] {
            let svg = try rowPNG("label=Dark%20Mode&on=1&animate=1&style=\(style)", format: .svg)
            let document = try XMLDocument(data: Data(svg))
            XCTAssertEqual(document.rootElement()?.name, "svg", style)
            let text = String(decoding: svg, as: UTF8.self)
            XCTAssertTrue(text.contains("@keyframes k"), style)
            XCTAssertTrue(text.contains("@media (prefers-reduced-motion:reduce){@keyframes r"), style)
            XCTAssertTrue(text.contains("Dark Mode"), style)
        }
        let auto = rejection("label=A&on=1&animate=1&theme=auto", by: { q throws(ParameterError) in
            try RowQuery(rawQuery: q).check(for: .svg)
        })
        XCTAssertEqual(auto?.parameter, "theme")
    }

    func testTooLargeAnimatedRowIsA400OnAnimate() throws {
        // 1200 pt at scale 4 is 4800 px wide: the still is allowed, an animation frame is not.
        XCTAssertNoThrow(try RowQuery(rawQuery: "label=Dark%20Mode&width=1200&scale=4"))
        let error = try XCTUnwrap(rowRejection("label=Dark%20Mode&width=1200&scale=4&animate=1"))
        XCTAssertEqual(error.parameter, "animate")
        XCTAssertEqual(error.error, "picture too large")
        XCTAssertTrue(error.expected.contains("400000 px"), error.expected)
        XCTAssertTrue(error.expected.contains("4800 x 176 px at width 1200, scale 4, size large"), error.expected)
        XCTAssertNoThrow(try RowQuery(rawQuery: "label=Dark%20Mode&scale=3&animate=1"))
    }

    func testCardsStillRefuseAnimation() throws {
        let error = try XCTUnwrap(cardRejection("row1.label=Sound&row1.animate=1"))
        XCTAssertEqual(error.parameter, "row1.animate")
        XCTAssertTrue(error.expected.contains("animate one row with /row"), error.expected)
        XCTAssertEqual(cardRejection("row1.label=Sound&animate=1")?.parameter, "animate")
    }

    func testKeysDistinguishTheAnimation() throws {
        func key(_ q: String) throws -> String { String(decoding: RowRequest(query: try RowQuery(rawQuery: q), format: .png).canonicalKey, as: UTF8.self) }
        let keys = try ["label=A&on=1", "label=A&on=1&animate=1", "label=A&on=1&animate=1&loop=1",
                        "label=A&on=1&animate=1&fps=30", "label=A&on=1&animate=1&motion=reduce",
                        "label=A&on=1&animate=1&from=mixed"].map(key)
        XCTAssertEqual(Set(keys).count, keys.count)
        XCTAssertEqual(try key("label=A&on=1&animate=1"), try key("label=A&on=true&animate=yes&from=off&fps=60"))
    }
}

/// `/row?animate=1` through the responder: an APNG or animated SVG with its own ETag, and JSON 400s.
final class RowAnimationRouteTests: XCTestCase {
    let responder = ToggleResponder(configuration: .init())

    private func get(_ path: String, _ query: String) -> HTTPResponse {
        responder.respond(to: HTTPRequest(method: "GET", target: path + "?" + query, path: path, query: query,
                                          version: .http1_1, headers: HTTPFields([("Host", "x")])))
    }

    func testAnimatedRowResponses() throws {
        let still = get("/row.png", "label=Sound&on=1"), animated = get("/row.png", "label=Sound&on=1&animate=1")
        XCTAssertEqual(animated.status, 200, String(decoding: animated.body, as: UTF8.self))
        XCTAssertEqual(animated.headers["Content-Type"], "image/png")
        XCTAssertEqual(Array(animated.body[37..<41]), Array("acTL".utf8), "acTL right after IHDR")
        XCTAssertNotEqual(animated.headers["ETag"], still.headers["ETag"])
        XCTAssertNotEqual(get("/row", "label=Sound&on=1&animate=1&loop=1").headers["ETag"], animated.headers["ETag"])
        let svg = get("/row.svg", "label=Sound&on=1&animate=1")
        XCTAssertEqual(svg.status, 200)
        XCTAssertTrue(String(decoding: svg.body, as: UTF8.self).contains("@keyframes k"))
        for (path, query, parameter) in [("/row", "label=Sound&width=1200&scale=4&animate=1", "animate"),
                                         ("/card", "row1.label=Sound&row1.animate=1", "row1.animate"),
                                         ("/row.svg", "label=Sound&animate=1&theme=auto", "theme")] {
            let response = get(path, query)
            XCTAssertEqual(response.status, 400, query)
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String])
            XCTAssertEqual(json["parameter"], parameter, query)
        }
    }
}
