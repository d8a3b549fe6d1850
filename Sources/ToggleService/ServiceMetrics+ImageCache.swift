import Observability

extension ServiceMetrics {
    /// Metrics that export `cache`'s counters (if any) and label shed requests by this service's
    /// routes (`ToggleRoute.label`).
    public convenience init(cache: ImageCache?, accessLog: AccessLogWriter? = nil) {
        let counters: (@Sendable () -> CacheCounters)? = cache.map { cache in { @Sendable in cache.counters } }
        self.init(cacheCounters: counters, accessLog: accessLog,
                  routeOfTarget: { method, target in ToggleRoute.label(method: method, target: target) })
    }
}

extension ImageCache {
    /// `statistics` and `capacityBytes` as `/metrics` exports them.
    public var counters: CacheCounters {
        let s = statistics
        var c = CacheCounters()
        c.hits = s.hits
        c.misses = s.misses
        c.coalesced = s.coalesced
        c.evictions = s.evictions
        c.entries = s.entries
        c.bytes = s.bytes
        c.capacityBytes = capacityBytes
        return c
    }
}
