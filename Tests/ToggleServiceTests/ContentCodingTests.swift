import XCTest
@testable import ToggleService

/// Accept-Encoding negotiation (RFC 9110 section 12.5.3) and the gzip writer.
final class ContentCodingTests: XCTestCase {
    func testAcceptEncodingHonoursQValues() {
        let yes = ["gzip", "GZIP", "x-gzip", "gzip, deflate, br, zstd", "deflate, gzip;q=1.0, *;q=0.5", "*",
                   "br;q=1, gzip;q=0.001", "*;q=0, gzip", "gzip ; q=0.5", "identity;q=0.5, gzip"]
        let no = [nil, "", "identity", "br", "deflate", "gzip;q=0", "gzip; q=0.000", "*;q=0", "gzip;q=0, *",
                  "gzip;q=2", "gzip;q=0.5, identity;q=1", "gzip;q=abc", "gzip;q=0.0001"]
        for value in yes { XCTAssertTrue(ContentCoding.acceptsGzip(value), value) }
        for value in no { XCTAssertFalse(ContentCoding.acceptsGzip(value), value ?? "absent") }
    }

    func testOnlyTextIsCompressible() {
        for type in ["application/json", "text/html; charset=utf-8", "text/javascript; charset=utf-8",
                     "text/css; charset=utf-8", "text/plain; charset=utf-8", "application/manifest+json"] {
            XCTAssertTrue(ContentCoding.isCompressible(contentType: type), type)
        }
        for type in ["image/png", "image/svg+xml", "application/octet-stream", "image/x-icon"] {
            XCTAssertFalse(ContentCoding.isCompressible(contentType: type), type)
        }
        XCTAssertEqual(ContentCoding.gzipTag("\"abc\""), "\"abc-gzip\"")
    }

    /// The system's `gzip -dc` (an independent decoder) gives the input back; output is
    /// deterministic (same bytes on every replica).
    func testGzipRoundTripsThroughTheGzipTool() throws {
        let input = Array(String(repeating: "{\"name\":\"moon.fill\",\"icon\":\"moon-waning-crescent\"},", count: 500).utf8)
        let compressed = try XCTUnwrap(Gzip.compress(input))
        XCTAssertLessThan(compressed.count, input.count / 10)
        XCTAssertEqual(Array(compressed.prefix(2)), [0x1f, 0x8b], "gzip magic (RFC 1952)")
        XCTAssertEqual(Gzip.compress(input), compressed)
        XCTAssertEqual(try gunzip(compressed), input)
        XCTAssertEqual(try gunzip(try XCTUnwrap(Gzip.compress([]))), [])
    }

    func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let writer = Thread {
            input.fileHandleForWriting.write(Data(bytes))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return [UInt8](data)
    }
}
