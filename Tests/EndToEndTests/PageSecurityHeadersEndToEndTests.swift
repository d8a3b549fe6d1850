import Foundation
import TestSupport
import XCTest

/// HTML pages carry a Content-Security-Policy with `frame-ancestors 'none'` (or what
/// `--frame-ancestors` says), and every static file `X-Content-Type-Options: nosniff`. Whether the
/// playground works under the policy is Tests/Browser/test_page_policy.py's job.
final class PageSecurityHeadersEndToEndTests: XCTestCase {
    static let pages = ["/", "/index.html", "/gallery.html", "/symbols.html"]

    func testPagesForbidFramingAndInlineCodeByDefault() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off"])
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        for page in Self.pages {
            let response = try client.get(page)
            XCTAssertEqual(response.status, 200, page)
            let policy = try XCTUnwrap(response.header("Content-Security-Policy"), page)
            let directives = Dictionary(policy.split(separator: ";").map {
                let parts = $0.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }, uniquingKeysWith: { first, _ in first })
            XCTAssertEqual(directives["frame-ancestors"], "'none'", "\(page): \(policy)")
            XCTAssertEqual(directives["script-src"], "'self'", "\(page): no inline script")
            XCTAssertEqual(directives["style-src"], "'self'", "\(page): no inline style")
            XCTAssertEqual(directives["default-src"], "'none'", page)
            XCTAssertEqual(response.header("X-Frame-Options"), "DENY", page)
            XCTAssertEqual(response.header("X-Content-Type-Options"), "nosniff", page)
            // And the 304 of a revalidation keeps the policy.
            let tag = try XCTUnwrap(response.header("ETag"))
            let revalidated = try client.get(page, headers: ["If-None-Match: \(tag)"])
            XCTAssertEqual(revalidated.status, 304, page)
            XCTAssertEqual(revalidated.header("Content-Security-Policy"), policy, page)
        }
    }

    func testEveryStaticFileIsNosniff() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off"])
        defer { server.stop() }
        let client = try TestClient(port: server.port)
        let root = URL(fileURLWithPath: ServerProcess.publicDirectory)
        let files = try XCTUnwrap(FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]))
        var checked = 0
        for case let url as URL in files where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            let relative = String(url.path.dropFirst(root.path.count))
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            let response = try client.get(relative)
            XCTAssertEqual(response.status, 200, relative)
            XCTAssertEqual(response.header("X-Content-Type-Options"), "nosniff", relative)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 8)
    }

    func testFrameAncestorsFlagAllowsEmbedding() throws {
        let server = try ServerProcess(arguments: ["--access-log", "off", "--frame-ancestors", "'self' https://docs.example"])
        defer { server.stop() }
        let response = try TestClient(port: server.port).get("/")
        let policy = try XCTUnwrap(response.header("Content-Security-Policy"))
        XCTAssertTrue(policy.hasSuffix("frame-ancestors 'self' https://docs.example"), policy)
        XCTAssertNil(response.header("X-Frame-Options"), "X-Frame-Options would forbid what the policy allows")
    }
}
