import CMemoryFile
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A response's content (RFC 9110 section 6.4): bytes in memory, or a sealed memory file that
/// the server sends with sendfile(2).
public enum HTTPBody: Sendable {
    case bytes([UInt8])
    case file(HTTPBodyFile)

    /// Length in bytes.
    @inlinable
    public var count: Int {
        switch self {
        case .bytes(let bytes): return bytes.count
        case .file(let file): return file.count
        }
    }

    /// The bytes (a file's read back).
    public var bytes: [UInt8] {
        switch self {
        case .bytes(let bytes): return bytes
        case .file(let file): return file.bytes()
        }
    }

    /// `bytes` in a sealed memory file when there are at least `fileMinimum` of them and the
    /// process may open another (`HTTPBodyFile.init(copying:)`), else as they are: for content
    /// kept and sent many times (a cached image).
    public static func kept(_ bytes: [UInt8]) -> HTTPBody {
        if bytes.count >= fileMinimum, let file = HTTPBodyFile(copying: bytes) { return .file(file) }
        return .bytes(bytes)
    }

    /// The least content `kept(_:)` puts in a file: 16 KiB. Below it one `sendmsg` of head and
    /// body costs the server less than `sendmsg` plus `sendfile` (a cached `/row` of about 6 KB
    /// is served by the server's core); above it the client's copy out of the file's pages,
    /// which stay in the CPU caches from one response to the next, is the cheaper one
    /// (`PATH_QUERY='/card?scale=2' Benchmarks/serving/run.sh`).
    public static let fileMinimum = 16 * 1024
}

/// Content held in a sealed anonymous memory file (memfd): sent with sendfile(2), so the socket
/// takes references to the file's pages instead of a copy of the bytes into new socket buffers,
/// and the client reads the same pages, hot in the caches, for every response. The file's
/// contents cannot change (it is sealed against writes, growing and shrinking); the descriptor
/// closes when the last reference goes.
///
/// Each one holds a descriptor, so the process keeps at most `maximumOpen` at a time, and the
/// server counts them out of its descriptor budget (`HTTPServer.reservedDescriptors`).
public final class HTTPBodyFile: Sendable {
    /// Length in bytes.
    public let count: Int
    let descriptor: Int32

    /// The most files open at once: a sixteenth of RLIMIT_NOFILE's soft limit, at most 256.
    public static let maximumOpen: Int = {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        return Int(min(rlim_t(256), limit.rlim_cur / 16))
    }()

    private static let open = Atomic<Int>(0)

    /// A sealed memory file holding `bytes`; nil when `maximumOpen` files are open or the kernel
    /// refuses one (no memfd, descriptors or memory exhausted).
    public init?(copying bytes: [UInt8]) {
        guard Self.open.add(1, ordering: .relaxed).newValue <= Self.maximumOpen else {
            Self.open.subtract(1, ordering: .relaxed)
            return nil
        }
        let descriptor = bytes.withUnsafeBufferPointer { tis_sealed_memory_file($0.baseAddress, $0.count) }
        guard descriptor >= 0 else {
            Self.open.subtract(1, ordering: .relaxed)
            return nil
        }
        self.descriptor = descriptor
        self.count = bytes.count
    }

    deinit {
        Glibc.close(descriptor)
        Self.open.subtract(1, ordering: .relaxed)
    }

    /// The file's bytes, read back (empty if the read fails, which a sealed memory file's does not).
    public func bytes() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let n = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(done))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                done += n
            }
            initialized = done == count ? count : 0
        }
    }
}
