import Dispatch
import Foundation
import Utilities
#if canImport(Glibc)
import Glibc
#endif

/// Something registered with an `EventLoop`: told the epoll events of its descriptor, on the
/// loop's thread.
protocol EventLoopHandler: AnyObject {
    func handle(events: UInt32)
}

/// Something with deadlines kept by an `EventLoop`: `deadlineDue()` runs on the loop's thread
/// once `deadline` has passed (it may then move or clear it).
protocol EventLoopTimed: AnyObject {
    var deadline: Double? { get }
    func deadlineDue(now: Double)
}

/// One thread running epoll_wait over its descriptors, nginx-style: every descriptor it owns is
/// handled on this thread, without hops to other threads.
///
/// - Work from other threads arrives through `execute` (a lock-protected queue plus an eventfd
///   that wakes the loop); work from the loop's own thread through `soon` (no lock, no syscall).
/// - Loop work: `HTTPWork` a responder plans that is small enough for the loop thread
///   wait in a FIFO (`enqueueWork`) and run after each turn's events and tasks, until
///   `workBudgetPerTurn` is spent; the loop then polls again (timeout 0) while work is left, so an
///   answer made in the events phase (a cache hit, `/healthz`) waits at most one budget plus one
///   item, and no render needs a hand-off to another thread and back.
/// - Deadlines: each timed object reports its deadline through `noteDeadline`; the loop keeps
///   only the earliest one as epoll_wait's timeout, and when it passes sweeps its timed objects,
///   running those that are due and recomputing the earliest. No kernel timer per connection.
///
/// Confinement: the properties under "loop thread only" are touched only by the loop's thread;
/// `incoming` and `wakePending` are guarded by `lock`. Hence `@unchecked Sendable`.
final class EventLoop: @unchecked Sendable {
    private let epfd: Int32
    private let wakeFD: Int32
    private let lock = NSLock()
    private var incoming: [() -> Void] = []
    private var wakePending = false
    private var stopRequested = false

    // Loop thread only.
    /// What is registered, by slot: a token is its slot plus one (low 32 bits) and the count of
    /// registrations so far (high bits), so an event for a slot since reused carries a token
    /// that no longer matches and is dropped. An array indexed by the token rather than a
    /// dictionary, which hashed it (SipHash) per event (Benchmarks/serving/callgrind.sh).
    private var handlers: [(token: UInt64, handler: EventLoopHandler)?] = []
    private var freeSlots: [Int] = []
    private var registrations: UInt64 = 0
    private var local: [() -> Void] = []
    private var timed: [ObjectIdentifier: EventLoopTimed] = [:]
    private var earliestDeadline = Double.infinity
    private var timers: [(at: Double, action: () -> Void)] = []
    /// Loop work in arrival order: `work[workHead...]` is still to run (a head index instead of
    /// `removeFirst`, which would move every element per item).
    private var work: [() -> Void] = []
    private var workHead = 0
    /// `work.count - workHead`, kept as a plain integer: `hasWork`, asked every turn, then reads
    /// no array, whose accesses are checked at run time (Benchmarks/serving/callgrind.sh).
    private var workWaiting = 0
    /// Items of loop work run in the latest turn that ran any (for tests and diagnostics).
    private(set) var workItemsInLastTurn = 0
    /// Iterations of the loop so far (one epoll_wait each): a connection's per-turn budget is
    /// counted per value. Loop thread only.
    private(set) var turn: UInt64 = 0

    /// The second (since 1970) the trailers below were made for, and those trailers: keep-alive,
    /// `Connection: close`, `Connection: keep-alive` (see `dateTrailer`), all three made when the
    /// second changes (plain arrays: an optional in an array was copied out per response).
    /// Loop thread only, so neither needs a lock or an atomic.
    private var trailerSecond = Int.min
    private var keepAliveTrailer: [UInt8] = []
    private var closeTrailer: [UInt8] = []
    private var announceTrailer: [UInt8] = []

