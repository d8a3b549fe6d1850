#if canImport(Glibc)
import Glibc
#endif

/// Writes whole lines to standard output or error with one write(2) each, so lines from
/// different threads never interleave and nothing waits in a buffer (what `tail -f` and log
/// shippers want).
enum Console {
    static func line(_ text: String) { write(fd: 1, text + "\n") }
    static func error(_ text: String) { write(fd: 2, text + "\n") }

    static func write(fd: Int32, _ text: String) {
        _ = writeAll(fd: fd, Array(text.utf8))
    }

    /// Writes every byte to `fd`, resuming after partial writes and EINTR.
    /// - Returns: nil on success, or the errno of the failed write(2) (e.g. ENOSPC, EPIPE, EBADF).
    static func writeAll(fd: Int32, _ bytes: [UInt8]) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Glibc.write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return nil
    }

    /// Writes `bytes` to a new or truncated file at `path` (mode 0644) and closes it, reporting
    /// any failure, including the one a full disk gives only at close.
    /// - Returns: nil on success, or a message naming the file and the system error.
    static func writeFile(_ path: String, _ bytes: [UInt8]) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return "cannot write \(path): \(String(cString: strerror(errno)))" }
        let failure = writeAll(fd: fd, bytes)
        let closed = close(fd) == 0 ? nil : errno
        if let e = failure ?? closed { return "cannot write \(path): \(String(cString: strerror(e)))" }
        return nil
    }
}
