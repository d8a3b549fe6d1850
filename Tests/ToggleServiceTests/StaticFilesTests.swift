import HTTPServer
import XCTest
@testable import ToggleService
@testable import QueryLanguage

/// Static files: no traversal, no dotfiles, no listings, right media types.
final class StaticFilesTests: XCTestCase {
    /// A temporary folder holding `public/` (the served root) and, beside it, `secret.txt`.
    var base: String!
    var root: String!

    override func setUpWithError() throws {
        base = NSTemporaryDirectory() + "static-\(UUID().uuidString)"
        root = base + "/public"
        let fm = FileManager.default
        try fm.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        XCTAssertTrue(fm.createFile(atPath: root + "/index.html", contents: Data("<h1>hi</h1>".utf8)))
        XCTAssertTrue(fm.createFile(atPath: root + "/app.js", contents: Data("1".utf8)))
        XCTAssertTrue(fm.createFile(atPath: root + "/logo.png", contents: Data([0x89, 0x50, 0x4e, 0x47])))
        XCTAssertTrue(fm.createFile(atPath: root + "/a b.css", contents: Data("b{}".utf8)))
        XCTAssertTrue(fm.createFile(atPath: root + "/.env", contents: Data("SECRET=1".utf8)))
        XCTAssertTrue(fm.createFile(atPath: root + "/sub/page.json", contents: Data("{}".utf8)))
        XCTAssertTrue(fm.createFile(atPath: base + "/secret.txt", contents: Data("no".utf8)))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: base)
    }

    func testServesFilesWithMediaTypesAndETags() throws {
        let files = StaticFiles(root: root)
        XCTAssertEqual(files.file(forPath: "/")?.contentType, "text/html; charset=utf-8")
        XCTAssertEqual(files.file(forPath: "/app.js")?.contentType, "text/javascript; charset=utf-8")
        XCTAssertEqual(files.file(forPath: "/a%20b.css")?.contentType, "text/css; charset=utf-8")
        XCTAssertEqual(files.file(forPath: "/sub/page.json")?.contentType, "application/json")
        let etag = try XCTUnwrap(files.file(forPath: "/app.js")?.entityTag)
        XCTAssertTrue(etag.hasPrefix("\"") && etag.hasSuffix("\""))
    }

    func testRefusesTraversalDotfilesAndOddEncodings() {
        let files = StaticFiles(root: root)
        // The file these reach for exists, one level above the root.
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/../secret.txt"))
        for path in ["/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt", "/sub/..%2F..%2Fsecret.txt",
                     "/sub/%2e%2e/%2e%2e/secret.txt", "/sub/../../secret.txt", "/.%2e/secret.txt"] {
            XCTAssertNil(files.file(forPath: path), path)
        }
        for path in ["/../etc/passwd", "/..", "/%2e%2e/etc/passwd", "/%2E%2E%2Fetc%2Fpasswd", "/sub/..%2F..%2Fx",
                     "/sub/%2e%2e/index.html", "/.env", "/%2eenv", "/sub%2Fpage.json", "/sub%5cpage.json",
                     "/index.html%00", "/%zz", "/%C3", "relative", "/sub/./page.json", "/nope.html", "/app.js/", "/sub/page.json/"] {
            XCTAssertNil(files.file(forPath: path), path)
        }
    }

    func testAChangedFileIsReadAgain() throws {
        let files = StaticFiles(root: root)
        let before = try XCTUnwrap(files.file(forPath: "/app.js"))
        XCTAssertEqual(files.file(forPath: "/app.js")?.entityTag, before.entityTag, "kept while unchanged")
        XCTAssertTrue(FileManager.default.createFile(atPath: root + "/app.js", contents: Data("console.log(2)".utf8)))
        let after = try XCTUnwrap(files.file(forPath: "/app.js"))
        XCTAssertEqual(after.contents, Array("console.log(2)".utf8))
        XCTAssertNotEqual(after.entityTag, before.entityTag)
        try FileManager.default.removeItem(atPath: root + "/app.js")
        XCTAssertNil(files.file(forPath: "/app.js"), "a deleted file is gone, not served from memory")
    }

    func testDirectoryWithoutIndexIsNotListed() {
        XCTAssertNil(StaticFiles(root: root).file(forPath: "/sub"))
    }

    /// A new playground must not be hidden for a day after an upgrade.
    func testPagesAndScriptsAreRevalidatedImagesKeepTheirMaxAge() throws {
        var configuration = ToggleResponder.Configuration()
        configuration.publicDirectory = root
        let responder = ToggleResponder(configuration: configuration)
        func get(_ path: String, _ headers: [(String, String)] = []) -> HTTPResponse {
            responder.respond(to: HTTPRequest(method: "GET", target: path, path: path, query: nil, version: .http1_1,
                                              headers: HTTPFields([("Host", "x")] + headers)))
        }
        for path in ["/", "/index.html", "/app.js", "/a%20b.css", "/sub/page.json"] {
            let r = get(path)
            XCTAssertEqual(r.status, 200, path)
            XCTAssertEqual(r.headers["Cache-Control"], "no-cache", path)
            let tag = try XCTUnwrap(r.headers["ETag"], path)
            let again = get(path, [("If-None-Match", tag)])
            XCTAssertEqual(again.status, 304, path)
            XCTAssertEqual(again.headers["Cache-Control"], "no-cache", path)
        }
        XCTAssertEqual(get("/logo.png").headers["Cache-Control"], "public, max-age=86400")
    }
}
