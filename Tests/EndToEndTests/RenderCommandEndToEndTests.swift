import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `toggle-server render` as a user runs it: a picture path writes the bytes the server sends for
/// that URL; the output name and the format must agree; a PNG is not written to a terminal.
final class RenderCommandEndToEndTests: XCTestCase {
    /// Runs the binary with `arguments`; exit status, stdout bytes, stderr text.
    func render(_ arguments: [String]) throws -> (Int32, [UInt8], String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ServerProcess.binaryPath)
        process.arguments = ["render"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, Array(stdout), String(decoding: stderr, as: UTF8.self))
    }

    func get(_ port: Int, _ target: String) throws -> ClientResponse {
        let client = try TestClient(port: port)
        client.send("GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        return try client.readResponse()
    }

    /// An output file that cannot be created exits 73 (EX_CANTCREAT in sysexits.h), not 64: the
    /// command line was right.
    func testAnOutputThatCannotBeCreatedExits73() throws {
        let (status, _, err) = try render(["on=1", "-o", "/nonexistent-folder/x.png"])
        XCTAssertEqual(status, 73, err)
        XCTAssertTrue(err.contains("cannot write /nonexistent-folder/x.png: No such file or directory"), err)
    }

    /// The same bytes as the server's for each picture route and format, the animations too.
    func testAPicturePathWritesTheServersBytes() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        for target in ["/card?scale=2", "/card.svg?row1.label=Wi-Fi&row1.on=1&theme=dark", "/row.svg?label=Hi",
                       "/row?label=Dark%20Mode&on=1&sym=moon.fill&color=indigo&scale=2", "/toggle@2x.png?on=1",
                       "/toggle.svg?on=1&theme=auto", "/toggle?style=symbol&label=Bold&state=mixed&scale=3",
                       "/row?label=Go&on=1&animate=1", "/toggle.svg?on=1&animate=1&loop=1"] {
            let served = try get(server.port, target)
            XCTAssertEqual(served.status, 200, target)
            let (status, bytes, err) = try render([target, "-o", "-"])
            XCTAssertEqual(status, 0, "\(target): \(err)")
            XCTAssertEqual(bytes, served.body, "render '\(target)' writes the server's bytes")
        }
        // A path without an extension follows the output's: /row with -o row.svg is /row.svg.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(getpid()).svg").path
        defer { unlink(file) }
        XCTAssertEqual(try render(["/row?label=Hi", "-o", file]).0, 0)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: file))), try get(server.port, "/row.svg?label=Hi").body)
        // Flags add to a path's query.
        let (status, bytes, _) = try render(["/card", "--scale", "2", "-o", "-"])
        XCTAssertEqual(status, 0)
        XCTAssertEqual(bytes, try get(server.port, "/card?scale=2").body)
    }

    func testAnOutputNameAndAFormatThatDisagreeAreUsageErrors() throws {
        for (arguments, says) in [
            (["on=1", "-o", "x.jpg"], "x.jpg ends in .jpg: render writes PNG (name it .png) or SVG (.svg)"),
            (["/toggle.svg", "-o", "x.png"], "/toggle.svg asks for SVG but the output name x.png for PNG"),
            (["--format", "svg", "-o", "x.PNG"], "--format svg asks for SVG but the output name x.PNG for PNG"),
            (["/row.png?label=Hi", "--format", "svg", "-o", "-"], "/row.png?label=Hi"),
            (["/togle?on=1", "-o", "-"], "no picture at /togle: did you mean /toggle?"),
        ] {
            let (status, bytes, err) = try render(arguments)
            XCTAssertEqual(status, 64, "\(arguments)")
            XCTAssertTrue(bytes.isEmpty)
            XCTAssertTrue(err.contains(says) || (says.hasPrefix("/row.png") && err.contains("/row.png asks for PNG")),
                          "\(arguments): \(err)")
            XCTAssertEqual(err.split(separator: "\n").count, 1, err)
        }
        // A near miss reads as one sentence, not "expected did you mean".
        let (_, _, nearMiss) = try render(["theme=drak", "-o", "-"])
        XCTAssertTrue(nearMiss.contains("theme=drak; did you mean dark?"), nearMiss)
        // Names without an ending, or agreeing with the format, are fine.
        XCTAssertEqual(try render(["on=1", "-o", "/dev/null"]).0, 0)
        XCTAssertEqual(try render(["/toggle.svg", "-o", "/dev/null"]).0, 0)
    }

    /// Standard output on a terminal (a pseudo-terminal here): a PNG is refused unless `-o -`
    /// says to write it anyway; SVG is text and is written.
    func testAPNGIsNotWrittenToATerminal() throws {
        func onTerminal(_ arguments: [String]) throws -> (Int32, [UInt8], String) {
            var master: Int32 = -1, slave: Int32 = -1
            XCTAssertEqual(openpty(&master, &slave, nil, nil, nil), 0)
            defer { close(master) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ServerProcess.binaryPath)
            process.arguments = ["render"] + arguments
            process.standardOutput = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
            let err = Pipe()
            process.standardError = err
            try process.run()
            process.waitUntilExit()
            var output: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            var flags = fcntl(master, F_GETFL)
            flags |= O_NONBLOCK
            _ = fcntl(master, F_SETFL, flags)
            while true {
                let n = read(master, &chunk, chunk.count)
                if n <= 0 { break }
                output += chunk[0..<n]
            }
            return (process.terminationStatus, output,
                    String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        let (status, bytes, err) = try onTerminal(["on=1"])
        XCTAssertEqual(status, 64)
        XCTAssertTrue(bytes.isEmpty)
        XCTAssertTrue(err.contains("not writing a PNG to a terminal: give -o FILE, or -o - to write it here anyway"), err)
        XCTAssertEqual(try onTerminal(["on=1", "-o", "-"]).0, 0)
        let svg = try onTerminal(["/toggle.svg?on=1"])
        XCTAssertEqual(svg.0, 0)
        XCTAssertTrue(String(decoding: svg.1, as: UTF8.self).contains("<svg"))
    }

    /// serve's flags: a near miss is named, a bad value says what is accepted.
    func testServeSuggestsFlagsAndSaysTheRange() throws {
        for (arguments, environment, says) in [
            (["--prot", "8080"], [:], "unknown option '--prot': did you mean --port?"),
            (["--port", "abc"], [:], "invalid value 'abc' for --port: expected a port number from 0 to 65535 (0: any free port)"),
            (["--idle-timout=5"], [:], "did you mean --idle-timeout?"),
            (["--max-connections", "0"], [:], "expected a whole number, 1 or more"),
            ([], ["PORT": "eighty"], "environment variable PORT: expected a port number from 0 to 65535"),
        ] as [([String], [String: String], String)] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ServerProcess.binaryPath)
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            let err = Pipe()
            process.standardError = err
            process.standardOutput = Pipe()
            try process.run()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 64, "\(arguments)")
            XCTAssertTrue(text.contains(says), "\(arguments): \(text)")
        }
    }
}
