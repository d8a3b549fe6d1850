import Foundation
import TestSupport
import XCTest

/// The font set as a user sees it: the server's start-up lines on standard error and
/// `toggle-server fonts`, which the container build uses to copy only the files in use.
final class FontsEndToEndTests: XCTestCase {
    func testServerSaysWhatFontsItFoundBeforeServing() throws {
        let server = try ServerProcess(captureStandardError: true)
        defer { server.stop() }
        // The lines come before the address line, which ServerProcess waited for.
        let deadline = Date().addingTimeInterval(5)
        while !server.standardError.contains("Noto Sans CJK") && Date() < deadline { usleep(10_000) }
        let lines = server.standardError.split(separator: "\n").filter { $0.hasPrefix("toggle-server: fonts:") }
        XCTAssertEqual(lines.count, 2, server.standardError)
        XCTAssertTrue(lines.first?.contains("faces, font set ") ?? false, server.standardError)
        XCTAssertTrue(lines.last?.contains("Inter Medium (bundled)") ?? false, server.standardError)
        XCTAssertTrue(lines.last?.contains("Noto Sans CJK JP KR SC TC HK (fonts-noto-cjk)") ?? false, server.standardError)
    }

    func testFontsCommandListsTheFilesInUse() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ServerProcess.binaryPath)
        process.arguments = ["fonts"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let faces = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        XCTAssertTrue(faces.allSatisfy { $0.count == 3 && FileManager.default.fileExists(atPath: String($0[0])) })
        XCTAssertEqual(faces.first?.last, "Inter Medium")
        XCTAssertTrue(faces.contains { $0[2] == "Noto Sans Devanagari" })
        XCTAssertTrue(faces.contains { $0[2] == "Noto Sans CJK KR" && $0[1] == "1" }, "a face of the collection")
    }
}
