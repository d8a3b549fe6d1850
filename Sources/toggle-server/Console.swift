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
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }
}
