import Foundation
import TestSupport
import XCTest

/// `toggle-server` flags and environment, run as a user runs them.
final class CommandLineEndToEndTests: XCTestCase {
    /// Runs the binary to completion; returns exit status, stdout and stderr.
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ServerProcess.binaryPath)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    func testHelpListsEveryOption() throws {
        let (status, out, _) = try run(["--help"])
        XCTAssertEqual(status, 0)
        for flag in ["--host", "--port", "--public-dir", "--max-age", "--header-timeout", "--idle-timeout",
                     "--max-connections", "--drain-deadline", "--cache-bytes", "--access-log", "--max-target-bytes",
                     "--max-header-bytes", "--max-header-fields", "--max-body-bytes", "--address-file", "render"] {
            XCTAssertTrue(out.contains(flag), "help mentions \(flag)")
        }
    }

    func testBadValuesAreUsageErrorsNamingTheOption() throws {
        for (args, env, needle) in [
            (["--port", "+5"], [:], "--port"), (["--port", "70000"], [:], "--port"),
            (["--idle-timeout", "nan"], [:], "--idle-timeout"), (["--bogus"], [:], "--bogus"),
            ([], ["PORT": "eighty"], "PORT"), (["--access-log", "maybe"], [:], "--access-log"),
        ] as [([String], [String: String], String)] {
            let (status, _, err) = try run(args, environment: env)
            XCTAssertEqual(status, 64, "\(args) \(env)")
            XCTAssertTrue(err.contains(needle), "\(err) names \(needle)")
        }
    }

    func testFlagBeatsEnvironment() throws {
        // PORT says 1 (privileged, would fail); the flag's 0 wins and the server starts.
        setenv("PORT", "1", 1)
        defer { unsetenv("PORT") }
        let server = try ServerProcess()
        XCTAssertGreaterThan(server.port, 1)
        XCTAssertEqual(server.stop(), 0)
    }

    func testRenderRejectsBadParametersLikeTheServer() throws {
        let (status, _, err) = try run(["render", "color=notacolor", "-o", "/dev/null"])
        XCTAssertEqual(status, 64)
        XCTAssertTrue(err.contains("color=notacolor"))
    }

    /// The container's HEALTHCHECK is `probe` with ADDRESS_FILE set: it must reach a server whose
    /// port came from the command line (here `--port 0`), not the PORT variable (here 1, where
    /// nothing listens), and must fail once the server has stopped.
    func testProbeFollowsThePortTheServerWroteToTheAddressFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("address-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("address").path
        let server = try ServerProcess(arguments: ["--address-file", file, "--access-log", "off"])
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "http://127.0.0.1:\(server.port)\n")

        let (followed, out, _) = try run(["probe"], environment: ["ADDRESS_FILE": file, "PORT": "1"])
        XCTAssertEqual(followed, 0)
        XCTAssertTrue(out.contains(":\(server.port)/healthz: 200"), out)
        let (unguided, _, _) = try run(["probe"], environment: ["ADDRESS_FILE": "", "PORT": "1"])
        XCTAssertEqual(unguided, 1, "without the file the probe asks PORT, where nothing listens")
        let (explicit, _, _) = try run(["probe", "--port", "1"], environment: ["ADDRESS_FILE": file])
        XCTAssertEqual(explicit, 1, "--port names the server outright, over the file")

        XCTAssertEqual(server.stop(), 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file), "removed at exit")
        let (after, _, err) = try run(["probe"], environment: ["ADDRESS_FILE": file])
        XCTAssertEqual(after, 1)
        XCTAssertTrue(err.contains(file), err)
    }
}
