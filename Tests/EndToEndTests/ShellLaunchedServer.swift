import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The real binary started through `/bin/sh -c 'exec toggle-server ... REDIRECTIONS'`, so its
/// standard descriptors can be what an operator's shell makes them (`>/dev/full`, `>&-`): its
/// address comes from `--address-file`, not from standard output. Standard error is kept.
final class ShellLaunchedServer {
    let process = Process()
    private(set) var port = 0
    private let directory: URL
    private let errorPipe = Pipe()
    private let errors = Collected()

    enum LaunchError: Error { case neverListened(String) }

    /// - Parameters:
    ///   - redirections: shell redirections applied to the server, e.g. `>/dev/full` or `<&- >&-`.
    ///   - standardOutput: a pipe for standard output instead (then `redirections` should leave 1 alone).
    init(redirections: String, arguments: [String] = [], standardOutput: Pipe? = nil) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("launched-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let addressFile = directory.appendingPathComponent("address").path
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$@\" \(redirections)", "sh", ServerProcess.binaryPath,
                             "--host", "127.0.0.1", "--port", "0", "--public-dir", ServerProcess.publicDirectory,
                             "--address-file", addressFile] + arguments
        if let standardOutput { process.standardOutput = standardOutput }
        process.standardError = errorPipe
        try process.run()
        let handle = errorPipe.fileHandleForReading
        let errors = self.errors
        Thread {
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                errors.append(data)
            }
        }.start()
        // The file is written once the server listens, before it serves.
        guard waitUntil(30, { FileManager.default.fileExists(atPath: addressFile) }),
              let address = try? String(contentsOfFile: addressFile, encoding: .utf8),
              let port = Int(address.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ":").last ?? "")
        else {
            process.terminate()
            throw LaunchError.neverListened(errors.text)
        }
        self.port = port
    }

    var pid: Int32 { process.processIdentifier }

    /// Standard error so far.
    var standardError: String { errors.text }

    /// Sends SIGTERM and waits for the exit; returns the status (0 after a drain).
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        return process.terminationStatus
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ more: Data) { lock.withLock { data.append(more) } }
        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    }
}

/// One sample of `/metrics`, read over a new connection, or nil.
func metricSample(port: Int, _ key: String) -> Double? {
    guard let client = try? TestClient(port: port, timeout: 10), let response = try? client.get("/metrics"),
          let samples = try? PrometheusParser.parse(response.bodyString) else { return nil }
    return samples[key]
}
