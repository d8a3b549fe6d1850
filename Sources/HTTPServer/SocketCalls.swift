#if canImport(Glibc)
import Glibc
#endif

/// Thin wrappers over the POSIX socket calls the server makes, with errno kept as a value.
enum SocketCalls {
    /// Outcome of a non-blocking read or write.
    enum IOResult: Equatable {
        /// This many bytes moved (0 on read means end of stream).
        case bytes(Int)
        /// EAGAIN/EWOULDBLOCK: wait for the descriptor to be ready.
        case wouldBlock
        /// Any other error (ECONNRESET, EPIPE, ...): the connection is over.
        case failed(Int32)
    }

    static func setNonBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
    }

    static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32) {
        var v = value
        _ = setsockopt(fd, level, name, &v, socklen_t(MemoryLayout<Int32>.size))
    }

    /// One `recv` into `buffer`, retrying on EINTR.
    static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
        while true {
            let n = recv(fd, buffer.baseAddress, buffer.count, 0)
            if n >= 0 { return .bytes(n) }
            let e = errno
            if e == EINTR { continue }
            if e == EAGAIN || e == EWOULDBLOCK { return .wouldBlock }
            return .failed(e)
        }
    }

    /// One `sendmsg` of the bytes of `a`, `b` and `c` in that order (a head, its trailer and a
    /// body), starting `offset` bytes in, with MSG_NOSIGNAL so a closed peer yields EPIPE instead
    /// of SIGPIPE, and MSG_MORE when `more` (more follows at once: the kernel holds a partial
    /// segment for it). Retries on EINTR. The vectors live on the stack: nothing is allocated.
    static func send(_ fd: Int32, _ a: [UInt8], _ b: [UInt8], _ c: [UInt8], offset: Int, more: Bool = false) -> IOResult {
        a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in
                c.withUnsafeBytes { c in
                    withUnsafeTemporaryAllocation(of: iovec.self, capacity: 3) { vectors in
                        var count = 0
                        var skip = offset
                        func add(_ part: UnsafeRawBufferPointer) {
                            guard let base = part.baseAddress, !part.isEmpty else { return }
                            if skip >= part.count { skip -= part.count; return }
                            vectors[count] = iovec(iov_base: UnsafeMutableRawPointer(mutating: base + skip),
                                                   iov_len: part.count - skip)
                            skip = 0
                            count += 1
                        }
                        add(a)
                        add(b)
                        add(c)
                        if count == 0 { return .bytes(0) }
                        var message = msghdr()
                        message.msg_iov = vectors.baseAddress
                        message.msg_iovlen = count
                        while true {
                            let n = sendmsg(fd, &message, Int32(MSG_NOSIGNAL) | (more ? Int32(MSG_MORE) : 0))
                            if n >= 0 { return .bytes(n) }
                            let e = errno
                            if e == EINTR { continue }
                            if e == EAGAIN || e == EWOULDBLOCK { return .wouldBlock }
                            return .failed(e)
                        }
                    }
                }
            }
        }
    }

    /// One `sendfile` of `file` from byte `offset` to its end into the socket `fd`. Retries on
    /// EINTR. (A peer that closed gives EPIPE: the server ignores SIGPIPE.)
    static func sendFile(_ fd: Int32, _ file: HTTPBodyFile, from offset: Int) -> IOResult {
        while true {
            var position = off_t(offset)
            let n = sendfile(fd, file.descriptor, &position, file.count - offset)
            if n >= 0 { return .bytes(n) }
            let e = errno
            if e == EINTR { continue }
            if e == EAGAIN || e == EWOULDBLOCK { return .wouldBlock }
            return .failed(e)
        }
    }
}
