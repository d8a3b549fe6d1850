import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// One JSON line per finished exchange (DESIGN.md section 6), e.g.
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
    public static func line(for exchange: HTTPExchange, at time: Double) -> String {
        var fields = ["\"time\":\(JSON.string(timestamp(time)))"]
        fields.append("\"method\":" + (exchange.method.map(JSON.string) ?? "null"))
        if let target = exchange.target {
            let cut = target.utf8.count > 2048
            fields.append("\"target\":\(JSON.string(cut ? String(decoding: target.utf8.prefix(2048), as: UTF8.self) : target))")
            if cut { fields.append("\"target_truncated\":true") }
        } else {
            fields.append("\"target\":null")
        }
        fields.append("\"status\":\(exchange.status)")
        fields.append("\"bytes\":\(exchange.bytes)")
        let ms = (exchange.duration * 1_000_000).rounded() / 1000
        fields.append("\"duration_ms\":\(ms)")
        for key in exchange.annotations.keys.sorted() {
            if let value = exchange.annotations[key] {
                fields.append("\(JSON.string(key)):\(JSON.string(value))")
            }
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// Seconds since 1970 from the real-time clock.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// RFC 3339 UTC with milliseconds: `2026-11-29T12:31:03.123Z`.
    static func timestamp(_ time: Double) -> String {
        var seconds = time_t(time.rounded(.down))
        let millis = Int((time - Double(seconds)) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ v: Int32, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(millis), 3))Z"
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
