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
///
/// Every line that is not written whole is counted by its `DropReason` (`droppedLines(reason:)`,
/// exported as `toggle_access_log_dropped_total{reason}`): new lines while the buffer is full (the
/// reader has stalled), and the lines of a batch whose write failed (a full disk or `/dev/full`, a
/// pipe whose reader exited, a closed descriptor, an I/O error). Serving never stops for either;
/// the next batch is tried afresh, and after a line was cut by a failed write the next one starts
/// on a line of its own. Drops are reported through `report` (standard error) at most once a
/// second, from a queue of its own so that a stalled standard error cannot stop serving either:
/// at once for the first, then once the second is over for those that came within it.
/// Lines are never interleaved.
///
/// Confinement: the mutable state is guarded by `condition`. Hence `@unchecked Sendable`.
public final class AccessLogWriter: @unchecked Sendable {
    /// Why a line was not written.
    public enum DropReason: Int, CaseIterable, Sendable {
        /// The buffer was full: the reader of the descriptor has stalled or is too slow.
        case stalled
        /// The write failed for want of space: ENOSPC (a full disk, `/dev/full`), EDQUOT, EFBIG.
        case full
        /// The write failed because nobody reads or the descriptor is not open: EPIPE (the reading
        /// end of a pipe or socket was closed), EBADF, ECONNRESET, ENOTCONN.
        case closed
        /// The write failed otherwise (EIO, EINVAL, ...).
        case error

        /// The metric's `reason` label.
        public var label: String {
            switch self {
            case .stalled: return "stalled"
            case .full: return "full"
            case .closed: return "closed"
            case .error: return "error"
            }
        }

        /// The reason for a failed write's errno.
        public static func of(errno code: Int32) -> DropReason {
            switch code {
            case ENOSPC, EDQUOT, EFBIG: return .full
            case EPIPE, EBADF, ECONNRESET, ENOTCONN: return .closed
            default: return .error
            }
        }
    }

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
    /// Bytes of the batch the writer thread is writing now (they count against the bound too),
    /// and its lines.
    private var inFlight = 0
    private var pendingInBatch = 0
    /// Lines in `buffer`.
    private var bufferedLines = 0
    /// Lines dropped so far, by `DropReason.rawValue`, and since the last report.
    private var dropped = [Int](repeating: 0, count: DropReason.allCases.count)
    private var droppedSinceReport = [Int](repeating: 0, count: DropReason.allCases.count)
    /// The strerror(3) text of the latest failed write since the last report.
    private var lastFailure: String?
    private var lastReport = -Double.infinity
    private var reportScheduled = false
    /// A failed write cut a line: the next batch starts with a newline.
    private var lineCut = false
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

    /// Lines dropped so far, for every reason.
    public var droppedLines: Int { condition.withLock { dropped.reduce(0, +) } }

