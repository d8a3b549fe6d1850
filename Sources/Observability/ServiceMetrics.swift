import HTTPServer
import Synchronization
import Utilities
#if canImport(Glibc)
import Glibc
#endif

/// The service's Prometheus metrics (text format 0.0.4), fed by the HTTP server's hook and by
/// the responder. Labels are bounded: route and status only, never symbols or colours.
public final class ServiceMetrics: HTTPServerMetrics {
    /// Counters of the exchanges finished on the threads that share one stripe (event loops,
    /// chosen by thread id), as relaxed atomics: an exchange costs a few atomic additions and no
    /// lock, not a lock per stripe and `Array`s of counters inside it (Benchmarks/serving/callgrind.sh). `totals()` adds the stripes up; a scrape may see one stripe's buckets a few
    /// observations ahead of its sum, never a count that went back.
    private final class Stripe: @unchecked Sendable {
        static let routeCount = ServiceMetrics.knownRoutes.count
        static let bucketCount = Histogram.latencyBounds.count + 1
        /// Responses by known route (`knownRoutes` index) and status 100...599, flattened: found
        /// by arithmetic, not by hashing a route string per request.
        let requests: UnsafeMutablePointer<Atomic<Int>>
        /// Latency observations per route and bucket (`Histogram.latencyBounds`, then +Inf),
        /// not cumulative.
        let buckets: UnsafeMutablePointer<Atomic<Int>>
        /// The sum of the latencies per route, as a `Double`'s bit pattern.
        let sums: UnsafeMutablePointer<Atomic<UInt64>>
        let responseBytes = Atomic<Int>(0)
        let shed = Atomic<Int>(0)
        /// Routes outside `knownRoutes` (none today) and statuses outside 100...599.
        let other = Locked(Other())

        struct Other {
            var requests: [RouteStatus: Int] = [:]
            var latency: [String: Histogram] = [:]
        }

        init() {
            requests = Self.counters(Self.routeCount * 500)
            buckets = Self.counters(Self.routeCount * Self.bucketCount)
            sums = .allocate(capacity: Self.routeCount)
            for i in 0 ..< Self.routeCount { (sums + i).initialize(to: Atomic(Double(0).bitPattern)) }
        }

        deinit {
            requests.deinitialize(count: Self.routeCount * 500)
            requests.deallocate()
            buckets.deinitialize(count: Self.routeCount * Self.bucketCount)
            buckets.deallocate()
            sums.deinitialize(count: Self.routeCount)
            sums.deallocate()
        }

        private static func counters(_ count: Int) -> UnsafeMutablePointer<Atomic<Int>> {
            let cells = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: count)
            for i in 0 ..< count { (cells + i).initialize(to: Atomic(0)) }
            return cells
        }

        /// Adds `value` to route `route`'s latency sum (a compare-and-exchange loop: two loops
        /// may share a stripe).
        func addToSum(_ value: Double, route: Int) {
            var old = sums[route].load(ordering: .relaxed)
            while true {
                let (exchanged, original) = sums[route].compareExchange(
                    expected: old, desired: (Double(bitPattern: old) + value).bitPattern, ordering: .relaxed)
                if exchanged { return }
                old = original
            }
        }

