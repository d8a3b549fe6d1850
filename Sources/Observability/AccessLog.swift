import HTTPServer
import Utilities
#if canImport(Glibc)
import Glibc
#endif

/// One JSON line per finished exchange (docs/design-facts.md section 6), e.g.
/// `{"time":"2026-11-29T12:31:03.123Z","method":"GET","target":"/toggle?on=1","status":200,"bytes":1520,"duration_ms":0.412,"route":"toggle","cache":"hit"}`.
///
/// Strings go through `JSON.string`, so control characters in a target are escaped and a line
/// can never be split or forged. Targets longer than 2,048 bytes are cut (the line says so).
public struct AccessLog: HTTPServerMetrics {
    /// Receives each line, without its newline. Called concurrently from server threads.
    let sink: (@Sendable (String) -> Void)?
    /// Where lines go as bytes when the log was made with `init(writer:)`.
    let writer: AccessLogWriter?

    public init(sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
        self.writer = nil
    }

    /// Lines are written as bytes straight into `writer`'s buffer (`AccessLogWriter.append(line:)`):
    /// no `String` and no allocation per line (the two a `String` sink costs).
    public init(writer: AccessLogWriter) {
        self.sink = nil
        self.writer = writer
    }

    public func requestCompleted(_ exchange: HTTPExchange) {
        Self.withLine(for: exchange, at: Self.now()) { line in
            if let writer {
                writer.append(line: line)
            } else if let sink {
                sink(String(decoding: line, as: UTF8.self))
            }
        }
    }

