import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The binary started with standard input, output and error closed, as some supervisors and a
/// careless `>&-` start it: descriptors 0, 1 and 2 are opened on /dev/null before anything else,
/// so the access log cannot write into an event loop's eventfd or a client's socket.
final class StandardDescriptorsEndToEndTests: XCTestCase {
    func testClosedStandardDescriptorsAreOpenedOnDevNull() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("closed-fds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let addressFile = directory.appendingPathComponent("address").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$@\" <&- >&- 2>&-", "sh", ServerProcess.binaryPath,
                             "--host", "127.0.0.1", "--port", "0", "--public-dir", ServerProcess.publicDirectory,
                             "--address-file", addressFile]
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        // The address file is written once the server listens (its only way to say where).
        XCTAssertTrue(waitUntil(30) { FileManager.default.fileExists(atPath: addressFile) }, "never listened")
        let address = try String(contentsOfFile: addressFile, encoding: .utf8)
        let port = try XCTUnwrap(Int(address.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ":").last ?? ""))
        let pid = process.processIdentifier
        for fd in 0 ... 2 {
            let target = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")
            XCTAssertEqual(target, "/dev/null", "descriptor \(fd)")
        }
        // Requests are answered and logged (to /dev/null) without disturbing the loops.
        let client = try TestClient(port: port, timeout: 10)
        for _ in 0 ..< 200 { XCTAssertEqual(try client.get("/healthz").status, 200) }
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0)
    }
}
