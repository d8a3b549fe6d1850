#if canImport(Glibc)
import Glibc
#endif

/// A failed epoll call.
enum EpollError: Error, Equatable, CustomStringConvertible {
    /// epoll_wait failed with `errno` (not EINTR).
    case wait(errno: Int32)

    var description: String {
        switch self {
        case .wait(let code): return "epoll_wait failed: errno \(code) (\(String(cString: strerror(code))))"
        }
    }
}

/// epoll and eventfd, which Swift's Glibc module does not export (it includes neither
/// <sys/epoll.h> nor <sys/eventfd.h>): the C library's functions are looked up once with `dlsym`,
/// and `struct epoll_event` is read and written by hand (packed, 12 bytes, on x86-64; 16 elsewhere).
enum Epoll {
    static let readable: UInt32 = 0x001       // EPOLLIN
    static let writable: UInt32 = 0x004       // EPOLLOUT
    static let error: UInt32 = 0x008          // EPOLLERR
    static let hangUp: UInt32 = 0x010         // EPOLLHUP
    static let readHangUp: UInt32 = 0x2000    // EPOLLRDHUP
    static let edgeTriggered: UInt32 = 1 << 31  // EPOLLET

    static let add: Int32 = 1  // EPOLL_CTL_ADD
    static let delete: Int32 = 2  // EPOLL_CTL_DEL

    #if arch(x86_64)
    static let eventStride = 12
    static let dataOffset = 4
    #else
    static let eventStride = 16
    static let dataOffset = 8
    #endif

    private typealias CreateFunction = @convention(c) (Int32) -> Int32
    private typealias ControlFunction = @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
    private typealias WaitFunction = @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32
    private typealias EventFDFunction = @convention(c) (UInt32, Int32) -> Int32

    private static func symbol<T>(_ name: String, as type: T.Type) -> T {
        let handle = dlopen(nil, RTLD_NOW)
        guard let pointer = dlsym(handle, name) else { fatalError("HTTPServer: the C library has no \(name)") }
        return unsafeBitCast(pointer, to: type)
    }

    nonisolated(unsafe) private static let createFunction = symbol("epoll_create1", as: CreateFunction.self)
    nonisolated(unsafe) private static let controlFunction = symbol("epoll_ctl", as: ControlFunction.self)
    nonisolated(unsafe) private static let waitFunction = symbol("epoll_wait", as: WaitFunction.self)
    private typealias AffinityFunction = @convention(c) (Int32, Int, UnsafeMutableRawPointer?) -> Int32
    nonisolated(unsafe) private static let affinityFunction = symbol("sched_getaffinity", as: AffinityFunction.self)

    /// How many processors this process may run on (sched_getaffinity: `taskset -c 0` gives 1),
    /// or nil if that cannot be told.
    static func allowedProcessorCount() -> Int? {
        withUnsafeTemporaryAllocation(byteCount: 1024, alignment: 8) { set in
            set.initializeMemory(as: UInt8.self, repeating: 0)
            guard affinityFunction(0, set.count, set.baseAddress) == 0 else { return nil }
            let count = set.reduce(0) { $0 + $1.nonzeroBitCount }
            return count > 0 ? count : nil
        }
    }

    nonisolated(unsafe) private static let eventFDFunction = symbol("eventfd", as: EventFDFunction.self)

    /// epoll_create1(EPOLL_CLOEXEC).
    static func create() -> Int32 { createFunction(0x80000) }

    /// A non-blocking, close-on-exec eventfd (EFD_NONBLOCK | EFD_CLOEXEC).
    static func eventFD() -> Int32 { eventFDFunction(0, 0x800 | 0x80000) }

    /// epoll_ctl with `events` and `token` as the event's data; returns 0 or -1 (errno set).
    @discardableResult
    static func control(_ epfd: Int32, _ operation: Int32, _ fd: Int32, events: UInt32, token: UInt64) -> Int32 {
        withUnsafeTemporaryAllocation(byteCount: 16, alignment: 8) { buffer in
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            buffer.storeBytes(of: events, toByteOffset: 0, as: UInt32.self)
            buffer.storeBytes(of: token, toByteOffset: dataOffset, as: UInt64.self)
            return controlFunction(epfd, operation, fd, buffer.baseAddress)
        }
    }

    /// epoll_wait into `buffer` (room for `buffer.count / eventStride` events).
    /// - Returns: the number of events; 0 on timeout or when a signal interrupted the wait (EINTR).
    /// - Throws: `EpollError.wait` with errno for every other failure (EBADF, EFAULT, EINVAL: a
    ///   closed or wrong descriptor, a bad buffer), which waiting again would not cure.
    static func wait(_ epfd: Int32, into buffer: UnsafeMutableRawBufferPointer,
                     timeoutMilliseconds: Int32) throws(EpollError) -> Int {
        let n = waitFunction(epfd, buffer.baseAddress, Int32(buffer.count / eventStride), timeoutMilliseconds)
        if n >= 0 { return Int(n) }
        let code = errno
        if code == EINTR { return 0 }
        throw EpollError.wait(errno: code)
    }

    /// The events and token of event `index` in a buffer filled by `wait`.
    static func event(_ index: Int, in buffer: UnsafeMutableRawBufferPointer) -> (events: UInt32, token: UInt64) {
        let base = index * eventStride
        return (buffer.loadUnaligned(fromByteOffset: base, as: UInt32.self),
                buffer.loadUnaligned(fromByteOffset: base + dataOffset, as: UInt64.self))
    }
}