    /// The log line for `exchange` finished at `time` (seconds since 1970, UTC).
    public static func line(for exchange: HTTPExchange, at time: Double) -> String {
        withLine(for: exchange, at: time) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the bytes of `line(for:at:)`, made in a buffer on the stack (on the heap
    /// only for a line over 1 KiB: a long target or annotation).
    /// Numbers and the timestamp are written digit by digit, constant text copied from static
    /// strings, not string appends, `Double.description` and a locked once-a-second timestamp cache
    /// (Benchmarks/serving/callgrind.sh, log on against off).
    static func withLine<Result>(for exchange: HTTPExchange, at time: Double,
                                 _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { storage in
            var out = LineBuffer(storage)
            write(exchange, at: time, to: &out)
            return out.withBytes(body)
        }
    }

    /// Writes the line's bytes (without a newline) to `out`.
    static func write(_ exchange: HTTPExchange, at time: Double, to out: inout LineBuffer) {
        out.append(#"{"time":""#)
        appendTimestamp(time, to: &out)
        out.append(#"","method":"#)
        if let method = exchange.method { appendJSON(method, to: &out) } else { out.append("null") }
        out.append(#","target":"#)
        if let bytes = exchange.targetUTF8, bytes.count <= 2048, Self.isPlain(bytes) {
            // The usual target: its received bytes as they are, no String made.
            out.append(0x22)
            bytes.withUnsafeBytes { out.append($0) }
            out.append(0x22)
        } else if let target = exchange.target {
            let cut = target.utf8.count > 2048
            appendJSON(cut ? String(decoding: target.utf8.prefix(2048), as: UTF8.self) : target, to: &out)
            if cut { out.append(#","target_truncated":true"#) }
        } else {
            out.append("null")
        }
        out.append(#","status":"#)
        appendDecimal(exchange.status, to: &out)
        out.append(#","bytes":"#)
        appendDecimal(exchange.bytes, to: &out)
        out.append(#","duration_ms":"#)
        appendMilliseconds(exchange.duration, to: &out)
        // Annotations as fields, keys in sorted order; the usual one or two found by walking the
        // dictionary once, without hashing or sorting.
        let annotations = exchange.annotations
        func field(_ key: String, _ value: String) {
            out.append(0x2C)  // ,
            appendJSON(key, to: &out)
            out.append(0x3A)  // :
            appendJSON(value, to: &out)
        }
        switch annotations.count {
        case 0: break
        case 1, 2:
            var first: (key: String, value: String)?, second: (key: String, value: String)?
            for pair in annotations {
                if first == nil { first = pair } else { second = pair }
            }
            if let a = first {
                if let b = second, b.key < a.key {
                    field(b.key, b.value)
                    field(a.key, a.value)
                } else {
                    field(a.key, a.value)
                    if let b = second { field(b.key, b.value) }
                }
            }
        default:
            for (key, value) in annotations.sorted(by: { $0.key < $1.key }) { field(key, value) }
        }
        out.append(0x7D)  // }
    }

    /// Appends `s` as a JSON string literal: as is when it is printable ASCII without quotes or
    /// backslashes (the usual target), else through `JSON.string`.
    static func appendJSON(_ s: String, to out: inout LineBuffer) {
        var s = s
        let plain = s.withUTF8 { bytes -> Bool in
            for byte in bytes where byte < 0x20 || byte >= 0x7f || byte == 0x22 || byte == 0x5c { return false }
            out.append(0x22)
            out.append(UnsafeRawBufferPointer(bytes))
            out.append(0x22)
            return true
        }
        if !plain {
            var escaped = JSON.string(s)
            escaped.withUTF8 { out.append(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Printable ASCII without quotes or backslashes: written into a JSON string as it is.
    static func isPlain(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7f || byte == 0x22 || byte == 0x5c { return false }
            return true
        }
    }

    /// Appends `value` in decimal (a minus sign if negative).
    static func appendDecimal(_ value: Int, to out: inout LineBuffer) {
        if value < 0 { out.append(0x2D) }
        out.appendDigits(value.magnitude, count: 1)
    }

    /// Appends `value` zero-padded to `width` digits (`value` >= 0).
    static func appendPadded(_ value: Int, width: Int, to out: inout LineBuffer) {
        out.appendDigits(UInt(max(0, value)), count: width)
    }

    /// Appends `seconds` as milliseconds rounded to the microsecond, e.g. `0.413`, `12.5` (at most
    /// three decimals, trailing zeros dropped).
    static func appendMilliseconds(_ seconds: Double, to out: inout LineBuffer) {
        guard seconds.isFinite, abs(seconds) < 1e9 else { return appendDecimal(0, to: &out) }
        var micros = Int((seconds * 1_000_000).rounded())
        if micros < 0 { out.append(0x2D); micros = -micros }
        appendDecimal(micros / 1000, to: &out)
        var fraction = micros % 1000, width = 3
        guard fraction != 0 else { return }
        while fraction % 10 == 0 { fraction /= 10; width -= 1 }
        out.append(0x2E)  // .
        appendPadded(fraction, width: width, to: &out)
    }

    /// Seconds since 1970 from the real-time clock.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// RFC 3339 UTC with milliseconds: `2026-11-29T12:31:03.123Z`.
    static func timestamp(_ time: Double) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { storage in
            var out = LineBuffer(storage)
            appendTimestamp(time, to: &out)
            return out.withBytes { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Appends `timestamp(time)`: the civil date from the day count by Howard Hinnant's
    /// `civil_from_days` (proleptic Gregorian, http://howardhinnant.github.io/date_algorithms.html),
    /// so no `gmtime_r`, no cache and no lock.
    static func appendTimestamp(_ time: Double, to out: inout LineBuffer) {
        let seconds = Int(time.rounded(.down))
        let millis = max(0, min(999, Int((time - Double(seconds)) * 1000)))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        if (0...9999).contains(year) {
            // The usual case, fixed width: `YYYY-MM-DDTHH:MM:SS.mmmZ` written in place.
            out.appendDigits(UInt(year), count: 4)
            out.append(0x2D)
            out.appendTwoDigits(month)
            out.append(0x2D)
            out.appendTwoDigits(day)
            out.append(0x54)  // T
            out.appendTwoDigits(secondOfDay / 3600)
            out.append(0x3A)
            out.appendTwoDigits(secondOfDay / 60 % 60)
            out.append(0x3A)
            out.appendTwoDigits(secondOfDay % 60)
            out.append(0x2E)
            out.appendDigits(UInt(millis), count: 3)
            out.append(0x5A)  // Z
            return
        }
        appendPadded(year, width: 4, to: &out)
        out.append(0x2D)
        appendPadded(month, width: 2, to: &out)
        out.append(0x2D)
        appendPadded(day, width: 2, to: &out)
        out.append(0x54)  // T
        appendPadded(secondOfDay / 3600, width: 2, to: &out)
        out.append(0x3A)
        appendPadded(secondOfDay / 60 % 60, width: 2, to: &out)
        out.append(0x3A)
        appendPadded(secondOfDay % 60, width: 2, to: &out)
        out.append(0x2E)
        appendPadded(millis, width: 3, to: &out)
        out.append(0x5A)  // Z
    }

    /// Year, month (1...12) and day (1...31) of the day `days` after 1970-01-01.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// The bytes of one log line, written into memory given by the caller (a buffer on the stack)
/// and moved to the heap only if the line outgrows it.
struct LineBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    /// `base` was allocated here (the line outgrew the caller's memory) and is freed here.
    private var ownsStorage = false

    /// A buffer writing into `storage` (which must outlive it) first.
    init(_ storage: UnsafeMutableBufferPointer<UInt8>) {
        base = storage.baseAddress!
        capacity = storage.count
    }

    deinit {
        if ownsStorage { base.deallocate() }
    }

    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let n = bytes.count
        if count + n > capacity { grow(toHold: count + n) }
        let from = source.assumingMemoryBound(to: UInt8.self), to = base + count
        if n <= 16 {
            // Keys, short values and constant text: a loop costs less than a call to memmove.
            for i in 0 ..< n { to[i] = from[i] }
        } else {
            to.update(from: from, count: n)
        }
        count += n
    }

    /// Appends `value` in decimal, zero-padded to at least `count` digits (`count` >= 1).
    mutating func appendDigits(_ value: UInt, count digits: Int) {
        let room = max(digits, ASCIIDigits.maximumDecimalBytes)
        if count + room > capacity { grow(toHold: count + room) }
        count += ASCIIDigits.writeDecimal(value, minimumDigits: digits, to: base + count)
    }

    /// Appends `value` (0...99) as two digits (`ASCIIDigits.writeTwoDigits`).
    mutating func appendTwoDigits(_ value: Int) {
        if count + 2 > capacity { grow(toHold: count + 2) }
        ASCIIDigits.writeTwoDigits(value, to: base + count)
        count += 2
    }

    mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        body(UnsafeRawBufferPointer(start: base, count: count))
    }

    private mutating func grow(toHold needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        storage.update(from: base, count: count)
        if ownsStorage { base.deallocate() }
        base = storage
        capacity = newCapacity
        ownsStorage = true
    }
}

/// Sends every event to each of `observers` in turn.
///
/// `FanOutMetrics.combining(_:)` gives the one observer itself when there is only one (no
/// second call through an existential per request).
public struct FanOutMetrics: HTTPServerMetrics {
    let observers: [any HTTPServerMetrics]
    public init(_ observers: [any HTTPServerMetrics]) { self.observers = observers }

    /// `observers` as one hook: the observer itself when there is exactly one, else a fan-out.
    public static func combining(_ observers: [any HTTPServerMetrics]) -> any HTTPServerMetrics {
        observers.count == 1 ? observers[0] : FanOutMetrics(observers)
    }
    public func connectionOpened() { observers.forEach { $0.connectionOpened() } }
    public func connectionClosed() { observers.forEach { $0.connectionClosed() } }
    public func requestCompleted(_ exchange: HTTPExchange) {
        for observer in observers { observer.requestCompleted(exchange) }
    }
    public func acceptPaused(_ reason: AcceptPause) { observers.forEach { $0.acceptPaused(reason) } }
    public func connectionRefused(_ reason: ConnectionRefusal) { observers.forEach { $0.connectionRefused(reason) } }
}
