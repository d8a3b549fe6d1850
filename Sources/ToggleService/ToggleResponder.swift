import HTTPServer
import Utilities
import TogglePicture

/// The service's routes (docs/design-facts.md section 4):
/// - `GET|HEAD /toggle`, `/toggle.png`, `/toggle@Nx.png` (N = 1...4): the PNG;
/// - `/symbols`: JSON list of every symbol name with its icon, licence and author;
/// - `/healthz` (liveness), `/readyz` (readiness), `/metrics` (Prometheus);
/// - anything else: a static file from the public directory, or 404.
///
/// Every response is annotated with its `route` (and images with `cache`: hit, miss or
/// coalesced) for the access log and metrics.
public struct ToggleResponder: HTTPResponder {
    public struct Configuration: Sendable {
        /// Directory of static files (`Public/`).
        public var publicDirectory: String = "Public"
        /// `max-age` of images and static files, in seconds. Default 86,400 (one day).
        public var maxAge: Int = 86_400
        public init() {}
    }

    public let configuration: Configuration
    let staticFiles: StaticFiles
    /// Encoded images by canonical key; nil renders every time.
    let cache: ImageCache?
    let metrics: ServiceMetrics?
    /// Whether the service is ready for traffic (false while starting or draining).
    let isReady: @Sendable () -> Bool
    /// Toggle requests already parsed, by path and query.
    let prepared = PreparedToggles()

    public init(configuration: Configuration, cache: ImageCache? = nil, metrics: ServiceMetrics? = nil,
                isReady: @escaping @Sendable () -> Bool = { true }) {
        self.configuration = configuration
        self.staticFiles = StaticFiles(root: configuration.publicDirectory)
        self.cache = cache
        self.metrics = metrics
        self.isReady = isReady
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        var response = route(request)
        if response.annotations["route"] == nil { response.annotations["route"] = "static" }
        return response
    }

    /// Answers inline on the connection's event loop thread what costs no rendering or file
    /// reading: image cache hits (and their 304s and parameter errors), `/healthz` and `/readyz`.
    /// Everything else is nil and goes to `respond(to:)` on Dispatch's utility queue.
    public func respondImmediately(to request: HTTPRequest) -> HTTPResponse? {
        switch request.path {
        case "/toggle", "/toggle.png":
            return cachedToggle(request, impliedScale: nil)
        case "/healthz", "/readyz":
            return route(request)
        default:
            guard request.path.hasPrefix("/toggle@"), let scale = Self.impliedScale(path: request.path) else {
                return nil
            }
            return cachedToggle(request, impliedScale: scale)
        }
    }

    /// The `/toggle` response if it needs no render (cache hit, 304 or parameter error), else nil.
    func cachedToggle(_ request: HTTPRequest, impliedScale: Double?) -> HTTPResponse? {
        guard let cache else { return nil }
        let prepared: PreparedToggle
        switch prepareToggle(request, impliedScale: impliedScale) {
        case .success(let p): prepared = p
        case .failure(let answer): return answer.response
        }
        guard let png = cache.cachedValue(for: prepared.key) else { return nil }
        return Self.image(png, fields: prepared.fields, outcome: .hit)
    }

    /// A finished response (error or 304) that ends a toggle request before any image lookup.
    struct EarlyAnswer: Error { var response: HTTPResponse }

    /// Parses the query and makes the cache fields (or takes both from `prepared` when the same
    /// path and query came before), or answers a parameter error or a 304.
    func prepareToggle(_ request: HTTPRequest, impliedScale: Double?) -> Result<PreparedToggle, EarlyAnswer> {
        let memoKey = PreparedToggles.memoKey(path: request.path, query: request.query)
        let entry: PreparedToggle
        if let memoKey, let known = prepared.entry(for: memoKey) {
            entry = known
        } else {
            let query: ToggleQuery
            do {
                query = try ToggleQuery(rawQuery: request.query, impliedScale: impliedScale)
            } catch {
                return .failure(EarlyAnswer(response: Self.parameterError(error).annotated(route: "toggle")))
            }
            let key = query.canonicalKey
            let tag = EntityTag.strong(hashing: key.utf8)
            var fields = cacheableFields(entityTag: tag, crossOrigin: true)
            if let ignored = query.ignoredFieldValue {
                fields.append(name: "X-Ignored-Params", value: ignored)
            }
            entry = PreparedToggle(spec: query.spec, animation: query.animation, key: key, entityTag: tag, fields: fields)
            if let memoKey { prepared.insert(entry, for: memoKey) }
        }
        if Self.isNotModified(request, entityTag: entry.entityTag) {
            return .failure(EarlyAnswer(response: HTTPResponse(status: 304, headers: entry.fields).annotated(route: "toggle")))
        }
        return .success(entry)
    }

    static func image(_ png: [UInt8], fields: HTTPFields, outcome: ImageCache.Outcome) -> HTTPResponse {
        var fields = fields
        fields.append(name: "Content-Type", value: "image/png")
        var response = HTTPResponse(status: 200, headers: fields, body: png)
        response.annotations = ["route": "toggle", "cache": outcome.rawValue]
        return response
    }

    func route(_ request: HTTPRequest) -> HTTPResponse {
        switch request.path {
        case "/toggle", "/toggle.png":
            return toggle(request, impliedScale: nil)
        case "/symbols":
            return symbols(request)
        case "/healthz":
            return Self.text(status: 200, "ok\n").annotated(route: "healthz")
        case "/readyz":
            return (isReady() ? Self.text(status: 200, "ready\n") : Self.text(status: 503, "not ready\n"))
                .annotated(route: "readyz")
        case "/metrics":
            var fields = HTTPFields()
            fields.append(name: "Content-Type", value: PrometheusText.contentType)
            fields.append(name: "Cache-Control", value: "no-store")
            return HTTPResponse(status: 200, headers: fields, body: Array((metrics?.text() ?? "").utf8))
                .annotated(route: "metrics")
        default:
            if let scale = Self.impliedScale(path: request.path) {
                return toggle(request, impliedScale: scale)
            }
            return staticFile(request)
        }
    }

