import Foundation

/// What `Tests/PNG/read_png.py` (Python's zlib and struct, CRCs checked; no code shared with the
/// encoder) reports about a PNG file: its chunks in order, header, sRGB, pHYs, palette,
/// transparency, text chunks and the pixels as straight RGBA.
public struct PNGFileReport: Decodable {
    public struct Header: Decodable {
        public var width: Int
        public var height: Int
        public var color_type: Int
    }
    public var chunks: [String]
    public var ihdr: Header
    public var srgb: Int?
    public var phys: [Int]?
    public var plte: [[Int]]?
    public var trns: [Int]?
    public var text: [String: String]
    public var itxt: [String: String]
    public var rgba: [UInt8]

    /// Runs read_png.py on `png`.
    /// - Throws: `PNGFileReport.Rejected` when the script exits non-zero (a malformed file),
    ///   or what writing the temporary file, starting Python or decoding its JSON throws.
    public static func read(_ png: [UInt8]) throws -> PNGFileReport {
        let script = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/PNG/read_png.py").path
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("png-\(UUID().uuidString).png").path
        try Data(png).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Rejected(status: process.terminationStatus) }
        return try JSONDecoder().decode(PNGFileReport.self, from: data)
    }

    /// read_png.py refused the file (exit status `status`).
    public struct Rejected: Error { public var status: Int32 }
}
