import Foundation
import TestSupport
import XCTest

/// `animate=1` over HTTP and through `render`, with the real binary.
final class AnimationEndToEndTests: XCTestCase {
    var server: ServerProcess!

    override func setUpWithError() throws {
        server = try ServerProcess()
    }

    override func tearDown() {
        XCTAssertEqual(server.stop(), 0, "SIGTERM should drain and exit 0")
    }

    func testAnimationIsAPNGWithItsOwnETagAnd304() throws {
        let client = try TestClient(port: server.port)
        let still = try client.get("/toggle?on=1&scale=2")
        let animated = try client.get("/toggle@2x.png?on=1&animate=1")
        XCTAssertEqual(animated.status, 200)
        XCTAssertEqual(animated.header("Content-Type"), "image/png")
        XCTAssertEqual(animated.header("Content-Length"), String(animated.body.count))
        XCTAssertEqual(animated.header("Access-Control-Allow-Origin"), "*")
        XCTAssertEqual(animated.header("Cache-Control"), "public, max-age=86400")
        let tag = try XCTUnwrap(animated.header("ETag"))
        XCTAssertNotEqual(tag, still.header("ETag"))
        // acTL right after IHDR: an animation, not the still.
        XCTAssertEqual(Array(animated.body[37..<41]), Array("acTL".utf8))
        // The same animation asked differently shares the bytes and the ETag.
        let again = try client.get("/toggle?on=true&scale=2&animate=yes&from=off&fps=60")
        XCTAssertEqual(again.header("ETag"), tag)
        XCTAssertEqual(again.body, animated.body)
        let notModified = try client.get("/toggle@2x.png?on=1&animate=1", headers: ["If-None-Match: \(tag)"])
        XCTAssertEqual(notModified.status, 304)
        XCTAssertTrue(notModified.body.isEmpty)
        // Old viewers show the default image: the still of the `from` state.
        let off = try client.get("/toggle?on=0&scale=2")
        XCTAssertEqual(try XCTUnwrap(DecodedPNG(animated.body)).pixels, try XCTUnwrap(DecodedPNG(off.body)).pixels)
    }

    func testBadAnimationValuesAreJSON400s() throws {
        let client = try TestClient(port: server.port)
        for (query, parameter, value) in [("animate=2", "animate", "2"), ("animate=1&loop=yes+please", "loop", "yes please"),
                                          ("animate=1&from=sideways", "from", "sideways"),
                                          ("on=1&animate=1&from=on", "from", "on"), ("animate=1&fps=120", "fps", "120")] {
            let response = try client.get("/toggle?\(query)")
            XCTAssertEqual(response.status, 400, query)
            XCTAssertEqual(response.header("Cache-Control"), "no-store")
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String])
            XCTAssertEqual(json["parameter"], parameter, query)
            XCTAssertEqual(json["value"], value, query)
            XCTAssertNotNil(json["expected"])
        }
    }

    func testAnimatedSVG() throws {
        let client = try TestClient(port: server.port)
        let still = try client.get("/toggle.svg?on=1")
        let animated = try client.get("/toggle.svg?on=1&animate=1")
        XCTAssertEqual(animated.status, 200)
        XCTAssertEqual(animated.header("Content-Type"), still.header("Content-Type"))
        XCTAssertNotEqual(animated.header("ETag"), still.header("ETag"))
        let text = animated.bodyString
        XCTAssertTrue(text.contains("@keyframes k"), "CSS keyframes")
        XCTAssertTrue(text.contains("@media (prefers-reduced-motion:reduce){@keyframes r"), "Reduce Motion variant")
        XCTAssertFalse(text.contains("<script"))
        let auto = try client.get("/toggle.svg?on=1&animate=1&theme=auto")
        XCTAssertEqual(auto.status, 400)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(auto.body)) as? [String: String])
        XCTAssertEqual(json["parameter"], "theme")
        XCTAssertEqual(json["expected"], "light or dark with animate=1 (an animated SVG has one colour scheme)")
    }

    func testRenderWritesTheServedAnimation() throws {
        let client = try TestClient(port: server.port)
        let served = try client.get("/toggle?on=0&animate=1&motion=reduce&loop=1&color=pink").body
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("render-anim-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: output) }
        let render = Process()
        render.executableURL = URL(fileURLWithPath: ServerProcess.binaryPath)
        render.arguments = ["render", "on=0&color=pink", "--animate", "1", "--motion", "reduce", "--loop", "1",
                            "-o", output.path]
        try render.run()
        render.waitUntilExit()
        XCTAssertEqual(render.terminationStatus, 0)
        XCTAssertEqual([UInt8](try Data(contentsOf: output)), served)
    }
}