    /// The scale of `/toggle@Nx.png` for N in 1...4, else nil.
    static func impliedScale(path: String) -> Double? {
        guard path.hasPrefix("/toggle@"), path.hasSuffix("x.png") else { return nil }
        let middle = path.dropFirst("/toggle@".count).dropLast("x.png".count)
        guard middle.count == 1, let n = Int(middle), (1...4).contains(n) else { return nil }
        return Double(n)
    }

    func toggle(_ request: HTTPRequest, impliedScale: Double?) -> HTTPResponse {
        let prepared: PreparedToggle
        switch prepareToggle(request, impliedScale: impliedScale) {
        case .success(let p): prepared = p
        case .failure(let answer): return answer.response
        }
        let png: [UInt8]
        let outcome: ImageCache.Outcome
        do {
            let spec = prepared.spec, animation = prepared.animation
            let make = { () throws(ToggleRenderError) -> [UInt8] in
                let start = MonotonicClock.now()
                let bytes: [UInt8]
                if let animation {
                    bytes = try ToggleImage.apng(for: animation)
                } else {
                    bytes = try ToggleImage.png(for: spec)
                }
                metrics?.observeRender(seconds: MonotonicClock.now() - start)
                return bytes
            }
            if let cache {
                (png, outcome) = try cache.value(for: prepared.key, make: make)
            } else {
                (png, outcome) = (try make(), .miss)
            }
        } catch {
            return Self.error(status: 500, message: "render failed: \(error)").annotated(route: "toggle")
        }
        return Self.image(png, fields: prepared.fields, outcome: outcome)
    }

    /// `/symbols`: every symbol name with its MDI icon, licence and author, as JSON.
    func symbols(_ request: HTTPRequest) -> HTTPResponse {
        let tag = SymbolCatalog.entriesEntityTag
        var fields = cacheableFields(entityTag: tag, crossOrigin: true)
        if Self.isNotModified(request, entityTag: tag) {
            return HTTPResponse(status: 304, headers: fields).annotated(route: "symbols")
        }
        fields.append(name: "Content-Type", value: "application/json")
        return HTTPResponse(status: 200, headers: fields, body: SymbolCatalog.entriesJSON).annotated(route: "symbols")
    }

    /// ETag, Cache-Control and nosniff for a cacheable response (plus CORS if `crossOrigin`).
    func cacheableFields(entityTag: String, crossOrigin: Bool) -> HTTPFields {
        var fields = HTTPFields()
        fields.append(name: "ETag", value: entityTag)
        fields.append(name: "Cache-Control", value: "public, max-age=\(configuration.maxAge)")
        if crossOrigin { fields.append(name: "Access-Control-Allow-Origin", value: "*") }
        fields.append(name: "X-Content-Type-Options", value: "nosniff")
        return fields
    }

    /// Whether the request's If-None-Match matches `entityTag` (RFC 9110 section 13.1.2).
    static func isNotModified(_ request: HTTPRequest, entityTag: String) -> Bool {
        guard let condition = request.headers["If-None-Match"] else { return false }
        return EntityTag.ifNoneMatch(condition, matches: entityTag)
    }

    func staticFile(_ request: HTTPRequest) -> HTTPResponse {
        guard let file = staticFiles.file(forPath: request.path) else {
            return Self.error(status: 404, message: "not found: \(request.path)")
        }
        var fields = cacheableFields(entityTag: file.entityTag, crossOrigin: false)
        if Self.isNotModified(request, entityTag: file.entityTag) {
            return HTTPResponse(status: 304, headers: fields)
        }
        fields.append(name: "Content-Type", value: file.contentType)
        return HTTPResponse(status: 200, headers: fields, body: file.contents)
    }

    /// A 400 with the JSON body of docs/design-facts.md section 4.
    static func parameterError(_ error: ParameterError) -> HTTPResponse {
        var fields = HTTPFields()
        fields.append(name: "Content-Type", value: "application/json")
        fields.append(name: "Cache-Control", value: "no-store")
        fields.append(name: "Access-Control-Allow-Origin", value: "*")
        fields.append(name: "X-Content-Type-Options", value: "nosniff")
        return HTTPResponse(status: 400, headers: fields, body: Array((error.json + "\n").utf8))
    }

    static func error(status: Int, message: String, fields: HTTPFields = HTTPFields()) -> HTTPResponse {
        var fields = fields
        fields.append(name: "Content-Type", value: "application/json")
        fields.append(name: "Cache-Control", value: "no-store")
        fields.append(name: "X-Content-Type-Options", value: "nosniff")
        return HTTPResponse(status: status, headers: fields,
                            body: Array("{\"error\":\(JSON.string(message))}\n".utf8))
    }

    static func text(status: Int, _ body: String) -> HTTPResponse {
        var fields = HTTPFields()
        fields.append(name: "Content-Type", value: "text/plain; charset=utf-8")
        fields.append(name: "Cache-Control", value: "no-store")
        return HTTPResponse(status: status, headers: fields, body: Array(body.utf8))
    }
}

extension HTTPResponse {
    /// The response with its `route` annotation set (for logs and the metrics' route label).
    func annotated(route: String) -> HTTPResponse {
        var copy = self
        copy.annotations["route"] = route
        return copy
    }
}
