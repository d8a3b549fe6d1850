import Foundation
import XCTest

/// The vendored fonts in the source tree, for tools that take a file (hb-shape, FreeType).
let fontsDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/TextLayout/Resources/Fonts")

/// The reference renderer beside these tests.
let referenceRenderer = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("Reference/render_label.py")

/// The full path of `name` on PATH, or nil.
func executable(named name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

/// Runs a program to completion; returns its exit status, standard output and standard error
/// (standard error goes through a file, so neither pipe can fill up and stall the child).
func runTool(_ program: String, _ arguments: [String]) throws -> (status: Int32, stdout: Data, stderr: String) {
    let errorFile = FileManager.default.temporaryDirectory
        .appendingPathComponent("textlayout-\(UUID().uuidString).stderr")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorFile) }
    let errorHandle = try FileHandle(forWritingTo: errorFile)
    defer { try? errorHandle.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = errorHandle
    try process.run()
    let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let stderrData = FileManager.default.contents(atPath: errorFile.path) ?? Data()
    return (process.terminationStatus, stdoutData, String(decoding: stderrData, as: UTF8.self))
}

/// `hb-shape`, or a failure that says how to install it.
func hbShapePath() throws -> String {
    guard let path = executable(named: "hb-shape") else {
        XCTFail("hb-shape not found: apt-get install libharfbuzz-bin (.ci/run does)")
        throw XCTSkip("hb-shape missing")
    }
    return path
}
