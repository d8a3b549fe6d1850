import Utilities
#if canImport(Glibc)
import Glibc
#endif

/// Scheduler settings for the threads that run `HTTPWork` off the loop (renders, file
/// reads), so that on a busy CPU an event loop woken by I/O (a cached answer, a `/healthz`) runs
/// before them. Every call is best effort: an old kernel or a container whose seccomp filter
/// refuses the call leaves the thread as it was, and the first refusal of each kind is written
/// once to standard error.
enum ThreadScheduling {
    /// `SCHED_BATCH` (sched(7), `linux/sched.h`): a thread the kernel treats as CPU-bound, whose
    /// wake-ups never preempt the running thread; set unprivileged.
    static let batch: Int32 = 3

    /// Puts the calling thread under `policy` with `sched_setscheduler(2)` (per thread on Linux,
    /// pid 0 being the caller; nice is kept). Returns whether the kernel took it.
    @discardableResult
    static func setPolicy(_ policy: Int32) -> Bool {
        var parameter = sched_param(sched_priority: 0)
        guard sched_setscheduler(0, policy, &parameter) == 0 else {
            reportOnce("sched_setscheduler", "sched_setscheduler(policy \(policy))")
            return false
        }
        return true
    }

    /// Sets the calling thread's nice value (per thread on Linux: `setpriority(PRIO_PROCESS, 0, n)`
    /// applies to the calling thread only). Returns whether the kernel took it.
    @discardableResult
    static func setNice(_ nice: Int32) -> Bool {
        guard setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice) == 0 else {
            reportOnce("setpriority", "setpriority(\(nice))")
            return false
        }
        return true
    }

    /// Niceness of the threads that run `HTTPWork` off the loop (nice(2) values, 0 to 19), so that
    /// on a busy CPU an event loop woken by I/O (a `/healthz`, a cached answer) runs before renders
    /// and searches: a thread of nice 5 has about a third of the weight of one of nice 0.
    static let responderNiceness: Int32 = 5

    /// Puts the calling Dispatch worker thread under SCHED_BATCH at `responderNiceness`.
    ///
    /// SCHED_BATCH keeps a render's wake-ups from preempting the event loop (sched(7): the
    /// scheduler takes the thread for CPU-bound) while its share of the CPU stays nice 5's.
    /// Measured with `Benchmarks/serving/flood.sh` (docs/performance.md, "Render threads").
    /// Measured and not taken: a short EEVDF slice for the loops (`sched_setattr`), which let the
    /// renders preempt the loop mid-turn and made its p99 worse; SCHED_IDLE for renders, which
    /// starves them whenever cached requests fill the CPU; nice 10 (no better p99, the flood
    /// slower) or 15 (the flood a third slower). Both calls fail soft (`ThreadScheduling`).
    /// Done once per worker thread (`ThreadScheduling.once`): both are system calls, and a
    /// Dispatch worker keeps its policy and nice value from one block to the next.
    static func yieldToEventLoops() {
        once {
            setPolicy(batch)
            setNice(responderNiceness)
        }
    }

    /// Runs `body` the first time the calling thread gets here, and never again on that thread
    /// (a POSIX thread-specific value marks the thread; reading it is a load, not a system call).
    static func once(_ body: () -> Void) {
        guard pthread_getspecific(doneKey) == nil else { return }
        body()
        pthread_setspecific(doneKey, UnsafeRawPointer(bitPattern: 1))
    }

    /// The thread-specific key `once` marks threads with (no destructor: the value is a flag).
    private static let doneKey: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "pthread_key_create: no key left")
        return key
    }()

    /// Kinds of call refused so far (each reported once).
    private static let reported = Locked(Set<String>())

    /// Writes one line to standard error the first time a call of `kind` is refused.
    private static func reportOnce(_ kind: String, _ call: String) {
        let error = errno
        guard reported.withLock({ $0.insert(kind).inserted }) else { return }
        let message = "HTTPServer: \(call) refused (errno \(error)); the thread keeps its scheduling\n"
        _ = Array(message.utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
