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
    /// Built by appending into one preallocated string (one log line per request was a third of a
    /// cached response's instructions when assembled from an array of interpolated pieces).
    public static func line(for exchange: HTTPExchange, at time: Double) -> String {
        var out = ""
        out.reserveCapacity(320)
        out += "{\"time\":\""
        out += timestamp(time)
        out += "\",\"method\":"
        if let method = exchange.method { appendJSON(method, to: &out) } else { out += "null" }
        out += ",\"target\":"
        if let target = exchange.target {
            let cut = target.utf8.count > 2048
            appendJSON(cut ? String(decoding: target.utf8.prefix(2048), as: UTF8.self) : target, to: &out)
            if cut { out += ",\"target_truncated\":true" }
        } else {
            out += "null"
        }
        out += ",\"status\":"
        out += String(exchange.status)
        out += ",\"bytes\":"
        out += String(exchange.bytes)
        out += ",\"duration_ms\":"
        out += String(describing: (exchange.duration * 1_000_000).rounded() / 1000)
        for key in exchange.annotations.keys.sorted() {
            if let value = exchange.annotations[key] {
                out += ","
                appendJSON(key, to: &out)
                out += ":"
                appendJSON(value, to: &out)
            }
        }
        out += "}"
        return out
    }

    /// Appends `s` as a JSON string literal: as is when it is printable ASCII without quotes or
    /// backslashes (the usual target), else through `JSON.string`.
    static func appendJSON(_ s: String, to out: inout String) {
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f && $0 != 0x22 && $0 != 0x5c }) {
            out += "\""
            out += s
            out += "\""
        } else {
            out += JSON.string(s)
        }
    }

    /// Seconds since 1970 from the real-time clock.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// RFC 3339 UTC with milliseconds: `2026-11-29T12:31:03.123Z`. The part up to the seconds is
    /// formatted once per second and reused.
    static func timestamp(_ time: Double) -> String {
        let seconds = Int(time.rounded(.down))
        let millis = max(0, min(999, Int((time - Double(seconds)) * 1000)))
        let prefix: String
        if let cached = secondCache.withLock({ $0.second == seconds ? $0.text : nil }) {
            prefix = cached
        } else {
            prefix = secondsText(seconds)
            secondCache.withLock { $0 = (seconds, prefix) }
        }
        return prefix + (millis < 10 ? ".00" : millis < 100 ? ".0" : ".") + String(millis) + "Z"
    }

    private static let secondCache = Locked<(second: Int, text: String)>((Int.min, ""))

    /// `2026-11-29T12:31:03` for seconds since 1970, UTC.
    static func secondsText(_ epochSeconds: Int) -> String {
        var seconds = time_t(epochSeconds)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ v: Int32, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2))"
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
