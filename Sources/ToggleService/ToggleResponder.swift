import HTTPServer
import Utilities
import TogglePicture
import QueryLanguage
import Observability

/// The service's routes (docs/design-facts.md section 4; the table is `ToggleRoute`):
/// - `GET|HEAD /toggle`, `/toggle.png`, `/toggle@Nx.png` (N = 1...4): the PNG;
/// - `/toggle.svg`: the same picture as SVG (`theme=auto` follows the viewer's colour scheme);
/// - `/row`, `/row.png`, `/row.svg`, `/card`, `/card.png`, `/card.svg`: a settings row, a card of
///   rows;
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
        /// The sources of the pages' `frame-ancestors` directive (CSP Level 3): who may show the
        /// playground in a frame. Default `'none'` (nobody; pages also carry
        /// `X-Frame-Options: DENY` then). `toggle-server --frame-ancestors`.
        public var frameAncestors: String = "'none'"
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
    /// gzip forms of text bodies (`/symbols`, pages, scripts), made once each.
    let compressedBodies = CompressedBodies()

    public init(configuration: Configuration, cache: ImageCache? = nil, metrics: ServiceMetrics? = nil,
                isReady: @escaping @Sendable () -> Bool = { true }) {
        self.configuration = configuration
        self.staticFiles = StaticFiles(root: configuration.publicDirectory)
        self.cache = cache
        self.metrics = metrics
        self.isReady = isReady
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        if request.method == "OPTIONS" { return Self.options(request) }
        var response = route(request)
        if response.annotations["route"] == nil { response.annotations["route"] = "static" }
        return response
    }

    /// Answers inline on the connection's event loop thread what costs no rendering, file
    /// reading or query parsing (`ToggleRoute.inline`): image cache hits of queries seen before
    /// (and their 304s), `/healthz` and `/readyz`.
    /// Everything else is nil: a small still `/toggle` then goes to `respondOnLoop(to:)`
    /// (`ToggleResponder+Loop.swift`), the rest to `respond(to:)` on Dispatch's utility queue.
    public func respondImmediately(to request: HTTPRequest) -> HTTPResponse? {
        if request.method == "OPTIONS" { return Self.options(request) }
        guard let route = ToggleRoute.route(for: request) else { return nil }
        switch (route.inline, route.target) {
        case (.always, _):
            return respond(route, request)
        case (.whenCached, .toggle):
            return cachedToggle(request)
        case (.whenCached, _), (.never, _):
            return nil
        }
    }

    /// The toggle response if the same path and query were parsed before and the answer needs
    /// no render (cache hit or 304), else nil. A query not seen before is parsed off the event
    /// loop by `respond(to:)`: parsing a long query, or answering an unknown name with its "did
    /// you mean" search, costs milliseconds that would hold up every connection of the loop.
    /// The memo is keyed by the target, so the format (`.png`, `.svg`) is in its entry.
    func cachedToggle(_ request: HTTPRequest) -> HTTPResponse? {
        guard let cache, let entry = prepared.entry(for: request), let cacheKey = entry.cacheKey else { return nil }
        if Self.isNotModified(request, entityTag: entry.entityTag) {
            return HTTPResponse(status: 304, headers: entry.fields).annotated(route: "toggle")
        }
        guard let bytes = cache.cachedValue(for: cacheKey) else { return nil }
        // The common case: the same answer as last time, head already serialized (only Date and
        // Connection, which the server adds, differ between requests).
        if let head = entry.readyHead(forBodyLength: bytes.count) {
            var response = HTTPResponse(status: 200, headers: head.fields, body: bytes, serializedHead: head.bytes)
            response.annotations = Self.hitAnnotations
            return response
        }
        var response = Self.image(bytes, prepared: entry, outcome: .hit)
        response.serializeHead()
        if let head = response.serializedHead {
            entry.keepReadyHead(ReadyHead(fields: response.headers, bytes: head, bodyLength: bytes.count))
        }
        return response
    }

    /// A finished response (error or 304) that ends a toggle request before any image lookup.
    struct EarlyAnswer: Error { var response: HTTPResponse }

    /// Parses the query and makes the cache fields (or takes both from `prepared` when the same
    /// path and query came before), or answers a parameter error or a 304.
    /// (Typed throws rather than a `Result`: destroying the `Result`, whose failure holds a whole
    /// `HTTPResponse`, went through its value witnesses, about 500 instructions per request.)
    func prepareToggle(_ request: HTTPRequest, format: ImageFormat,
                       impliedScale: Double?) throws(EarlyAnswer) -> PreparedToggle {
        let entry: PreparedToggle
        if let known = prepared.entry(for: request) {
            entry = known
        } else {
            let query: ToggleQuery
            do {
                query = try ToggleQuery(rawQuery: request.query, impliedScale: impliedScale)
                try query.check(for: format)
            } catch {
                throw EarlyAnswer(response: Self.parameterError(error).annotated(route: "toggle"))
            }
            let picture = ToggleImage.Picture(query: query, format: format)
            // One FNV-1a of the key's bytes gives both the ETag and the image cache's hash.
            let keyBytes = picture.canonicalKeyBytes
            let keyHash = keyBytes.withUnsafeBufferPointer { StableHash.fnv1a($0) }
            let tag = EntityTag.strong(fnv1a: keyHash)
            var fields = cacheableFields(entityTag: tag, crossOrigin: true)
            if let ignored = query.ignoredFieldValue {
                fields.append(name: "X-Ignored-Params", value: ignored)
            }
            if format == .svg {
                // An SVG opened as a document can do nothing but draw (its <style> included).
                fields.append(name: "Content-Security-Policy", value: "default-src 'none'; style-src 'unsafe-inline'")
            }
            // The key only for an image cache (it is that cache's key).
            entry = PreparedToggle(picture: picture, stillSize: query.stillSize,
                                   key: cache == nil ? nil : keyBytes,
                                   keyHash: keyHash, entityTag: tag, fields: fields)
            prepared.insert(entry, for: request)
        }
        if Self.isNotModified(request, entityTag: entry.entityTag) {
            throw EarlyAnswer(response: HTTPResponse(status: 304, headers: entry.fields).annotated(route: "toggle"))
        }
        return entry
    }

    static func image(_ bytes: [UInt8], prepared: PreparedToggle, outcome: ImageCache.Outcome) -> HTTPResponse {
        var fields = prepared.fields
        fields.append(name: "Content-Type", value: prepared.picture.format.contentType)
        var response = HTTPResponse(status: 200, headers: fields, body: bytes)
        switch outcome {
        case .hit: response.annotations = hitAnnotations
        case .miss: response.annotations = missAnnotations
        case .coalesced: response.annotations = coalescedAnnotations
        }
        return response
    }

    /// The annotations of an image response by cache outcome, made once (a dictionary literal per
    /// response was an allocation on the cached path).
    /// (One `static let` per outcome: a table keyed by outcome cost a hash per response.)
    static let hitAnnotations = ["route": "toggle", "cache": "hit"]
    static let missAnnotations = ["route": "toggle", "cache": "miss"]
    static let coalescedAnnotations = ["route": "toggle", "cache": "coalesced"]

    func route(_ request: HTTPRequest) -> HTTPResponse {
        guard let route = ToggleRoute.route(for: request) else { return staticFile(request) }
        return respond(route, request)
    }

    /// The full answer for a route of the table (rendering if need be).
    func respond(_ route: ToggleRoute, _ request: HTTPRequest) -> HTTPResponse {
        switch route.target {
        case .toggle(let format, let scale):
            return toggle(request, format: format, impliedScale: scale)
        case .row(let format):
            return row(request, format: format)
        case .card(let format):
            return card(request, format: format)
        case .symbols:
            return symbols(request)
        case .healthz:
            return Self.text(status: 200, "ok\n").annotated(route: "healthz")
        case .readyz:
            return (isReady() ? Self.text(status: 200, "ready\n")
                : Self.error(status: 503, message: "not ready: starting or draining")).annotated(route: "readyz")
        case .metrics:
            var fields = HTTPFields()
            fields.append(name: "Content-Type", value: PrometheusText.contentType)
            fields.append(name: "Cache-Control", value: "no-store")
            return HTTPResponse(status: 200, headers: fields, body: Array((metrics?.text() ?? "").utf8))
                .annotated(route: "metrics")
        }
    }

    func toggle(_ request: HTTPRequest, format: ImageFormat, impliedScale: Double?) -> HTTPResponse {
        let prepared: PreparedToggle
        do { prepared = try prepareToggle(request, format: format, impliedScale: impliedScale) } catch {
            return error.response
        }
        // Blocking: a worker may wait for another thread making the same image.
        return image(for: prepared, waiting: true) ?? Self.renderFailed("no image made")
    }

    /// The image response for `prepared`: from the cache, else drawn and encoded (and stored).
    /// `waiting`: wait for another thread making the same image (`ImageCache.value(for:make:)`);
    /// when false (the event loop), nil instead of waiting (`valueWithoutWaiting`). A render error
    /// is a 500.
    func image(for prepared: PreparedToggle, waiting: Bool) -> HTTPResponse? {
        let bytes: [UInt8]
        let outcome: ImageCache.Outcome
        do {
            let picture = prepared.picture
            let make = { () throws(ToggleImageError) -> [UInt8] in
                let start = MonotonicClock.now()
                let bytes = try ToggleImage.bytes(for: picture)
                metrics?.observeRender(seconds: MonotonicClock.now() - start)
                return bytes
            }
            if let cache, let cacheKey = prepared.cacheKey {
                if waiting {
                    (bytes, outcome) = try cache.value(for: cacheKey, make: make)
                } else {
                    guard let made = try cache.valueWithoutWaiting(for: cacheKey, make: make)
                    else { return nil }
                    (bytes, outcome) = made
                }
            } else {
                (bytes, outcome) = (try make(), .miss)
            }
        } catch {
            return Self.renderFailed("\(error)")
        }
        return Self.image(bytes, prepared: prepared, outcome: outcome)
    }

    static func renderFailed(_ reason: String) -> HTTPResponse {
        error(status: 500, message: "render failed: \(reason)").annotated(route: "toggle")
    }

    /// `/symbols`: every symbol name with its MDI icon, licence and author, as JSON.
    func symbols(_ request: HTTPRequest) -> HTTPResponse {
        representation(request, body: SymbolCatalog.entriesJSON, contentType: "application/json",
                       entityTag: SymbolCatalog.entriesEntityTag, crossOrigin: true, revalidate: false)
            .annotated(route: "symbols")
    }

    /// A cacheable body: 304 when `If-None-Match` matches the representation chosen for this
    /// request, else 200. Text of at least `ContentCoding.minimumBytes` carries
    /// `Vary: Accept-Encoding` and is gzipped when the request accepts it, under an entity tag
    /// of its own; images and short bodies go out as they are, without `Vary`.
    func representation(_ request: HTTPRequest, body: [UInt8], contentType: String, entityTag: String,
                        crossOrigin: Bool, revalidate: Bool) -> HTTPResponse {
        let compressible = ContentCoding.isCompressible(contentType: contentType)
            && body.count >= ContentCoding.minimumBytes
        let gzipped = compressible && ContentCoding.acceptsGzip(request.combinedField(named: "Accept-Encoding"))
            ? compressedBodies.gzip(body, entityTag: entityTag) : nil
        let tag = gzipped == nil ? entityTag : ContentCoding.gzipTag(entityTag)
        var fields = cacheableFields(entityTag: tag, crossOrigin: crossOrigin, revalidate: revalidate)
        if compressible { fields.append(name: "Vary", value: "Accept-Encoding") }
        if Self.isNotModified(request, entityTag: tag) {
            return HTTPResponse(status: 304, headers: fields)
        }
        fields.append(name: "Content-Type", value: contentType)
        if gzipped != nil { fields.append(name: "Content-Encoding", value: "gzip") }
        return HTTPResponse(status: 200, headers: fields, body: gzipped ?? body)
    }

    /// ETag, Cache-Control and nosniff for a cacheable response (plus CORS if `crossOrigin`).
    /// `revalidate`: `no-cache` instead of `max-age`, so caches ask again (a cheap 304 with the
    /// ETag) on every use and a new release is seen at once.
    func cacheableFields(entityTag: String, crossOrigin: Bool, revalidate: Bool = false) -> HTTPFields {
        var fields = HTTPFields()
        fields.reserveCapacity(7)  // these four, X-Ignored-Params or Vary, CSP, Content-Type
        fields.append(name: "ETag", value: entityTag)
        let maxAge = configuration.maxAge
        fields.append(name: "Cache-Control", value: revalidate ? "no-cache"
                          : maxAge == 86_400 ? "public, max-age=86400" : "public, max-age=\(maxAge)")
        if crossOrigin { fields.append(name: "Access-Control-Allow-Origin", value: "*") }
        fields.append(name: "X-Content-Type-Options", value: "nosniff")
        return fields
    }

    /// Whether the request's If-None-Match matches `entityTag` (RFC 9110 section 13.1.2).
    static func isNotModified(_ request: HTTPRequest, entityTag: String) -> Bool {
        guard let condition = request.combinedField(named: "If-None-Match") else { return false }
        return EntityTag.ifNoneMatch(condition, matches: entityTag)
    }

    func staticFile(_ request: HTTPRequest) -> HTTPResponse {
        guard let file = staticFiles.file(forPath: request.path) else {
            return Self.error(status: 404, message: "not found: \(request.path)")
        }
        // Pages, scripts, styles and JSON change with a release: revalidated on every use, so an
        // upgrade is not hidden for a day. Images keep the long max-age.
        var response = representation(request, body: file.contents, contentType: file.contentType,
                                      entityTag: file.entityTag, crossOrigin: false,
                                      revalidate: !file.contentType.hasPrefix("image/"))
        if file.contentType.hasPrefix("text/html") {
            response.headers.append(name: "Content-Security-Policy", value: pagePolicy)
            if configuration.frameAncestors == "'none'" {
                response.headers.append(name: "X-Frame-Options", value: "DENY")
            }
        }
        return response
    }

    /// The Content-Security-Policy of every HTML page: scripts, styles, fonts and fetches only
    /// from this origin, and no inline script or style (the pages keep theirs in files); pictures
    /// from this origin and `data:` URLs; no plugins, no `<base>`, forms only to this origin;
    /// framed only by `configuration.frameAncestors`.
    var pagePolicy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "font-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; "
            + "frame-ancestors \(configuration.frameAncestors)"
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
