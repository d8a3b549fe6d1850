import Foundation
import TestSupport
import XCTest

/// The real `toggle-server` binary, started on a free port as README says, driven over a socket.
final class ServiceEndToEndTests: XCTestCase {
    var server: ServerProcess!

    override func setUpWithError() throws {
        server = try ServerProcess()
    }

    override func tearDown() {
        XCTAssertEqual(server.stop(), 0, "SIGTERM should drain and exit 0")
    }

    func testToggleIsAValidPNGWithTheSeedsPixels() throws {
        let client = try TestClient(port: server.port)
        let response = try client.get("/toggle?on=1")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Type"), "image/png")
        XCTAssertEqual(response.header("Content-Length"), String(response.body.count))
        let image = try XCTUnwrap(DecodedPNG(response.body))
        XCTAssertEqual(image.width, 58)
        XCTAssertEqual(image.height, 32)
        XCTAssertEqual(image.rgba(6, 16), [52, 199, 89, 255], "track in the default tint, green")
        XCTAssertEqual(image.rgba(42, 5), [255, 255, 255, 255], "white knob at the trailing end")
        XCTAssertEqual(image.rgba(0, 0)[3], 0, "transparent corner")
        XCTAssertEqual(image.rgba(57, 31)[3], 0, "transparent corner")
    }

    /// Inter comes from the TextLayout resource bundle beside the binary, as a deployment has it;
    /// the other scripts from the system's Noto fonts, found by fontconfig at start-up.
    func testCardFindsItsFontsBesideTheBinary() throws {
        let client = try TestClient(port: server.port)
        let card = try client.get("/card.png?scale=2")
        XCTAssertEqual(card.status, 200)
        let image = try XCTUnwrap(DecodedPNG(card.body))
        XCTAssertEqual(image.width, 780)
        XCTAssertEqual(image.height, 528)  // (20 + 12 + 4 x 44 + 3 x 8 + 12 + 20) x 2
        let row = try client.get("/row?label=%D7%9E%D7%A6%D7%91%20%D7%9B%D7%94%D7%94&on=1")
        XCTAssertEqual(row.status, 200, "Hebrew label")
        XCTAssertEqual(try client.get("/row?label=%E4%B8%AD").status, 200, "Han, in Noto Sans CJK")
        XCTAssertEqual(try client.get("/row?label=%CD%B8").status, 400, "U+0378, in no font")
    }

    func testScaleAndNamedColour() throws {
        let client = try TestClient(port: server.port)
        let response = try client.get("/toggle?on=1&color=indigo&scale=2")
        XCTAssertEqual(response.status, 200)
        let image = try XCTUnwrap(DecodedPNG(response.body))
        XCTAssertEqual(image.width, 115)  // round(1.8 x 32 x 2)
        XCTAssertEqual(image.height, 64)
        XCTAssertEqual(image.rgba(12, 32), [88, 86, 214, 255])
    }

    func testBadColourIs400NamingTheParameter() throws {
        let client = try TestClient(port: server.port)
        let response = try client.get("/toggle?on=1&color=notacolor")
        XCTAssertEqual(response.status, 400)
        XCTAssertEqual(response.header("Cache-Control"), "no-store")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String])
        XCTAssertEqual(json["parameter"], "color")
        XCTAssertEqual(json["value"], "notacolor")
        XCTAssertNotNil(json["expected"])
        // The connection survives a 400 for a bad parameter.
        XCTAssertEqual(try client.get("/toggle?on=0").status, 200)
    }

    func testIndexPageAndUnknownPath() throws {
        let client = try TestClient(port: server.port)
        let index = try client.get("/")
        XCTAssertEqual(index.status, 200)
        XCTAssertEqual(index.header("Content-Type"), "text/html; charset=utf-8")
        XCTAssertTrue(String(decoding: index.body, as: UTF8.self).contains("<img src=\"/toggle?on=1\""))
        XCTAssertEqual(try client.get("/nope").status, 404)
        XCTAssertEqual(try client.get("/healthz").status, 200)
    }

    func testRenderCommandWritesTheSameBytes() throws {
        let client = try TestClient(port: server.port)
        let served = try client.get("/toggle?on=1&color=orange&scale=3").body
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: output) }
        let render = Process()
        render.executableURL = URL(fileURLWithPath: ServerProcess.binaryPath)
        render.arguments = ["render", "on=1&color=orange", "--scale", "3", "-o", output.path]
        try render.run()
        render.waitUntilExit()
        XCTAssertEqual(render.terminationStatus, 0)
        XCTAssertEqual([UInt8](try Data(contentsOf: output)), served)
    }

    func testRenderCommandWritesTheSameSVG() throws {
        let client = try TestClient(port: server.port)
        let served = try client.get("/toggle.svg?on=1&theme=auto&scale=2")
        XCTAssertEqual(served.status, 200)
        XCTAssertEqual(served.header("Content-Type"), "image/svg+xml; charset=utf-8")
        XCTAssertEqual(try client.get("/toggle.svg?on=1&theme=auto&scale=2", method: "HEAD").body, [])
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(getpid()).svg")
        defer { try? FileManager.default.removeItem(at: output) }
        // By the output name, and by --format to standard output.
        for arguments in [["render", "on=1&theme=auto", "--scale", "2", "-o", output.path],
                          ["render", "on=1&theme=auto", "--scale", "2", "--format", "svg", "-o", "-"]] {
            let render = Process()
            render.executableURL = URL(fileURLWithPath: ServerProcess.binaryPath)
            render.arguments = arguments
            let out = Pipe()
            render.standardOutput = out
            try render.run()
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            render.waitUntilExit()
            XCTAssertEqual(render.terminationStatus, 0)
            let bytes = arguments.last == "-" ? [UInt8](stdout) : [UInt8](try Data(contentsOf: output))
            XCTAssertEqual(bytes, served.body, "\(arguments)")
        }
    }
}
