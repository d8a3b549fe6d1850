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

/// A label in one script, which one font of the set draws, for the reference tests.
struct ScriptSample {
    var script: String
    var text: String
    /// The family that draws it (fonts-noto-core, fonts-noto-cjk; Inter for Latin, Greek, Cyrillic).
    var family: String

    /// "Automatic Updates" / "Dark Mode" in the twelve scripts the service is held to.
    static let all: [ScriptSample] = [
        ScriptSample(script: "Latin", text: "AVATAR Wi-Fi, Dark Mode", family: "Inter Medium"),
        ScriptSample(script: "Greek", text: "Σκοτεινή λειτουργία", family: "Inter Medium"),
        ScriptSample(script: "Cyrillic", text: "Тёмный режим", family: "Inter Medium"),
        ScriptSample(script: "Arabic", text: "الوضع الداكن", family: "Noto Sans Arabic"),
        ScriptSample(script: "Hebrew", text: "מצב כהה", family: "Noto Sans Hebrew"),
        ScriptSample(script: "Devanagari", text: "स्वचालित अपडेट", family: "Noto Sans Devanagari"),
        ScriptSample(script: "Bengali", text: "স্বয়ংক্রিয় আপডেট", family: "Noto Sans Bengali"),
        ScriptSample(script: "Tamil", text: "தானியங்கு புதுப்பிப்பு", family: "Noto Sans Tamil"),
        ScriptSample(script: "Thai", text: "อัปเดตอัตโนมัติ", family: "Noto Sans Thai"),
        ScriptSample(script: "Japanese", text: "自動アップデート", family: "Noto Sans CJK JP"),
        ScriptSample(script: "Simplified Chinese", text: "自动更新", family: "Noto Sans CJK SC"),
        ScriptSample(script: "Korean", text: "자동 업데이트", family: "Noto Sans CJK KR"),
    ]
}