    /// Lines dropped so far for `reason`.
    public func droppedLines(reason: DropReason) -> Int { condition.withLock { dropped[reason.rawValue] } }

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
        guard let wake = Self.append(bytes, to: &buffer, room: capacityBytes - inFlight,
                                     wakeAbove: capacityBytes / 2) else {
            noteDrops(1, .stalled)
            condition.unlock()
            return
        }
        bufferedLines += 1
        condition.unlock()
        if wake { condition.signal() }
    }

    /// Appends `bytes` and a newline to `buffer` if it then holds at most `room` bytes; returns
    /// whether to wake the writer (the first line of a batch, or early past `wakeAbove` bytes),
    /// or nil when the line does not fit. One access to `buffer`, which is checked at run time,
    /// instead of one per use (Benchmarks/serving/callgrind.sh).
    private static func append(_ bytes: UnsafeRawBufferPointer, to buffer: inout [UInt8], room: Int,
                               wakeAbove: Int) -> Bool? {
        guard buffer.count + bytes.count + 1 <= room else { return nil }
        let wasEmpty = buffer.isEmpty
        buffer.append(contentsOf: bytes)
        buffer.append(0x0A)
        return wasEmpty || buffer.count > wakeAbove
    }

    /// Counts `count` dropped lines and reports the drops if a second has passed since the last
    /// report, else schedules a report for when it has. `condition` is held.
    private func noteDrops(_ count: Int, _ reason: DropReason, failure: String? = nil) {
        guard count > 0 else { return }
        dropped[reason.rawValue] += count
        droppedSinceReport[reason.rawValue] += count
        if let failure { lastFailure = failure }
        guard !reportScheduled else { return }
        let wait = lastReport + 1 - MonotonicClock.now()
        reportScheduled = true
        reportQueue.asyncAfter(deadline: .now() + max(0, wait)) { [self] in
            let message = condition.withLock { takeReport() }
            report(message)
        }
    }

    /// The report of the drops since the last one, which it resets. `condition` is held.
    private func takeReport() -> String {
        reportScheduled = false
        lastReport = MonotonicClock.now()
        let count = droppedSinceReport.reduce(0, +), total = dropped.reduce(0, +)
        let reasons = DropReason.allCases.filter { droppedSinceReport[$0.rawValue] > 0 }
            .map { "\($0.label) \(droppedSinceReport[$0.rawValue])" }.joined(separator: ", ")
        var why: [String] = []
        if droppedSinceReport[DropReason.stalled.rawValue] > 0 { why.append("standard output is not being read fast enough") }
        if let lastFailure { why.append("writing standard output failed: \(lastFailure)") }
        droppedSinceReport = droppedSinceReport.map { _ in 0 }
        lastFailure = nil
        return "toggle-server: access log: dropped \(count) line\(count == 1 ? "" : "s") (\(reasons); \(total) in all): "
            + why.joined(separator: "; ")
    }

    /// Lines waiting to be written now: in the buffer, and in the batch being written (all of it,
    /// though part may be written already).
    public var pendingLines: Int {
        condition.withLock { bufferedLines + pendingInBatch }
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
            pendingInBatch = bufferedLines
            bufferedLines = 0
            taken += 1
            flushWanted = false
            condition.unlock()

            // After a cut line, a newline first, so that the next line starts on its own.
            var failure = lineCut ? writeAll([0x0A]).map {
                WriteFailure(lines: batch.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }, cut: true, errno: $0.errno)
            } : nil
            if failure == nil { failure = writeAll(batch) }
            batch.removeAll(keepingCapacity: true)

            condition.lock()
            if let failure {
                noteDrops(failure.lines, DropReason.of(errno: failure.errno),
                          failure: String(cString: strerror(failure.errno)))
                lineCut = failure.cut
            } else {
                lineCut = false
            }
            inFlight = 0
            pendingInBatch = 0
            written += 1
            condition.broadcast()
            condition.unlock()
        }
    }

    /// What a failed `writeAll` left unwritten: the lines not written whole (newlines from the
    /// failed offset on), whether a line was cut (some of its bytes written), and the errno.
    struct WriteFailure {
        var lines: Int
        var cut: Bool
        var errno: Int32
    }

    /// Writes every byte, resuming after partial writes and EINTR, and waiting for room when the
    /// descriptor is non-blocking (EAGAIN); gives up on other errors (ENOSPC, EPIPE, EBADF: the
    /// lines have nowhere to go) and says what was lost.
    private func writeAll(_ bytes: [UInt8]) -> WriteFailure? {
        bytes.withUnsafeBytes { raw -> WriteFailure? in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    let code = errno
                    switch code {
                    case EINTR: continue
                    case EAGAIN:
                        var wanted = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                        _ = poll(&wanted, 1, 1000)
                        continue
                    default:
                        let rest = raw[offset...]
                        let lines = rest.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                        let cut = offset > 0 && raw[offset - 1] != 0x0A
                        return WriteFailure(lines: lines, cut: cut, errno: code)
                    }
                }
                offset += n
            }
            return nil
        }
    }
}
