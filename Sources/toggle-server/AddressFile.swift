import Foundation
import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// The file in which `serve --address-file FILE` leaves its listening address for
/// `toggle-server probe`: one line, `http://HOST:PORT` (IPv6 hosts in brackets), as in the
/// `listening on` line. The container image sets `ADDRESS_FILE`, so its HEALTHCHECK follows
/// `--port` and `PORT` alike.
enum AddressFile {
    /// Writes `address` atomically (`PATH.PID.tmp`, then renamed over `path`), so a probe never
    /// reads half a line. A failure (for example a read-only root file system) is a warning on
    /// standard error, not a reason to stop serving. (POSIX calls rather than Foundation's atomic
    /// write, whose static link warns about `mktemp`.)
    static func write(_ address: BoundAddress, to path: String) {
        let temporary = "\(path).\(getpid()).tmp"
        let bytes = Array("\(address)\n".utf8)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return warn(path) }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        let closed = close(fd)
        guard written == bytes.count, closed == 0, rename(temporary, path) == 0 else {
            let saved = errno
            unlink(temporary)
            errno = saved
            return warn(path)
        }
    }

    private static func warn(_ path: String) {
        Console.error("toggle-server: warning: cannot write the address file \(path): \(String(cString: strerror(errno)))")
    }

    /// Removes the file at exit, so a probe after the server stopped fails instead of asking a port
    /// that some other process may have taken.
    static func remove(_ path: String) {
        unlink(path)
    }

    /// Reads the address from `path`.
    /// - Returns: host and port; a wildcard host (`0.0.0.0`, `::`) becomes the loopback address of
    ///   its family, since a wildcard is where a server listens, not where a client connects.
    /// - Throws: a message naming the file when it is missing, unreadable or not `http://HOST:PORT`.
    static func read(_ path: String) throws(ProbeCommand.Failure) -> (host: String, port: Int) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ProbeCommand.Failure(message: "no address file \(path) (server not listening yet?)")
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = ProbeCommand.parseURL(text), url.path == "/" else {
            throw ProbeCommand.Failure(message: "address file \(path) holds '\(text)', not http://HOST:PORT")
        }
        switch url.host {
        case "0.0.0.0": return ("127.0.0.1", url.port)
        case "::": return ("::1", url.port)
        default: return (url.host, url.port)
        }
    }
}
