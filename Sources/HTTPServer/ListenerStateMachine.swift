/// The listening socket's life as a pure state machine: each input returns what `LoopListener`
/// must do with its descriptor. Times are monotonic seconds.
struct ListenerStateMachine: Equatable, Sendable {
    enum State: Equatable, Sendable {
        /// Bound, not yet told to accept.
        case notStarted
        /// In the loop's epoll set, accepting.
        case accepting
        /// Out of the epoll set because the server has no room (its descriptor budget is used up)
        /// until it resumes; clients wait in the listen backlog.
        case paused
        /// Out of the epoll set until `until` after accept ran out of descriptors or memory
        /// (EMFILE, ENFILE, ENOBUFS, ENOMEM), instead of spinning on an error that persists.
        case backingOff(until: Double)
        case closed
    }

    enum Action: Equatable, Sendable {
        case none
        /// Add the descriptor to the epoll set.
        case register
        /// Remove the descriptor from the epoll set.
        case unregister
        /// Remove it from the epoll set and call `timerFired` at `at`.
        case unregisterUntil(at: Double)
        /// Remove it from the epoll set and close it.
        case unregisterAndClose
    }

    /// Seconds out of the epoll set after accept ran out of descriptors or memory.
    static let backOff = 0.1

    private(set) var state = State.notStarted

    /// Whether `accept` may be called now.
    var isAccepting: Bool { state == .accepting }

    /// The server starts accepting.
    mutating func started() -> Action {
        guard state == .notStarted else { return .none }
        state = .accepting
        return .register
    }

    /// The server took a connection but has no room for another.
    mutating func serverFull() -> Action {
        guard state == .accepting else { return .none }
        state = .paused
        return .unregister
    }

    /// The server has room again.
    mutating func resumed() -> Action {
        guard state == .paused else { return .none }
        state = .accepting
        return .register
    }

    /// accept failed for want of descriptors or memory.
    mutating func resourcesExhausted(now: Double) -> Action {
        guard state == .accepting else { return .none }
        let until = now + Self.backOff
        state = .backingOff(until: until)
        return .unregisterUntil(at: until)
    }

    /// The back-off timer fired.
    mutating func timerFired(now: Double) -> Action {
        guard case .backingOff(let until) = state, now >= until else { return .none }
        state = .accepting
        return .register
    }

    /// The server stops listening.
    mutating func closed() -> Action {
        guard state != .closed else { return .none }
        state = .closed
        return .unregisterAndClose
    }
}
