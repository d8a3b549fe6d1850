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
        /// Which routes this responder's listener answers. Default `.all` (one port).
        public var listener: Listener = .all
        /// The byte budget of the memo of parsed requests (`Caches.preparedRequests`); 0 keeps none.
        public var preparedRequestBytes: Int = Caches.standard.preparedRequests
        public init() {}
    }

    /// Which routes a listener answers; the others are 404, saying where they are.
    public enum Listener: Sendable {
        /// Every route: the service's one port (the default).
        case all
        /// Every route but `/metrics` (which is on the admin port).
        case publicPort
        /// Only `/metrics`, `/healthz` and `/readyz` (`toggle-server --admin-port`).
        case adminPort

        /// Whether `route` (nil: a static file) is answered on this listener.
        func serves(_ route: ToggleRoute?) -> Bool {
            switch self {
            case .all: return true
            case .publicPort: return route?.target != .metrics
            case .adminPort:
                switch route?.target {
                case .metrics?, .healthz?, .readyz?: return true
                default: return false
                }
            }
        }
    }

    public let configuration: Configuration
    let staticFiles: StaticFiles
    let metrics: ServiceMetrics?
    /// Whether the service is ready for traffic (false while starting or draining).
    let isReady: @Sendable () -> Bool
    /// `/toggle`, `/row` and `/card`: memo, ETag, cache, render.
    let pictures: PictureEndpoint
    /// gzip forms of text bodies (`/symbols`, pages, scripts), made once each.
    let compressedBodies = CompressedBodies()

    public init(configuration: Configuration, cache: ImageCache? = nil, metrics: ServiceMetrics? = nil,
                isReady: @escaping @Sendable () -> Bool = { true }) {
        self.configuration = configuration
        self.staticFiles = StaticFiles(root: configuration.publicDirectory)
        self.metrics = metrics
        self.isReady = isReady
        let maxAge = configuration.maxAge
        self.pictures = PictureEndpoint(memo: PreparedPictures(bytes: configuration.preparedRequestBytes),
                                        cache: cache, metrics: metrics) { tag in
            Self.cacheableFields(entityTag: tag, crossOrigin: true, maxAge: maxAge)
        }
    }

    /// Encoded images by canonical key; nil renders every time.
    var cache: ImageCache? { pictures.cache }

    /// Routes the request once: health checks, 304s and cached pictures are answered at once;
    /// pictures to draw are work that costs what their size says; `/symbols`, `/metrics` and
    /// static files are a worker's (file reads, gzip, the metrics' text).
    public func plan(for request: HTTPRequest) -> HTTPResponsePlan {
        if request.method == "OPTIONS" { return .answer(Self.options(request)) }
        let found = ToggleRoute.route(for: request)
        guard configuration.listener.serves(found) else { return .answer(notOnThisListener(request)) }
        guard let route = found else {
            return .work(.onWorker { staticFile(request).annotated(route: "static") })
        }
        switch route.target {
        case .toggle(let format, let scale):
            return pictures.plan(request, route: .toggle, format: format, impliedScale: scale)
        case .row(let format):
            return pictures.plan(request, route: .row, format: format, impliedScale: nil)
        case .card(let format):
            return pictures.plan(request, route: .card, format: format, impliedScale: nil)
        case .healthz:
            return .answer(Self.text(status: 200, "ok\n").annotated(route: "healthz"))
        case .readyz:
            return .answer((isReady() ? Self.text(status: 200, "ready\n")
                : Self.error(status: 503, message: "not ready: starting or draining")).annotated(route: "readyz"))
        case .symbols:
            return .work(.onWorker { symbols(request) })
        case .metrics:
            return .work(.onWorker { metricsText() })
        }
    }

    /// The whole answer on the calling thread (what a worker would send): for the `render`
    /// command and tests.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        switch plan(for: request) {
        case .answer(let response): return response
        case .work(let work): return work.answer()
        }
    }

    /// The 404 of a route another listener answers, saying which.
    func notOnThisListener(_ request: HTTPRequest) -> HTTPResponse {
        let hint = configuration.listener == .adminPort
            ? " (the admin port answers /metrics, /healthz and /readyz)" : " (/metrics is on the admin port)"
        return Self.error(status: 404, message: "not found: \(request.path)" + hint).annotated(route: "static")
    }

    func metricsText() -> HTTPResponse {
        var fields = HTTPFields()
        fields.append(name: "Content-Type", value: PrometheusText.contentType)
        fields.append(name: "Cache-Control", value: "no-store")
        return HTTPResponse(status: 200, headers: fields, body: Array((metrics?.text() ?? "").utf8))
            .annotated(route: "metrics")
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
        if PictureEndpoint.isNotModified(request, entityTag: tag) {
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
        Self.cacheableFields(entityTag: entityTag, crossOrigin: crossOrigin, revalidate: revalidate,
                             maxAge: configuration.maxAge)
    }

    static func cacheableFields(entityTag: String, crossOrigin: Bool, revalidate: Bool = false,
                                maxAge: Int) -> HTTPFields {
        var fields = HTTPFields()
        fields.reserveCapacity(7)  // these four, X-Ignored-Params or Vary, CSP, Content-Type
        fields.append(name: "ETag", value: entityTag)
        fields.append(name: "Cache-Control", value: revalidate ? "no-cache"
                          : maxAge == 86_400 ? "public, max-age=86400" : "public, max-age=\(maxAge)")
        if crossOrigin { fields.append(name: "Access-Control-Allow-Origin", value: "*") }
        fields.append(name: "X-Content-Type-Options", value: "nosniff")
        return fields
    }

    func staticFile(_ request: HTTPRequest) -> HTTPResponse {
        guard let file = staticFiles.file(forPath: request.path) else {
            return Self.error(status: 404, message: "not found: \(request.path)" + PictureFile.hint(forMissing: request.path))
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
