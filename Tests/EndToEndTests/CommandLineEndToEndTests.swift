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

    /// A flag that names no parameter is a usage error on one line, not an ignored one.
    func testRenderRejectsUnknownFlagsWithUsage() throws {
        for (args, bad) in [(["--colour", "indigo"], "--colour"), (["--bogus=1"], "--bogus=1"), (["-x"], "-x"),
                            (["--on", "1", "--themes", "dark"], "--themes")] {
            let (status, out, err) = try run(["render"] + args + ["-o", "/dev/null"])
            XCTAssertEqual(status, 64, "\(args)")
            XCTAssertTrue(out.isEmpty)
            XCTAssertTrue(err.contains("unknown option '\(bad)'"), err)
            // One useful line, not the whole help.
            XCTAssertFalse(err.contains("USAGE"), err)
            XCTAssertEqual(err.split(separator: "\n").count, 1, err)
        }
        let (status, _, err) = try run(["render", "--on", "1", "--tint=indigo", "-o", "/dev/null"])
        XCTAssertEqual(status, 0, err)
    }

    /// `--event-loops` and `EVENT_LOOPS` set the number of loop threads, flag
    /// over environment. Counted in /proc by their names (`http.loop.N`).
    func testEventLoopsFlagAndEnvironment() throws {
        func loopThreads(_ server: ServerProcess) throws -> Int {
            let tasks = "/proc/\(server.process.processIdentifier)/task"
            func count() throws -> Int {
                try FileManager.default.contentsOfDirectory(atPath: tasks).filter { task in
                    ((try? String(contentsOfFile: "\(tasks)/\(task)/comm", encoding: .utf8)) ?? "").hasPrefix("http.loop.")
                }.count
            }
            // Each loop names itself as its thread starts: wait for a count that holds over
            // three looks 30 ms apart (at most 3 s).
            var last = try count(), steady = 1
            let deadline = Date().addingTimeInterval(3)
            while (steady < 3 || last == 0) && Date() < deadline {
                usleep(30_000)
                let now = try count()
                steady = now == last ? steady + 1 : 1
                last = now
            }
            return last
        }
        let three = try ServerProcess(arguments: ["--event-loops", "3"])
        XCTAssertEqual(try loopThreads(three), 3)
        three.stop()
        setenv("EVENT_LOOPS", "2", 1)
        defer { unsetenv("EVENT_LOOPS") }
        let two = try ServerProcess()
        XCTAssertEqual(try loopThreads(two), 2)
        two.stop()
        let one = try ServerProcess(arguments: ["--event-loops=1"])
        XCTAssertEqual(try loopThreads(one), 1)
        one.stop()
        for bad in ["0", "-1", "1025", "two"] {
            let (status, _, err) = try run(["--event-loops", bad])
            XCTAssertEqual(status, 64, bad)
            XCTAssertTrue(err.contains("--event-loops"), err)
        }
    }

    /// `--version`: the same version as the API description's.
    func testVersion() throws {
        let (status, out, _) = try run(["--version"])
        XCTAssertEqual(status, 0)
        let openapi = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: ServerProcess.publicDirectory + "/openapi.json"))) as? [String: Any]
        let version = try XCTUnwrap((openapi?["info"] as? [String: Any])?["version"] as? String)
        XCTAssertTrue(out.hasPrefix("toggle-server \(version) (renderer r"), out)
        XCTAssertTrue(try run(["--help"]).1.contains("--version"))
    }

    /// A taken port is named, with the system's words for the error.
    func testPortInUseIsNamed() throws {
        let first = try ServerProcess()
        defer { first.stop() }
        let (status, _, err) = try run(["--host", "127.0.0.1", "--port", String(first.port)])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(err.contains("address already in use"), err)
        XCTAssertTrue(err.contains("127.0.0.1:\(first.port)"), err)
        XCTAssertTrue(err.contains("another process has port \(first.port)"), err)
        XCTAssertFalse(err.contains("failed: errno"), err)
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

    /// A SIGTERM right after the address line drains and exits 0. It used to be lost now and then
    /// (Dispatch watches a signal source's signal only some time after `resume()`; until then
    /// the ignored signal was discarded), and the server ran on.
    func testSIGTERMRightAfterStartIsNeverLost() throws {
        for round in 0..<20 {
            let server = try ServerProcess(arguments: round % 2 == 0 ? ["--event-loops=1"] : [])
            server.process.terminate()
            let deadline = Date().addingTimeInterval(10)
            while server.process.isRunning && Date() < deadline { usleep(10_000) }
            if server.process.isRunning {
                kill(server.process.processIdentifier, SIGKILL)
                XCTFail("round \(round): SIGTERM lost, the server still runs")
            }
            XCTAssertEqual(server.stop(), 0, "round \(round)")
        }
    }
}

extension CommandLineEndToEndTests {
    /// QA item 7: `render --help` lists what GET /toggle takes, and a near-miss flag gets the flag meant.
    func testRenderHelpListsTheToggleParametersAndSuggestsFlags() throws {
        let (status, out, _) = try run(["render", "--help"])
        XCTAssertEqual(status, 0)
        for name in ["on,", "state,", "sources,", "style,", "label,", "on_sym (or onSymbol)", "sym,", "color (or tint)",
                     "off_color,", "bg,", "scale,", "size,", "theme,", "disabled,", "dir,", "pad,", "animate,", "from,",
                     "motion,", "loop,", "fps"] {
            XCTAssertTrue(out.contains(name), "render --help lists \(name)")
        }
        for (flag, meant) in [("--styl", "--style"), ("--colour", "--color"), ("--lable", "--label")] {
            let (status, _, err) = try run(["render", flag, "switch", "-o", "/dev/null"])
            XCTAssertEqual(status, 64, flag)
            XCTAssertTrue(err.contains("unknown option '\(flag)': did you mean \(meant)?"), err)
        }
        XCTAssertFalse(try run(["render", "--bogus", "1", "-o", "/dev/null"]).2.contains("did you mean"))
    }
}

extension CommandLineEndToEndTests {
    /// `--frame-ancestors` takes CSP sources; a value that would end the directive (`;`, `,`)
    /// or carries a control character is a usage error naming the flag.
    func testFrameAncestorsRefusesValuesThatWouldAddDirectives() throws {
        for bad in ["'none'; script-src *", "a, b", "x\ny", ""] {
            let (status, _, err) = try run(["--frame-ancestors", bad])
            XCTAssertEqual(status, 64, bad)
            XCTAssertTrue(err.contains("--frame-ancestors"), err)
        }
    }
}
