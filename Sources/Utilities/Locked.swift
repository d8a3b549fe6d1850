import Foundation

/// A value guarded by a lock: `withLock` gives exclusive access to it.
///
/// Used instead of `Synchronization.Mutex` because on Linux that mutex waits on futexes in code
/// ThreadSanitizer cannot see, so every access it guards was reported as a race and the
/// `--sanitize=thread` runs could find nothing real. `NSLock` is a pthread mutex, which
/// ThreadSanitizer understands. Shared by the package's modules; public and `withLock`
/// inlinable, because only a public generic is specialized into the modules that use it: a
/// `package` one was called through its generic entry point on every use, with its closure
/// and metadata (Benchmarks/serving/callgrind.sh). The access to `value` is checked as before.
public final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    @usableFromInline var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock.
    @inlinable
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
