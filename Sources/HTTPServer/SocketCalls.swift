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

    /// One `sendmsg` of `head[headOffset...]` followed by `body[bodyOffset...]`, with MSG_NOSIGNAL
    /// so a closed peer yields EPIPE instead of SIGPIPE. Retries on EINTR.
    static func send(_ fd: Int32, head: [UInt8], body: [UInt8], offset: Int) -> IOResult {
        head.withUnsafeBytes { h in
            body.withUnsafeBytes { b in
                var iov: [iovec] = []
                if offset < h.count, let base = h.baseAddress {
                    iov.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: base + offset),
                                     iov_len: h.count - offset))
                }
                let bodyOffset = max(0, offset - h.count)
                if bodyOffset < b.count, let base = b.baseAddress {
                    iov.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: base + bodyOffset),
                                     iov_len: b.count - bodyOffset))
                }
                if iov.isEmpty { return .bytes(0) }
                return iov.withUnsafeMutableBufferPointer { vectors in
                    var message = msghdr()
                    message.msg_iov = vectors.baseAddress
                    message.msg_iovlen = vectors.count
                    while true {
                        let n = sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
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
