import XCTest
@testable import HTTPServer

/// Inputs the `fuzz-request-parser` target (Fuzz/RequestParser) found, kept as tests. Each is parsed
/// whole and one byte at a time with the fuzzer's small limits; the two must agree.
final class FuzzRegressionTests: XCTestCase {
    private let limits = RequestParserLimits(maxRequestTargetBytes: 64, maxHeaderBytes: 512,
                                             maxHeaderFields: 8, maxBodyBytes: 256)

    /// Every result up to the first closing rejection (or `.needMore` at the end), as text.
    private func outcomes(_ bytes: [UInt8], chunk: Int) -> [String] {
        var parser = RequestParser(limits: limits)
        var out: [String] = []
        var offset = 0
        while offset < bytes.count {
            let n = min(chunk, bytes.count - offset)
            parser.append(contentsOf: bytes[offset ..< offset + n])
            offset += n
            while true {
                switch parser.next() {
                case .needMore:
                    break
                case .head(let h):
                    out.append("\(h.request.method) \(h.request.target) body \(h.bodyLength) keepAlive \(h.keepAlive)")
                    continue
                case .rejected(let r):
                    out.append("\(r.status) close \(r.closeConnection)")
                    if r.closeConnection { return out }
                    continue
                }
                break
            }
        }
        return out
    }

    private func assertSplitIndependent(_ bytes: [UInt8], expected: [String],
                                        file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(outcomes(bytes, chunk: bytes.count), expected, "whole", file: file, line: line)
        XCTAssertEqual(outcomes(bytes, chunk: 1), expected, "byte by byte", file: file, line: line)
    }

    /// crash-ab8015a0: a 36-byte method token. Whole, the head parser answered 501 and kept the
    /// connection; byte by byte, the early method-length check answered 501 and closed.
    func testLongMethodIsRejectedTheSameWayWholeOrInPieces() {
        let input = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJ / HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        assertSplitIndependent(input, expected: ["501 close true"])
    }

    /// crash-05c5eeb1: 47 NULs, a space, more bytes, no line end. Byte by byte, the method-length
    /// check fired at the 33rd byte; whole, the space was already seen and the check was skipped,
    /// so the parser waited for more.
    func testOverlongMethodBeforeASpaceIsRejectedWholeToo() {
        let input = [UInt8](repeating: 0, count: 47) + [0x20, 0, 0, 0, 0, 0x08]
        assertSplitIndependent(input, expected: ["400 close true"])
    }

    /// The same check, after the request line ended: an over-long target in a complete request
    /// line followed by an incomplete field section was 414 byte by byte but "need more" whole.
    func testOverlongTargetWithIncompleteFieldsIsRejectedWholeToo() {
        let target = "/" + String(repeating: "a", count: 70)
        let input = Array("GET \(target) HTTP/1.1\r\nHost: a\r\n".utf8)
        assertSplitIndependent(input, expected: ["414 close true"])
    }

    /// HTTP/1.9 is served as HTTP/1.1 (RFC 9110 section 2.5), pipelined requests after it too.
    func testHigherMinorVersionIsServedAsHTTP11() {
        let input = Array(("GET /a HTTP/1.9\r\nHost: a\r\n\r\nHEAD /b HTTP/1.1\r\nHost: a\r\n\r\n").utf8)
        assertSplitIndependent(input, expected: ["GET /a body 0 keepAlive true", "HEAD /b body 0 keepAlive true"])
    }
}
