import Foundation

/// The real `toggle-server` binary started as a user would start it, on a free port.
public final class ServerProcess {
    public let process = Process()
    /// The port from the first line printed (`listening on http://127.0.0.1:PORT`).
    public private(set) var port = 0
    /// The server's standard output: the first line is read, the rest discarded.
    private let output = Pipe()

    public enum StartError: Error { case binaryMissing(String), noAddress(String) }

    /// The `toggle-server` executable beside the test bundle (SwiftPM builds it into the same folder).
    public static var binaryPath: String {
        let bundle = Bundle.main.bundleURL
        for url in [bundle, bundle.deletingLastPathComponent()] {
            let candidate = url.appendingPathComponent("toggle-server").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return bundle.appendingPathComponent("toggle-server").path
    }

    /// The repository's `Public/` folder, found from this source file's location.
    public static var publicDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Public").path
    }

    /// Starts `toggle-server --host 127.0.0.1 --port 0 <extra>` and waits for its address line.
    /// With `fileDescriptorLimit`, it runs as `/bin/sh -c 'ulimit -n LIMIT; exec toggle-server ...'`
    /// (same process id, so `stop()` and `process.processIdentifier` still reach the server).
    public init(arguments extra: [String] = [], fileDescriptorLimit: Int? = nil) throws {
        let path = Self.binaryPath
        guard FileManager.default.isExecutableFile(atPath: path) else { throw StartError.binaryMissing(path) }
        let arguments = ["--host", "127.0.0.1", "--port", "0", "--public-dir", Self.publicDirectory] + extra
        if let limit = fileDescriptorLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(limit) && exec \"$0\" \"$@\"", path] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
        }
        process.standardOutput = output
        try process.run()
        let handle = output.fileHandleForReading
        var line = [UInt8]()
        while true {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty || byte.first == UInt8(ascii: "\n") { break }
            line += byte
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("listening on http://127.0.0.1:"),
              let p = Int(text.split(separator: ":").last ?? "") else {
            process.terminate()
            throw StartError.noAddress(text)
        }
        port = p
        // Keep reading the log (one line per request), or a full pipe would block the server.
        handle.readabilityHandler = { handle in
            if handle.availableData.isEmpty { handle.readabilityHandler = nil }  // EOF: the server exited
        }
    }

    /// Sends SIGTERM and waits for exit; returns the exit status.
    @discardableResult
    public func stop() -> Int32 {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        output.fileHandleForReading.readabilityHandler = nil
        return process.terminationStatus
    }

    deinit { stop() }
}
