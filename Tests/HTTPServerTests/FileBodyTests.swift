import Foundation
import TestSupport
import XCTest
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// Content kept in sealed memory files (`HTTPBodyFile`) and sent with sendfile(2): the bytes, the
/// seals the memfd(2) and fcntl(2) manual pages describe, the process's allowance of files, and
/// the server's framing of such responses (RFC 9112 sections 6 and 9.3).
final class FileBodyTests: XCTestCase {
    /// Bytes no two offsets of a few pages share by accident (a 32-bit LCG's high byte).
    static func pattern(_ count: Int) -> [UInt8] {
        var state: UInt32 = 12345
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
    }

    func testTheFileHoldsTheBytesAndIsSealed() throws {
        let bytes = Self.pattern(100_000)
        let file = try XCTUnwrap(HTTPBodyFile(copying: bytes))
        XCTAssertEqual(file.count, bytes.count)
        XCTAssertEqual(file.bytes(), bytes)
        // linux/fcntl.h: F_GET_SEALS = F_LINUX_SPECIFIC_BASE (1024) + 10; F_SEAL_SEAL 1,
        // F_SEAL_SHRINK 2, F_SEAL_GROW 4, F_SEAL_WRITE 8.
        XCTAssertEqual(fcntl(file.descriptor, 1034), 1 | 2 | 4 | 8)
        // memfd_create(2): with F_SEAL_WRITE, write(2) fails with EPERM; with F_SEAL_SHRINK,
        // ftruncate(2) to a smaller size fails with EPERM.
        var byte: UInt8 = 0
        XCTAssertEqual(pwrite(file.descriptor, &byte, 1, 0), -1)
        XCTAssertEqual(errno, EPERM)
        XCTAssertEqual(ftruncate(file.descriptor, 10), -1)
        XCTAssertEqual(errno, EPERM)
        XCTAssertEqual(file.bytes(), bytes)
    }

    func testKeptContentIsAFileFromTheMinimumOn() throws {
        try XCTSkipIf(HTTPBodyFile.maximumOpen == 0, "RLIMIT_NOFILE allows no memory files")
        let below = HTTPBody.kept(Self.pattern(HTTPBody.fileMinimum - 1))
        guard case .bytes(let bytes) = below else { return XCTFail("a body under the minimum went to a file") }
        XCTAssertEqual(bytes, Self.pattern(HTTPBody.fileMinimum - 1))
        let at = HTTPBody.kept(Self.pattern(HTTPBody.fileMinimum))
        guard case .file(let file) = at else { return XCTFail("a body at the minimum stayed in memory") }
        XCTAssertEqual(file.bytes(), Self.pattern(HTTPBody.fileMinimum))
        XCTAssertEqual(at.count, HTTPBody.fileMinimum)
    }

    /// Files beyond the allowance are refused (the content stays bytes), and a released file
    /// gives its place back.
    func testTheAllowanceBoundsOpenFiles() throws {
        let bytes = [UInt8](repeating: 1, count: 16)
        var files: [HTTPBodyFile] = []
        while let file = HTTPBodyFile(copying: bytes) {
            files.append(file)
            if files.count > HTTPBodyFile.maximumOpen { break }
        }
        XCTAssertLessThanOrEqual(files.count, HTTPBodyFile.maximumOpen)
        XCTAssertGreaterThan(HTTPBodyFile.maximumOpen, 0)
        guard case .bytes = HTTPBody.kept([UInt8](repeating: 2, count: HTTPBody.fileMinimum)) else {
            return XCTFail("a file beyond the allowance")
        }
        files.removeLast()
        XCTAssertNotNil(HTTPBodyFile(copying: bytes))
    }

    func testResponsesWithFileContentKeepTheirFraming() throws {
        let small = Self.pattern(HTTPBody.fileMinimum)
        let large = Self.pattern(4 << 20)  // more than a loopback socket takes in one call
        let files = try FileResponder(small: XCTUnwrap(HTTPBodyFile(copying: small)),
                                      large: XCTUnwrap(HTTPBodyFile(copying: large)))
        let (server, port) = try startServer(responder: files)
        defer { stop(server) }
        let client = try TestClient(port: port)
        client.send("GET /small HTTP/1.1\r\nHost: a\r\n\r\nHEAD /small HTTP/1.1\r\nHost: a\r\n\r\n"
                    + "GET /large HTTP/1.1\r\nHost: a\r\n\r\nGET /small HTTP/1.1\r\nHost: a\r\n\r\n"
                    + "GET /bytes HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        let first = try client.readResponse()
        XCTAssertEqual(first.body, small)
        XCTAssertEqual(first.header("Content-Length"), "\(small.count)")
        let head = try client.readResponse(head: true)
        XCTAssertEqual(head.header("Content-Length"), "\(small.count)")
        XCTAssertEqual(head.body, [])
        XCTAssertEqual(try client.readResponse().body, large)
        XCTAssertEqual(try client.readResponse().body, small)
        let last = try client.readResponse()
        XCTAssertEqual(last.bodyString, "bytes")
        XCTAssertEqual(last.header("Connection"), "close")
        XCTAssertTrue(client.closesWithoutMoreData())
    }
}

/// `/small` and `/large` answer their files; anything else the bytes "bytes".
private struct FileResponder: HTTPResponder {
    let small: HTTPBodyFile
    let large: HTTPBodyFile

    func plan(for request: HTTPRequest) -> HTTPResponsePlan {
        var response = HTTPResponse(status: 200, body: Array("bytes".utf8))
        switch request.path {
        case "/small": response.content = .file(small)
        case "/large": response.content = .file(large)
        default: break
        }
        return .answer(response)
    }
}
