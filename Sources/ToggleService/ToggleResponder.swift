import HTTPServer

/// The service's routes (DESIGN.md section 4):
/// - `GET|HEAD /toggle`, `/toggle.png`, `/toggle@Nx.png` (N = 1...4): the PNG;
/// - `/symbols`: JSON list of every symbol name with its icon, licence and author;
/// - `/healthz` (liveness), `/readyz` (readiness);
/// - anything else: a static file from the public directory, or 404.
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
    /// Whether the service is ready for traffic (false while starting or draining).
    let isReady: @Sendable () -> Bool

    public init(configuration: Configuration, isReady: @escaping @Sendable () -> Bool = { true }) {
        self.configuration = configuration
        self.staticFiles = StaticFiles(root: configuration.publicDirectory)
        self.isReady = isReady
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            var fields = HTTPFields()
            fields.append(name: "Allow", value: "GET, HEAD")
            return Self.error(status: 405, message: "method not allowed", fields: fields)
        }
        switch request.path {
        case "/toggle", "/toggle.png":
            return toggle(request, impliedScale: nil)
        case "/symbols":
            return symbols(request)
        case "/healthz":
            return Self.text(status: 200, "ok\n")
        case "/readyz":
            return isReady() ? Self.text(status: 200, "ready\n") : Self.text(status: 503, "draining\n")
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
        let query: ToggleQuery
        do {
            query = try ToggleQuery(rawQuery: request.query, impliedScale: impliedScale)
        } catch {
            return Self.parameterError(error)
        }
        var fields = HTTPFields()
        if !query.ignored.isEmpty {
            fields.append(name: "X-Ignored-Params", value: query.ignored.joined(separator: ", "))
        }
        let tag = query.spec.entityTag
        fields.append(name: "ETag", value: tag)
        fields.append(name: "Cache-Control", value: "public, max-age=\(configuration.maxAge)")
        fields.append(name: "Access-Control-Allow-Origin", value: "*")
        fields.append(name: "X-Content-Type-Options", value: "nosniff")
        if let condition = request.headers["If-None-Match"], EntityTag.ifNoneMatch(condition, matches: tag) {
            return HTTPResponse(status: 304, headers: fields)
        }
        let png: [UInt8]
        do {
            png = try ToggleImage.png(for: query.spec)
        } catch {
            return Self.error(status: 500, message: "render failed: \(error)")
        }
        fields.append(name: "Content-Type", value: "image/png")
        return HTTPResponse(status: 200, headers: fields, body: png)
    }

    /// `/symbols`: every symbol name with its MDI icon, licence and author, as JSON.
    func symbols(_ request: HTTPRequest) -> HTTPResponse {
        var fields = HTTPFields()
        let tag = SymbolCatalog.entriesEntityTag
        fields.append(name: "ETag", value: tag)
        fields.append(name: "Cache-Control", value: "public, max-age=\(configuration.maxAge)")
        fields.append(name: "Access-Control-Allow-Origin", value: "*")
        fields.append(name: "X-Content-Type-Options", value: "nosniff")
        if let condition = request.headers["If-None-Match"], EntityTag.ifNoneMatch(condition, matches: tag) {
            return HTTPResponse(status: 304, headers: fields)
        }
        fields.append(name: "Content-Type", value: "application/json")
        return HTTPResponse(status: 200, headers: fields, body: SymbolCatalog.entriesJSON)
    }

    func staticFile(_ request: HTTPRequest) -> HTTPResponse {
        guard let file = staticFiles.file(forPath: request.path) else {
            return Self.error(status: 404, message: "not found: \(request.path)")
        }
        var fields = HTTPFields()
        fields.append(name: "ETag", value: file.entityTag)
        fields.append(name: "Cache-Control", value: "public, max-age=\(configuration.maxAge)")
        fields.append(name: "X-Content-Type-Options", value: "nosniff")
        if let condition = request.headers["If-None-Match"], EntityTag.ifNoneMatch(condition, matches: file.entityTag) {
            return HTTPResponse(status: 304, headers: fields)
        }
        fields.append(name: "Content-Type", value: file.contentType)
        return HTTPResponse(status: 200, headers: fields, body: file.contents)
    }

    /// A 400 with the JSON body of DESIGN.md section 4.
    static func parameterError(_ error: ParameterError) -> HTTPResponse {
        var fields = HTTPFields()
        fields.append(name: "Content-Type", value: "application/json")
        fields.append(name: "Cache-Control", value: "no-store")
        fields.append(name: "Access-Control-Allow-Origin", value: "*")
        return HTTPResponse(status: 400, headers: fields, body: Array((error.json + "\n").utf8))
    }

    static func error(status: Int, message: String, fields: HTTPFields = HTTPFields()) -> HTTPResponse {
        var fields = fields
        fields.append(name: "Content-Type", value: "application/json")
        fields.append(name: "Cache-Control", value: "no-store")
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