    /// The buffer this loop's connections receive into, 64 KiB, allocated once. Loop thread only:
    /// a connection copies what it read to its parser before it reads again, and no connection's
    /// read runs inside another's.
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)

    private static let wakeToken: UInt64 = 0

    deinit { readBuffer.deallocate() }

    init(name: String) {
        epfd = Epoll.create()
        wakeFD = Epoll.eventFD()
        precondition(epfd >= 0 && wakeFD >= 0, "HTTPServer: epoll_create1 or eventfd failed (errno \(errno))")
        Epoll.control(epfd, Epoll.add, wakeFD, events: Epoll.readable, token: Self.wakeToken)
        let thread = Thread { [self] in
            Self.nameOSThread(name)
            run()
        }
        thread.name = name
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Gives the calling thread `name` (up to 15 bytes) where `top -H`, `ps -L` and
    /// /proc/PID/task/TID/comm show it, by writing /proc/thread-self/comm (proc(5)); corelibs
    /// Foundation's `Thread.name` does not reach the kernel. Best effort: ignored if /proc is absent.
    static func nameOSThread(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    // MARK: Any thread

    /// Runs `task` on the loop's thread, soon.
    func execute(_ task: @escaping @Sendable () -> Void) {
        lock.lock()
        incoming.append(task)
        let wake = !wakePending
        wakePending = true
        lock.unlock()
        if wake { signalWake() }
    }

    /// Ends the loop once the tasks queued so far have run; closes its epoll and eventfd
    /// descriptors (the owner closes its own descriptors before).
    func stop() {
        lock.lock()
        stopRequested = true
        lock.unlock()
        signalWake()
    }

    private func signalWake() {
        var one: UInt64 = 1
        _ = withUnsafeBytes(of: &one) { Glibc.write(wakeFD, $0.baseAddress, 8) }
    }

    // MARK: Loop thread only

    /// How long one turn of the loop may spend on loop work (`enqueueWork`), seconds: 0.25 ms.
    ///
    /// The bound on what loop work adds to the wait of an answer made in the events phase (a
    /// cache hit, `/healthz`): it waits for at most this plus the one item running when the budget
    /// ran out (loop work is small by contract: 0.1-0.4 ms for a `/toggle` at scales 1 and 2).
    /// It also splits the core between the two kinds of work under load: each turn gives loop
    /// work this long and answers whatever arrived meanwhile, so a connection asking for cached
    /// answers gets one per turn. Chosen with `Benchmarks/serving/flood.sh 2 6` (docs/performance.md
    /// has the budgets measured).
    static let workBudgetPerTurn = 0.000_25

    /// Queues `item` to run on this loop after the current turn's events and tasks, in arrival
    /// order, within `workBudgetPerTurn` per turn. No lock and no system call. Loop thread only.
    /// `item` must bound its own cost and never block: it holds up every connection of the loop.
    func enqueueWork(_ item: @escaping () -> Void) {
        work.append(item)
        workWaiting += 1
    }

    private var hasWork: Bool { workWaiting > 0 }

    /// Runs queued loop work until the budget is spent or the queue is empty (at least one item).
    /// Items queued meanwhile (a pipelined request's) join the end and may run in this turn.
    private func runWork() {
        guard hasWork else { return }
        let start = MonotonicClock.now()
        var ran = 0
        repeat {
            let item = work[workHead]
            work[workHead] = Self.done  // drop what the item holds once it has run
            workHead += 1
            workWaiting -= 1
            item()
            ran += 1
        } while hasWork && MonotonicClock.now() - start < Self.workBudgetPerTurn
        workItemsInLastTurn = ran
        if !hasWork {
            work.removeAll(keepingCapacity: true)
            workHead = 0
        } else if workHead >= 1024 && workHead * 2 >= work.count {
            work.removeFirst(workHead)
            workHead = 0
        }
    }

    private static let done: @Sendable () -> Void = {}

    /// Runs `task` on this loop after the current batch of events. Loop thread only.
    func soon(_ task: @escaping () -> Void) {
        local.append(task)
    }

    /// Runs `action` on this loop `seconds` from now. Loop thread only.
    func after(_ seconds: Double, _ action: @escaping () -> Void) {
        let at = MonotonicClock.now() + seconds
        timers.append((at, action))
        earliestDeadline = min(earliestDeadline, at)
    }

    /// The end of a response head for now: `Date` (IMF-fixdate, RFC 9110 section 5.6.7), the
    /// `Connection` field if any and the empty line, made once a second per loop and shared by the
    /// responses of that second (`ResponseSerializer.trailer`). Loop thread only.
    func dateTrailer(close: Bool, announceKeepAlive: Bool) -> [UInt8] {
        let second = Int(time(nil))
        if second != trailerSecond {
            trailerSecond = second
            let date = HTTPDate.imfFixdate(epochSeconds: second)
            keepAliveTrailer = ResponseSerializer.trailer(date: date, close: false, announceKeepAlive: false)
            closeTrailer = ResponseSerializer.trailer(date: date, close: true, announceKeepAlive: false)
            announceTrailer = ResponseSerializer.trailer(date: date, close: false, announceKeepAlive: true)
        }
        return close ? closeTrailer : announceKeepAlive ? announceTrailer : keepAliveTrailer
    }

    /// Registers `fd` for `events`; returns the token for `unregister`, or nil if
    /// epoll_ctl failed. Loop thread only.
    func register(_ fd: Int32, events: UInt32, handler: EventLoopHandler) -> UInt64? {
        let slot = freeSlots.last ?? handlers.count
        registrations += 1
        let token = registrations << 32 | UInt64(slot + 1)
        guard Epoll.control(epfd, Epoll.add, fd, events: events, token: token) == 0 else { return nil }
        if slot == handlers.count {
            handlers.append((token, handler))
        } else {
            freeSlots.removeLast()
            handlers[slot] = (token, handler)
        }
        return token
    }

    /// Removes `fd` (call before closing it). Loop thread only.
    func unregister(_ fd: Int32, token: UInt64) {
        Epoll.control(epfd, Epoll.delete, fd, events: 0, token: token)
        let slot = Self.slot(of: token)
        guard handlers.indices.contains(slot), handlers[slot]?.token == token else { return }
        handlers[slot] = nil
        freeSlots.append(slot)
    }

    /// The handler registered under `token`, if it still is. Loop thread only.
    func handler(for token: UInt64) -> EventLoopHandler? {
        let slot = Self.slot(of: token)
        guard handlers.indices.contains(slot), let entry = handlers[slot], entry.token == token else { return nil }
        return entry.handler
    }

    private static func slot(of token: UInt64) -> Int { Int(truncatingIfNeeded: token & 0xffff_ffff) - 1 }

    /// Starts keeping `object`'s deadline. Loop thread only.
    func addTimed(_ object: EventLoopTimed) {
        timed[ObjectIdentifier(object)] = object
        if let deadline = object.deadline { noteDeadline(deadline) }
    }

    func removeTimed(_ object: EventLoopTimed) {
        timed[ObjectIdentifier(object)] = nil
    }

    /// A timed object's deadline became `deadline`. Loop thread only.
    @inline(__always)
    func noteDeadline(_ deadline: Double) {
        if deadline < earliestDeadline { earliestDeadline = deadline }
    }

    private func run() {
        let capacity = 256
        let events = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity * Epoll.eventStride, alignment: 8)
        defer { events.deallocate() }
        while true {
            var timeout: Int32 = -1
            if !local.isEmpty || hasWork {
                timeout = 0
            } else if earliestDeadline < .infinity {
                let wait = earliestDeadline - MonotonicClock.now()
                // Up to 5 ms late, so deadlines close together share a sweep.
                timeout = wait <= 0 ? 0 : Int32(min(wait * 1000 + 5, 3_600_000))
            }
            let count: Int
            do {
                count = try Epoll.wait(epfd, into: events, timeoutMilliseconds: timeout)
            } catch {
                // EBADF, EFAULT or EINVAL: the loop's own descriptor or buffer is broken, a bug
                // that retrying would turn into a busy spin with every connection stalled.
                fatalError("HTTPServer: \(error)")
            }
            turn &+= 1
            for index in 0 ..< count {
                let (flags, token) = Epoll.event(index, in: events)
                if token == Self.wakeToken {
                    var value: UInt64 = 0
                    _ = withUnsafeMutableBytes(of: &value) { Glibc.read(wakeFD, $0.baseAddress, 8) }
                    continue
                }
                handler(for: token)?.handle(events: flags)
            }
            lock.lock()
            var tasks = incoming
            incoming = []
            wakePending = false
            let stopping = stopRequested
            lock.unlock()
            if !local.isEmpty {
                tasks += local
                local = []
            }
            for task in tasks { task() }
            runWork()
            if stopping && local.isEmpty && !hasWork {
                lock.lock()
                let more = !incoming.isEmpty
                lock.unlock()
                if !more { break }
            }
            if earliestDeadline <= MonotonicClock.now() { sweep() }
        }
        handlers = []
        freeSlots = []
        timed = [:]
        timers = []
        work = []
        workWaiting = 0
        Glibc.close(wakeFD)
        Glibc.close(epfd)
    }

    /// Runs what is due and recomputes the earliest deadline.
    private func sweep() {
        let now = MonotonicClock.now()
        earliestDeadline = .infinity
        if !timers.isEmpty {
            let due = timers.filter { $0.at <= now }
            timers.removeAll { $0.at <= now }
            for timer in timers { noteDeadline(timer.at) }
            for timer in due { timer.action() }
        }
        var dueObjects: [EventLoopTimed] = []
        for object in timed.values {
            guard let deadline = object.deadline else { continue }
            if deadline <= now { dueObjects.append(object) } else { noteDeadline(deadline) }
        }
        for object in dueObjects {
            object.deadlineDue(now: now)
            if timed[ObjectIdentifier(object)] != nil, let deadline = object.deadline { noteDeadline(deadline) }
        }
    }
}
