import Synchronization

/// A flag set once by a connection's loop when it closes, read by queued responder work on other
/// threads.
final class Cancellation: Sendable {
    private let flag = Atomic<Bool>(false)
    var isCancelled: Bool { flag.load(ordering: .relaxed) }
    func cancel() { flag.store(true, ordering: .relaxed) }
}
