import Foundation
import TestSupport
import XCTest

/// A flood of empty lines before a request line used to be read without end until the header
/// timeout (67 MB of CRLF in one measurement). Now it counts against `--max-header-bytes`: 400
/// and close once the limit is passed.
final class EmptyLineFloodEndToEndTests: XCTestCase {
    func testAFloodOfEmptyLinesIsA400WithinTheHeaderLimit() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off", "--max-header-bytes", "1024",
                                                   "--header-timeout", "60"])
        defer { server.stop() }
        // Within the limit: ignored, and the request after them answered.
        let polite = try TestClient(port: server.port, timeout: 10)
        polite.send(String(repeating: "\r\n", count: 512) + "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(try polite.readResponse().status, 200)
        // 256 KiB of CRLF and no request line: answered (well before the 60 s header timeout,
        // when a read would time out after 10 s) with a 400 that says why, then closed.
        let flood = try TestClient(port: server.port, timeout: 10)
        flood.send(String(repeating: "\r\n", count: 128 * 1024))
        let response = try flood.readResponse()
        XCTAssertEqual(response.status, 400)
        XCTAssertTrue(response.bodyString.contains("empty lines"), response.bodyString)
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertTrue(flood.closesWithoutMoreData(timeout: 10))
    }
}