        /// Route `route`'s latency histogram as counted so far.
        func histogram(route: Int) -> Histogram {
            let counts = (0 ..< Self.bucketCount).map { buckets[route * Self.bucketCount + $0].load(ordering: .relaxed) }
            return Histogram(counts: counts, sum: Double(bitPattern: sums[route].load(ordering: .relaxed)))
        }
    }

    private struct State {
        var render = Histogram()
        var connectionsOpened = 0
        var connectionsClosed = 0
        var acceptPauses: [AcceptPause: Int] = [:]
        var refusals: [ConnectionRefusal: Int] = [:]
    }

    private struct RouteStatus: Hashable {
        var route: String
        var status: Int
    }

    /// The `route` annotations the responder sets, plus the server's own `invalid` and `other`.
    static let knownRoutes = ["toggle", "row", "card", "healthz", "readyz", "metrics", "symbols", "static", "options",
                              "invalid", "other"]

    /// Stripes, one chosen per thread by its id; a power of two.
    private static let stripeCount = 8
    private let stripes: [Stripe] = (0 ..< ServiceMetrics.stripeCount).map { _ in Stripe() }
    /// `Histogram.latencyBounds`, held here so that finding an observation's bucket reads no global.
    private let bounds = Histogram.latencyBounds
    private let state = Locked(State())
    /// The image cache's counters, read at each scrape; nil without an image cache.
    let cacheCounters: (@Sendable () -> CacheCounters)?

    /// The access log writer whose drops are exported, if the access log is on.
    let accessLog: AccessLogWriter?

    /// The route label of a request the responder never saw, from its method and target as sent.
    let routeOfTarget: @Sendable (_ method: String, _ target: String) -> String

    /// - Parameters:
    ///   - cacheCounters: the image cache's counters, read at each scrape (nil: no cache metrics).
    ///   - accessLog: the access log writer whose dropped lines are exported.
    ///   - routeOfTarget: the `route` label for a shed request's method and target as sent.
    public init(cacheCounters: (@Sendable () -> CacheCounters)?, accessLog: AccessLogWriter? = nil,
                routeOfTarget: @escaping @Sendable (_ method: String, _ target: String) -> String) {
        self.cacheCounters = cacheCounters
        self.accessLog = accessLog
        self.routeOfTarget = routeOfTarget
    }

    public func connectionOpened() { state.withLock { $0.connectionsOpened += 1 } }
    public func connectionClosed() { state.withLock { $0.connectionsClosed += 1 } }
    public func acceptPaused(_ reason: AcceptPause) { state.withLock { $0.acceptPauses[reason, default: 0] += 1 } }
    public func connectionRefused(_ reason: ConnectionRefusal) { state.withLock { $0.refusals[reason, default: 0] += 1 } }

    /// This thread's stripe: threads (event loops) differ in `pthread_self`, a pointer whose low
    /// bits are alignment, so bits above them choose.
    private var stripe: Stripe {
        let id = UInt(bitPattern: Int(bitPattern: UInt(pthread_self())))
        return stripes[Int(truncatingIfNeeded: (id >> 12) ^ (id >> 20)) & (Self.stripeCount - 1)]
    }

    public func requestCompleted(_ exchange: HTTPExchange) {
        let status = exchange.status
        // The `route` annotation, found by walking the (one or two) annotations rather than by
        // hashing the key.
        var annotated: String?
        for (key, value) in exchange.annotations where key == "route" {
            annotated = value
            break
        }
        let shed = status == 503 && exchange.annotations["shed"] != nil
        // A 499 (cut before any answer) has no route annotation either: named by its target too.
        let route = annotated ?? routeLabel(exchange, shed: shed || exchange.status == 499)
        let stripe = self.stripe
        stripe.responseBytes.wrappingAdd(exchange.bytes, ordering: .relaxed)
        if shed { stripe.shed.wrappingAdd(1, ordering: .relaxed) }
        guard let routeIndex = Self.knownRoutes.firstIndex(of: route), (100...599).contains(status) else {
            return stripe.other.withLock { other in
                other.requests[RouteStatus(route: route, status: status), default: 0] += 1
                other.latency[route, default: Histogram()].observe(exchange.duration)
            }
        }
        stripe.requests[routeIndex * 500 + status - 100].wrappingAdd(1, ordering: .relaxed)
        let duration = exchange.duration
        var bucket = 0
        while bucket < bounds.count && duration > bounds[bucket] { bucket += 1 }
        stripe.buckets[routeIndex * Stripe.bucketCount + bucket].wrappingAdd(1, ordering: .relaxed)
        stripe.addToSum(duration, route: routeIndex)
    }

    /// The route label of an exchange the responder did not annotate: `invalid` for a request that
    /// could not be parsed, the route of its target for one shed by the queue bound (so that a
    /// route's 503s show under it), else `other`.
    func routeLabel(_ exchange: HTTPExchange, shed: Bool) -> String {
        guard let method = exchange.method else { return "invalid" }
        guard shed, let target = exchange.target else { return "other" }
        return routeOfTarget(method, target)
    }

    /// The stripes added up: responses by route and status, latency by route, bytes, shed.
    private func totals() -> (requests: [RouteStatus: Int], latency: [String: Histogram], bytes: Int, shed: Int) {
        var requests: [RouteStatus: Int] = [:]
        var latency: [String: Histogram] = [:]
        var bytes = 0, shed = 0
        for stripe in stripes {
            for (i, route) in Self.knownRoutes.enumerated() {
                for status in 100...599 {
                    let count = stripe.requests[i * 500 + status - 100].load(ordering: .relaxed)
                    if count > 0 { requests[RouteStatus(route: route, status: status), default: 0] += count }
                }
                let histogram = stripe.histogram(route: i)
                if histogram.count > 0 { latency[route, default: Histogram()].merge(histogram) }
            }
            stripe.other.withLock { other in
                for (key, count) in other.requests { requests[key, default: 0] += count }
                for (route, histogram) in other.latency { latency[route, default: Histogram()].merge(histogram) }
            }
            bytes += stripe.responseBytes.load(ordering: .relaxed)
            shed += stripe.shed.load(ordering: .relaxed)
        }
        return (requests, latency, bytes, shed)
    }

    /// Records the seconds one render and encode took.
    public func observeRender(seconds: Double) {
        state.withLock { $0.render.observe(seconds) }
    }

    /// The exposition text.
    public func text() -> String {
        let s = state.withLock { $0 }
        let t = totals()
        var lines: [String] = []
        func header(_ name: String, _ type: String, _ help: String) {
            lines.append("# HELP \(name) \(help)")
            lines.append("# TYPE \(name) \(type)")
        }
        header("toggle_http_requests_total", "counter", "HTTP responses sent, by route and status code.")
        for (key, count) in t.requests.sorted(by: { ($0.key.route, $0.key.status) < ($1.key.route, $1.key.status) }) {
            lines.append("toggle_http_requests_total{route=\"\(PrometheusText.labelValue(key.route))\",status=\"\(key.status)\"} \(count)")
        }
        header("toggle_http_request_duration_seconds", "histogram",
               "Seconds from the end of a request head to the last byte of its response, by route.")
        for (route, histogram) in t.latency.sorted(by: { $0.key < $1.key }) {
            lines += histogram.lines(name: "toggle_http_request_duration_seconds",
                                     labels: "route=\"\(PrometheusText.labelValue(route))\"")
        }
        func single(_ name: String, _ type: String, _ help: String, _ value: Int) {
            lines += Self.metric(name, type, help, value)
        }
        single("toggle_http_response_bytes_total", "counter", "Bytes written in responses, heads and bodies.",
               t.bytes)
        header("toggle_render_duration_seconds", "histogram", "Seconds to draw and encode one image (cache misses).")
        lines += s.render.lines(name: "toggle_render_duration_seconds")
        single("toggle_http_connections_total", "counter", "Connections accepted and served.", s.connectionsOpened)
        single("toggle_http_open_connections", "gauge", "Connections open now.",
               s.connectionsOpened - s.connectionsClosed)
        header("toggle_http_accept_pauses_total", "counter",
               "Times the listener stopped accepting, by reason: descriptor_budget (open connections use the "
               + "descriptors RLIMIT_NOFILE leaves), emfile, enfile, enobufs, enomem (accept failed; retried every 100 ms).")
        for reason in AcceptPause.allCases {
            lines.append("toggle_http_accept_pauses_total{reason=\"\(reason.rawValue)\"} \(s.acceptPauses[reason, default: 0])")
        }
        header("toggle_http_connections_refused_total", "counter",
               "Connections answered 503 and closed unserved, by reason: max_connections, per_client "
               + "(--max-connections-per-client), draining.")
        for reason in ConnectionRefusal.allCases {
            lines.append("toggle_http_connections_refused_total{reason=\"\(reason.rawValue)\"} \(s.refusals[reason, default: 0])")
        }
        single("toggle_http_shed_total", "counter",
               "Requests answered 503 because they waited longer than the responder queue's bound (--max-queue-wait, default 5 s).",
               t.shed)
        header("toggle_access_log_dropped_total", "counter",
               "Access log lines not written, by reason: stalled (standard output not read fast enough), "
               + "full (no space: ENOSPC, EDQUOT, EFBIG), closed (EPIPE, EBADF: nobody reads), error (another write error).")
        for reason in AccessLogWriter.DropReason.allCases {
            lines.append("toggle_access_log_dropped_total{reason=\"\(reason.label)\"} \(accessLog?.droppedLines(reason: reason) ?? 0)")
        }
        if let stats = cacheCounters?() { lines += Self.cacheLines(stats) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The image cache's metrics in the exposition text.
    static func cacheLines(_ stats: CacheCounters) -> [String] {
        var lines: [String] = []
        func single(_ name: String, _ type: String, _ help: String, _ value: Int) {
            lines += metric(name, type, help, value)
        }
        single("toggle_image_cache_hits_total", "counter", "Image requests answered from the cache.", stats.hits)
        single("toggle_image_cache_misses_total", "counter", "Image requests that had to render.",
               stats.misses - stats.coalesced)
        single("toggle_image_cache_coalesced_total", "counter",
               "Misses that waited for a concurrent render of the same image.", stats.coalesced)
        single("toggle_image_cache_evictions_total", "counter", "Images evicted to stay within the byte budget.",
               stats.evictions)
        single("toggle_image_cache_bytes", "gauge", "Bytes held by the image cache.", stats.bytes)
        single("toggle_image_cache_capacity_bytes", "gauge", "The image cache's byte budget.", stats.capacityBytes)
        single("toggle_image_cache_entries", "gauge", "Images held by the image cache.", stats.entries)
        return lines
    }

    /// The `# HELP`, `# TYPE` and sample lines of a metric without labels.
    static func metric(_ name: String, _ type: String, _ help: String, _ value: Int) -> [String] {
        ["# HELP \(name) \(help)", "# TYPE \(name) \(type)", "\(name) \(value)"]
    }

}

/// What `/metrics` exports of an image cache: counters since start and what it holds now.
public struct CacheCounters: Sendable, Equatable {
    public var hits = 0
    /// Lookups that found nothing, coalesced ones included.
    public var misses = 0
    /// Misses that waited for a concurrent make of the same entry.
    public var coalesced = 0
    public var evictions = 0
    public var entries = 0
    /// Bytes held now.
    public var bytes = 0
    /// The byte budget.
    public var capacityBytes = 0
    public init() {}
}
