import Foundation
import TestSupport
import XCTest

/// Static files never leave the public directory: symbolic links inside it that resolve outside
/// are refused (404) with traversal attempts still refused, links that stay inside are served.
final class PublicDirectoryEndToEndTests: XCTestCase {
    func testSymbolicLinksOutOfThePublicDirectoryAreNotFollowed() throws {
        let fm = FileManager.default
        let base = fm.temporaryDirectory.appendingPathComponent("public-\(UUID().uuidString)")
        let publicDir = base.appendingPathComponent("Public"), outside = base.appendingPathComponent("secret")
        try fm.createDirectory(at: publicDir.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try fm.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: base) }
        try "<!doctype html><title>home</title>\n".write(to: publicDir.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        try "inside\n".write(to: publicDir.appendingPathComponent("docs/page.txt"), atomically: true, encoding: .utf8)
        try "confidential-bytes\n".write(to: outside.appendingPathComponent("key.txt"), atomically: true, encoding: .utf8)
        try "<p>outside index</p>\n".write(to: outside.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        let links: [(String, String)] = [
            ("passwd", "/etc/passwd"),                  // a system file
            ("etc", "/etc"),                            // a system directory
            ("key.txt", outside.appendingPathComponent("key.txt").path),
            ("elsewhere", outside.path),                // a directory outside, with an index.html
            ("up", ".."),                               // relative, out of the directory
            ("docs/sideways.txt", "../../secret/key.txt"),
            ("alias.txt", "docs/page.txt"),             // stays inside: served
            ("manual", "docs"),                         // a directory inside: served
        ]
        for (name, destination) in links {
            try fm.createSymbolicLink(atPath: publicDir.appendingPathComponent(name).path, withDestinationPath: destination)
        }
        let server = try ServerProcess(arguments: ["--access-log", "off", "--public-dir", publicDir.path])
        defer { server.stop() }
        let client = try TestClient(port: server.port, timeout: 10)
        let refused = ["/passwd", "/etc/passwd", "/etc/", "/etc/hostname", "/key.txt", "/elsewhere/",
                       "/elsewhere/key.txt", "/elsewhere/index.html", "/up/secret/key.txt", "/docs/sideways.txt",
                       "/../secret/key.txt", "/docs/../../secret/key.txt", "/%2e%2e/secret/key.txt",
                       "/docs/%2e%2e/%2e%2e/secret/key.txt", "/docs%2f..%2f..%2fsecret%2fkey.txt"]
        for path in refused {
            let response = try client.get(path)
            XCTAssertTrue([400, 404].contains(response.status), "\(path): \(response.status)")
            XCTAssertFalse(response.bodyString.contains("confidential-bytes") || response.bodyString.contains("root:x:0"),
                           "\(path) leaked: \(response.bodyString)")
            XCTAssertFalse(response.bodyString.contains("outside index"), "\(path) leaked the outside index")
        }
        XCTAssertEqual(try client.get("/alias.txt").bodyString, "inside\n")
        XCTAssertEqual(try client.get("/manual/page.txt").bodyString, "inside\n")
        XCTAssertEqual(try client.get("/").status, 200)
    }
}
