import Dispatch
import Foundation
import HTTPServer
import Utilities
#if canImport(Glibc)
import Glibc
#endif

/// Writes log lines to a descriptor (standard output) from a thread of its own, so serving never
/// waits for the log's reader.
///
/// Lines are appended to a bounded buffer (`capacityBytes`, default 1 MiB, about 5,000 lines,
/// counting the batch being written) under a lock: a copy, no system call. The writer thread takes the whole buffer at once and
/// writes it with as few `write(2)` calls as the descriptor accepts, at least every
/// `batchInterval` (50 ms) while lines wait, and at once when the buffer is half full or on
/// `flush`. A slow reader therefore loses nothing: lines wait in the buffer while it catches up.
/// When the buffer is full (the reader has stalled), new lines are dropped, counted
/// (`droppedLines`, exported as `toggle_access_log_dropped_total`) and reported through `report`
/// (standard error) at most once a second, from a queue of its own so a stalled standard error
/// cannot stop serving either. Lines are never split or interleaved.
///
/// Confinement: the mutable state is guarded by `condition`. Hence `@unchecked Sendable`.
public final class AccessLogWriter: @unchecked Sendable {
    /// The default bound of the buffer, in bytes.
    public static let defaultCapacityBytes = 1 << 20
    /// Longest wait between a line's arrival and its write, in seconds.
    public static let batchInterval = 0.05

    private let fd: Int32
    private let capacityBytes: Int
    private let report: @Sendable (String) -> Void
    private let condition = NSCondition()
    private let reportQueue = DispatchQueue(label: "toggle.access-log.report")

    // Guarded by `condition`.
    private var buffer: [UInt8] = []
    /// Bytes of the batch the writer thread is writing now (they count against the bound too).
    private var inFlight = 0
    private var dropped = 0
    private var droppedSinceReport = 0
    private var lastReport = -Double.infinity
    /// Batches taken by the writer so far, and batches completely written.
    private var taken = 0
    private var written = 0
    private var flushWanted = false

    /// - Parameters:
    ///   - fd: where lines go (1, standard output); it stays open.
    ///   - capacityBytes: most bytes waiting to be written; further lines are dropped.
    ///   - report: receives the drop notice (at most once a second).
    public init(fd: Int32 = 1, capacityBytes: Int = defaultCapacityBytes,
                report: @escaping @Sendable (String) -> Void) {
        self.fd = fd
        self.capacityBytes = capacityBytes
        self.report = report
        buffer.reserveCapacity(capacityBytes)
        let thread = Thread { [self] in run() }
        thread.name = "access-log"
        thread.start()
    }

    /// Lines dropped so far because the buffer was full.
    public var droppedLines: Int { condition.withLock { dropped } }

    /// Queues `line` and a newline; drops it if the buffer has no room. Any thread; never blocks
    /// on the descriptor.
    public func append(_ line: String) {
        var line = line
        line.withUTF8 { append(line: UnsafeRawBufferPointer($0)) }
    }

    /// Queues the bytes of one line (without its newline) and a newline, copied into the buffer;
    /// drops the line if the buffer has no room. Any thread; never blocks on the descriptor.
    public func append(line bytes: UnsafeRawBufferPointer) {
        condition.lock()
        if inFlight + buffer.count + bytes.count + 1 > capacityBytes {
            noteDrop()
            condition.unlock()
            return
        }
        let wasEmpty = buffer.isEmpty
        buffer.append(contentsOf: bytes)
        buffer.append(0x0A)
        // Wake the writer for the first line of a batch, or early when half full.
        let wake = wasEmpty || buffer.count > capacityBytes / 2
        condition.unlock()
        if wake { condition.signal() }
    }

    /// Counts a dropped line and reports the drops if a second has passed. `condition` is held.
    private func noteDrop() {
        dropped += 1
        droppedSinceReport += 1
        let now = MonotonicClock.now()
        guard now - lastReport >= 1 else { return }
        lastReport = now
        let count = droppedSinceReport, total = dropped
        droppedSinceReport = 0
        let report = self.report
        reportQueue.async {
            report("toggle-server: access log: dropped \(count) line\(count == 1 ? "" : "s") "
                   + "(\(total) in all): standard output is not being read fast enough")
        }
    }

    /// Waits until every line appended before the call is written, or `timeout` seconds pass.
    /// - Returns: true if everything was written.
    @discardableResult
    public func flush(timeout: Double = 5) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        // Everything appended so far is either in `buffer` (the next batch) or in a batch taken.
        let target = buffer.isEmpty ? taken : taken + 1
        flushWanted = true
        condition.broadcast()
        while written < target {
            if !condition.wait(until: deadline) { return written >= target }
        }
        return true
    }

    private func run() {
        var batch: [UInt8] = []
        batch.reserveCapacity(capacityBytes)
        while true {
            condition.lock()
            while buffer.isEmpty { condition.wait() }
            if !flushWanted && buffer.count <= capacityBytes / 2 {
                // Let the batch gather (an append that fills half the buffer or a flush cuts it short).
                _ = condition.wait(until: Date(timeIntervalSinceNow: Self.batchInterval))
            }
            swap(&batch, &buffer)
            inFlight = batch.count
            taken += 1
            flushWanted = false
            condition.unlock()

            writeAll(batch)
            batch.removeAll(keepingCapacity: true)

            condition.lock()
            inFlight = 0
            written += 1
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Writes every byte, resuming after partial writes and EINTR, and waiting for room when the
    /// descriptor is non-blocking (EAGAIN); gives up on other errors (EPIPE, EBADF: the lines
    /// have nowhere to go).
    private func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    switch errno {
                    case EINTR: continue
                    case EAGAIN:
                        var wanted = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                        _ = poll(&wanted, 1, 1000)
                        continue
                    default: return
                    }
                }
                offset += n
            }
        }
    }
}
