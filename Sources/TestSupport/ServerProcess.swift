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

    /// What happens to the server's standard output after the address line.
    public enum OutputHandling: Sendable {
        /// Read and thrown away (the default), so the access log never fills the pipe.
        case discarded
        /// Read and kept: see `outputLines`.
        case collected
        /// Never read: once the pipe is full, every further write to it blocks.
        case unread
    }

    private var handling = OutputHandling.discarded
    private let collected = CollectedText()
    private let errors = CollectedText()
    private let errorPipe: Pipe?

    /// Starts `toggle-server --host 127.0.0.1 --port 0 <extra>` and waits for its address line.
    /// With `fileDescriptorLimit` or `prefix` (e.g. `["taskset", "-c", "0"]`), it runs as
    /// `/bin/sh -c 'ulimit -n LIMIT; exec PREFIX toggle-server ...'` (the same process id, so
    /// `stop()` and `process.processIdentifier` still reach the server as long as the prefix
    /// execs it, as `taskset` does). `captureStandardError` keeps standard error for
    /// `standardError` instead of passing it through.
    public init(arguments extra: [String] = [], fileDescriptorLimit: Int? = nil, prefix: [String] = [],
                output handling: OutputHandling = .discarded, captureStandardError: Bool = false) throws {
        let path = Self.binaryPath
        guard FileManager.default.isExecutableFile(atPath: path) else { throw StartError.binaryMissing(path) }
        self.handling = handling
        let arguments = ["--host", "127.0.0.1", "--port", "0", "--public-dir", Self.publicDirectory] + extra
        if fileDescriptorLimit != nil || !prefix.isEmpty {
            let limit = fileDescriptorLimit.map { "ulimit -n \($0) && " } ?? ""
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", limit + "exec \"$@\"", "sh"] + prefix + [path] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
        }
        process.standardOutput = output
        errorPipe = captureStandardError ? Pipe() : nil
        if let errorPipe { process.standardError = errorPipe }
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
        if let errorPipe {
            CollectedText.readUntilEnd(errorPipe.fileHandleForReading, into: errors)
        }
        switch handling {
        case .unread:
            collected.markEnded()  // nothing reads it; waitForOutputEnd has nothing to wait for
        case .discarded, .collected:
            // Keep reading the log (one line per request), or a full pipe would block the server.
            // A thread of its own with blocking read(2) until end of file: Foundation's
            // readabilityHandler on Linux was seen to stop firing mid-stream under load.
            CollectedText.readUntilEnd(handle, into: collected,
                                       keeping: handling == .collected)
        }
    }

    /// Standard output after the address line, split into lines (with `.collected`).
    public var outputLines: [String] {
        collected.text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// Standard error so far (with `captureStandardError`).
    public var standardError: String { errors.text }

    /// Reads standard output until the server closes it (after it exited), up to `timeout` seconds.
    public func waitForOutputEnd(timeout: Double = 10) -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while !collected.ended && Date() < end { usleep(10_000) }
        return collected.ended
    }

    /// Sends SIGTERM and waits for exit; returns the exit status.
    @discardableResult
    public func stop() -> Int32 {
        if process.isRunning {
            // An unread pipe would hold the exit until the log's flush gives up: close it, so the
            // server's writes fail at once instead.
            if handling == .unread { try? output.fileHandleForReading.close() }
            process.terminate()
            process.waitUntilExit()
        }
        return process.terminationStatus
    }

    deinit { stop() }
}

/// Bytes appended by a pipe's reader thread, read as text by the test.
final class CollectedText: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var reachedEnd = false
    func append(_ more: Data) { lock.withLock { data.append(more) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    /// True once the reader saw end of file (every writer closed the pipe).
    var ended: Bool { lock.withLock { reachedEnd } }
    func markEnded() { lock.withLock { reachedEnd = true } }

    /// Starts a thread that reads `handle` with blocking `read(2)` until end of file or an error,
    /// appending to `sink` when `keeping`, then marks `sink` ended. The thread keeps `handle`
    /// (and so its descriptor) open until it is done.
    static func readUntilEnd(_ handle: FileHandle, into sink: CollectedText, keeping: Bool = true) {
        let thread = Thread {
            let fd = handle.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                if keeping { sink.append(Data(buffer[0 ..< n])) }
            }
            sink.markEnded()
        }
        thread.start()
    }
}
