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
    let sink: @Sendable (String) -> Void

    public init(sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
    }

    public func requestCompleted(_ exchange: HTTPExchange) {
        sink(Self.line(for: exchange, at: Self.now()))
    }

    /// The log line for `exchange` finished at `time` (seconds since 1970, UTC).
    /// Built as bytes in one preallocated array, with numbers and the timestamp written digit by
    /// digit (string appends, `Double.description` and a locked once-a-second timestamp cache
    /// were about 20,000 instructions per line; this is a few thousand, and takes no lock).
    public static func line(for exchange: HTTPExchange, at time: Double) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(384)
        out.append(contentsOf: #"{"time":""#.utf8)
        appendTimestamp(time, to: &out)
        out.append(contentsOf: #"","method":"#.utf8)
        if let method = exchange.method { appendJSON(method, to: &out) } else { out.append(contentsOf: "null".utf8) }
        out.append(contentsOf: #","target":"#.utf8)
        if let bytes = exchange.targetUTF8, bytes.count <= 2048, Self.isPlain(bytes) {
            // The usual target: its received bytes as they are, no String made.
            out.append(0x22)
            out.append(contentsOf: bytes)
            out.append(0x22)
        } else if let target = exchange.target {
            let cut = target.utf8.count > 2048
            appendJSON(cut ? String(decoding: target.utf8.prefix(2048), as: UTF8.self) : target, to: &out)
            if cut { out.append(contentsOf: #","target_truncated":true"#.utf8) }
        } else {
            out.append(contentsOf: "null".utf8)
        }
        out.append(contentsOf: #","status":"#.utf8)
        appendDecimal(exchange.status, to: &out)
        out.append(contentsOf: #","bytes":"#.utf8)
        appendDecimal(exchange.bytes, to: &out)
        out.append(contentsOf: #","duration_ms":"#.utf8)
        appendMilliseconds(exchange.duration, to: &out)
        let annotations = exchange.annotations
        func field(_ key: String) {
            guard let value = annotations[key] else { return }
            out.append(0x2C)  // ,
            appendJSON(key, to: &out)
            out.append(0x3A)  // :
            appendJSON(value, to: &out)
        }
        // Keys in sorted order; the usual one or two without sorting an array.
        switch annotations.count {
        case 0: break
        case 1: field(annotations.keys.first!)
        case 2:
            let a = annotations.keys.first!, b = annotations.keys[annotations.keys.index(after: annotations.keys.startIndex)]
            field(min(a, b))
            field(max(a, b))
        default:
            for key in annotations.keys.sorted() { field(key) }
        }
        out.append(0x7D)  // }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `s` as a JSON string literal: as is when it is printable ASCII without quotes or
    /// backslashes (the usual target), else through `JSON.string`.
    static func appendJSON(_ s: String, to out: inout [UInt8]) {
        var s = s
        let plain = s.withUTF8 { bytes -> Bool in
            for byte in bytes where byte < 0x20 || byte >= 0x7f || byte == 0x22 || byte == 0x5c { return false }
            out.append(0x22)
            out.append(contentsOf: bytes)
            out.append(0x22)
            return true
        }
        if !plain { out.append(contentsOf: JSON.string(s).utf8) }
    }

    /// Printable ASCII without quotes or backslashes: written into a JSON string as it is.
    static func isPlain(_ bytes: ArraySlice<UInt8>) -> Bool {
        !bytes.contains { $0 < 0x20 || $0 >= 0x7f || $0 == 0x22 || $0 == 0x5c }
    }

    /// Appends `value` in decimal (a minus sign if negative).
    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(0x2D) }
        var v = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[count] = UInt8(truncatingIfNeeded: v % 10) + 0x30
                v /= 10
                count += 1
            } while v > 0
            while count > 0 {
                count -= 1
                out.append(d[count])
            }
        }
    }

    /// Appends `value` zero-padded to `width` digits (`value` >= 0).
    static func appendPadded(_ value: Int, width: Int, to out: inout [UInt8]) {
        var digits = 1, limit = 10
        while value >= limit && digits < 19 { digits += 1; limit &*= 10 }
        for _ in digits ..< max(digits, width) { out.append(0x30) }
        appendDecimal(value, to: &out)
    }

    /// Appends `seconds` as milliseconds rounded to the microsecond, e.g. `0.413`, `12.5` (at most
    /// three decimals, trailing zeros dropped).
    static func appendMilliseconds(_ seconds: Double, to out: inout [UInt8]) {
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
        var out: [UInt8] = []
        appendTimestamp(time, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `timestamp(time)`: the civil date from the day count by Howard Hinnant's
    /// `civil_from_days` (proleptic Gregorian, http://howardhinnant.github.io/date_algorithms.html),
    /// so no `gmtime_r`, no cache and no lock.
    static func appendTimestamp(_ time: Double, to out: inout [UInt8]) {
        let seconds = Int(time.rounded(.down))
        let millis = max(0, min(999, Int((time - Double(seconds)) * 1000)))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
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

/// Sends every event to each of `observers` in turn.
public struct FanOutMetrics: HTTPServerMetrics {
    let observers: [any HTTPServerMetrics]
    public init(_ observers: [any HTTPServerMetrics]) { self.observers = observers }
    public func connectionOpened() { observers.forEach { $0.connectionOpened() } }
    public func connectionClosed() { observers.forEach { $0.connectionClosed() } }
    public func requestCompleted(_ exchange: HTTPExchange) { observers.forEach { $0.requestCompleted(exchange) } }
}
