import Foundation

/// A value guarded by a lock: `withLock` gives exclusive access to it.
///
/// Used instead of `Synchronization.Mutex` because on Linux that mutex waits on futexes in code
/// ThreadSanitizer cannot see, so every access it guards was reported as a race and the
/// `--sanitize=thread` runs could find nothing real. `NSLock` is a pthread mutex, which
/// ThreadSanitizer understands. Shared by the package's modules (`package` access).
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
