import CZlib
#if canImport(Glibc)
import Glibc
#endif

/// A font file's contents as a checksum, read once at start-up: its length and zlib's CRC-32 of
/// its bytes. Read with `read(2)` in 1 MiB pieces rather than through the faces' mappings, so the
/// fonts' pages are not all made resident in the process for it.
struct FileChecksum: Hashable, Sendable {
    var length: Int
    var crc32: UInt32

    init(length: Int, crc32: UInt32) {
        self.length = length
        self.crc32 = crc32
    }

    /// The checksum of the file at `path`, or nil when it cannot be read.
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var crc: UInt = 0, total = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            crc = buffer.withUnsafeBufferPointer { CZlib.crc32(crc, $0.baseAddress, UInt32(count)) }
            total += count
        }
        length = total
        crc32 = UInt32(truncatingIfNeeded: crc)
    }
}
