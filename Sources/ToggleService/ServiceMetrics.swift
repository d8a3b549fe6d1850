import HTTPServer
import Utilities

/// The service's Prometheus metrics (text format 0.0.4), fed by the HTTP server's hook and by
/// the responder. Labels are bounded: route and status only, never symbols or colours.
public final class ServiceMetrics: HTTPServerMetrics {
    private struct State {
        var requests: [RouteStatus: Int] = [:]
        var latency: [String: Histogram] = [:]
        var render = Histogram()
        var connectionsOpened = 0
        var connectionsClosed = 0
        var responseBytes = 0
    }

    private struct RouteStatus: Hashable {
        var route: String
        var status: Int
    }

    private let state = Locked(State())
    /// The image cache whose counters are exported, if any.
    let cache: ImageCache?

    /// The access log writer whose drops are exported, if the access log is on.
    let accessLog: AccessLogWriter?

    public init(cache: ImageCache?, accessLog: AccessLogWriter? = nil) {
        self.cache = cache
        self.accessLog = accessLog
    }

    public func connectionOpened() { state.withLock { $0.connectionsOpened += 1 } }
    public func connectionClosed() { state.withLock { $0.connectionsClosed += 1 } }

    public func requestCompleted(_ exchange: HTTPExchange) {
        let route = exchange.annotations["route"] ?? (exchange.method == nil ? "invalid" : "other")
        state.withLock { s in
            s.requests[RouteStatus(route: route, status: exchange.status), default: 0] += 1
            s.latency[route, default: Histogram()].observe(exchange.duration)
            s.responseBytes += exchange.bytes
        }
    }

    /// Records the seconds one render and encode took.
    public func observeRender(seconds: Double) {
        state.withLock { $0.render.observe(seconds) }
    }

    /// The exposition text.
    public func text() -> String {
        let s = state.withLock { $0 }
        var lines: [String] = []
        func header(_ name: String, _ type: String, _ help: String) {
            lines.append("# HELP \(name) \(help)")
            lines.append("# TYPE \(name) \(type)")
        }
        header("toggle_http_requests_total", "counter", "HTTP responses sent, by route and status code.")
        for (key, count) in s.requests.sorted(by: { ($0.key.route, $0.key.status) < ($1.key.route, $1.key.status) }) {
            lines.append("toggle_http_requests_total{route=\"\(PrometheusText.labelValue(key.route))\",status=\"\(key.status)\"} \(count)")
        }
        header("toggle_http_request_duration_seconds", "histogram",
               "Seconds from the end of a request head to the last byte of its response, by route.")
        for (route, histogram) in s.latency.sorted(by: { $0.key < $1.key }) {
            lines += histogram.lines(name: "toggle_http_request_duration_seconds",
                                     labels: "route=\"\(PrometheusText.labelValue(route))\"")
        }
        func single(_ name: String, _ type: String, _ help: String, _ value: Int) {
            header(name, type, help)
            lines.append("\(name) \(value)")
        }
        single("toggle_http_response_bytes_total", "counter", "Bytes written in responses, heads and bodies.",
               s.responseBytes)
        header("toggle_render_duration_seconds", "histogram", "Seconds to draw and encode one image (cache misses).")
        lines += s.render.lines(name: "toggle_render_duration_seconds")
        single("toggle_http_connections_total", "counter", "Connections accepted and served.", s.connectionsOpened)
        single("toggle_http_open_connections", "gauge", "Connections open now.",
               s.connectionsOpened - s.connectionsClosed)
        single("toggle_access_log_dropped_total", "counter",
               "Access log lines dropped because standard output was not read fast enough.",
               accessLog?.droppedLines ?? 0)
        if let cache {
            let stats = cache.statistics
            single("toggle_image_cache_hits_total", "counter", "Image requests answered from the cache.", stats.hits)
            single("toggle_image_cache_misses_total", "counter", "Image requests that had to render.",
                   stats.misses - stats.coalesced)
            single("toggle_image_cache_coalesced_total", "counter",
                   "Misses that waited for a concurrent render of the same image.", stats.coalesced)
            single("toggle_image_cache_evictions_total", "counter", "Images evicted to stay within the byte budget.",
                   stats.evictions)
            single("toggle_image_cache_bytes", "gauge", "Bytes held by the image cache.", stats.bytes)
            single("toggle_image_cache_capacity_bytes", "gauge", "The image cache's byte budget.", cache.capacityBytes)
            single("toggle_image_cache_entries", "gauge", "Images held by the image cache.", stats.entries)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
