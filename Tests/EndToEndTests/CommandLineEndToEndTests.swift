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
                     "--max-header-bytes", "--max-header-fields", "--max-body-bytes", "render"] {
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

    /// Issue 17 item 5: a flag that names no parameter is a usage error, not an ignored one.
    func testRenderRejectsUnknownFlagsWithUsage() throws {
        for (args, bad) in [(["--colour", "indigo"], "--colour"), (["--bogus=1"], "--bogus=1"), (["-x"], "-x"),
                            (["--on", "1", "--themes", "dark"], "--themes")] {
            let (status, out, err) = try run(["render"] + args + ["-o", "/dev/null"])
            XCTAssertEqual(status, 64, "\(args)")
            XCTAssertTrue(out.isEmpty)
            XCTAssertTrue(err.contains("unknown option '\(bad)'"), err)
            XCTAssertTrue(err.contains("USAGE"), err)
        }
        let (status, _, err) = try run(["render", "--on", "1", "--tint=indigo", "-o", "/dev/null"])
        XCTAssertEqual(status, 0, err)
    }
}
