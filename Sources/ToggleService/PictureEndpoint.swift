import ImageWriters
import HTTPServer
import Observability
import QueryLanguage
import Utilities

/// The one endpoint of every picture route (`/toggle`, `/row`, `/card`, PNG or SVG): the memo of
/// parsed requests, then the ETag and its 304, then the image cache with single flight, then the
/// render, then the response with its head serialized once. Plans answer a request the memo and
/// the cache know at once; the rest is `HTTPWork` whose cost says where it runs.
struct PictureEndpoint: Sendable {
    /// Parsed requests by target.
    let memo: PreparedPictures
    /// Encoded images by canonical key; nil renders every time.
    let cache: ImageCache?
    let metrics: ServiceMetrics?
    /// Makes ETag, Cache-Control, CORS and nosniff fields (`ToggleResponder.cacheableFields`).
    let cacheableFields: @Sendable (_ entityTag: String) -> HTTPFields

    /// What making a still costs per pixel, seconds (`Benchmarks/profile/uncached-callgrind.sh`
    /// at scales 1 and 2); zlib's level steps up with the size, so larger pictures cost more than this says and go to a worker
    /// anyway (`HTTPServerConfiguration.maxLoopWorkSeconds`, 0.48 ms, admits 12,000 px: scales 1
    /// and 2 of the switch styles at the default size with a few pt of padding).
    static let secondsPerPixel = 0.000_000_04

    /// What parsing a short `/toggle` query costs, seconds: far under the loop's bound, so a new
    /// query is parsed on the loop (and drawn there too when small). Rows and cards lay text out
    /// while parsing (HarfBuzz), so theirs are parsed on a worker.
    static let toggleParseSeconds = 0.000_02

    /// The plan for a picture request: a 304 or the cached image when the memo knows the target
    /// (no parsing), else work that parses and draws.
    func plan(_ request: HTTPRequest, route: PictureRoute, format: ImageFormat,
              impliedScale: Double?) -> HTTPResponsePlan {
        if let held = memo.held(for: request) {
            let answer = answerWithoutDrawing(request, held.entry, readyHead: held.readyHead)
            if let answer { return .answer(answer) }
            return .work(drawing(held.entry))
        }
        let parse = route == .toggle && request.targetUTF8.count <= PreparedPictures.maxTargetBytes
            ? Self.toggleParseSeconds : .infinity
        return .work(HTTPWork(estimatedSeconds: parse) { onEventLoop in
            prepareAndDraw(request, route: route, format: format, impliedScale: impliedScale, onEventLoop: onEventLoop)
        })
    }

    /// A 304 when If-None-Match matches, the cached image (with its ready head, `readyHead` when
    /// made for a body of its length) when the cache holds it, else nil.
    func answerWithoutDrawing(_ request: HTTPRequest, _ entry: PreparedPicture, readyHead: ReadyHead?) -> HTTPResponse? {
        if Self.isNotModified(request, entityTag: entry.entityTag) {
            return HTTPResponse(status: 304, headers: entry.fields).annotated(route: entry.picture.route.rawValue)
        }
        guard let cache, let key = entry.cacheKey, let body = cache.cachedValue(for: key) else { return nil }
        // The common case: the same answer as last time, head already serialized (only Date and
        // Connection, which the server adds, differ between requests).
        if let head = readyHead, head.bodyLength == body.count {
            var response = HTTPResponse(status: 200, headers: head.fields, content: body, serializedHead: head.bytes)
            response.annotations = entry.picture.route.annotations(.hit)
            return response
        }
        var response = Self.image(body, entry, outcome: .hit)
        response.serializeHead()
        if let head = response.serializedHead {
            memo.keepReadyHead(ReadyHead(fields: response.headers, bytes: head, bodyLength: body.count), for: entry,
                               of: request)
        }
        return response
    }

    /// Parses (on the event loop without the "did you mean" search of an unknown symbol, which
    /// then goes to a worker: `SuggestionSearch`), answers a 400 or a 304, then plans the drawing.
    func prepareAndDraw(_ request: HTTPRequest, route: PictureRoute, format: ImageFormat, impliedScale: Double?,
                        onEventLoop: Bool) -> HTTPResponsePlan {
        let entry: PreparedPicture
        if onEventLoop {
            let (outcome, searchNeeded) = SuggestionSearch.deferring { () -> Result<PreparedPicture, ParameterError> in
                do throws(ParameterError) {
                    return .success(try prepare(request, route: route, format: format, impliedScale: impliedScale))
                } catch {
                    return .failure(error)
                }
            }
            if searchNeeded {
                return .work(HTTPWork(estimatedSeconds: .infinity) { _ in
                    prepareAndDraw(request, route: route, format: format, impliedScale: impliedScale, onEventLoop: false)
                })
            }
            switch outcome {
            case .failure(let error): return .answer(ToggleResponder.parameterError(error).annotated(route: route.rawValue))
            case .success(let prepared): entry = prepared
            }
        } else {
            do {
                entry = try prepare(request, route: route, format: format, impliedScale: impliedScale)
            } catch {
                return .answer(ToggleResponder.parameterError(error).annotated(route: route.rawValue))
            }
        }
        if Self.isNotModified(request, entityTag: entry.entityTag) {
            return .answer(HTTPResponse(status: 304, headers: entry.fields).annotated(route: route.rawValue))
        }
        return .work(drawing(entry))
    }

    /// The work that draws `entry`'s picture (or finds it in the cache): on the event loop, when
    /// another thread is making the same image, waiting for it is a worker's.
    func drawing(_ entry: PreparedPicture) -> HTTPWork {
        HTTPWork(estimatedSeconds: entry.estimatedSeconds) { onEventLoop in
            if let response = image(for: entry, waiting: !onEventLoop) { return .answer(response) }
            return .work(HTTPWork(estimatedSeconds: .infinity) { _ in .answer(image(for: entry, waiting: true)!) })
        }
    }

    /// The query parsed, keyed and tagged, and kept in the memo for the request's target.
    /// (Typed throws rather than a `Result`: a `Result` holding a `ParameterError`'s four strings
    /// went through value witnesses on every request: Benchmarks/profile/svg-callgrind.sh.)
    /// - Throws: `ParameterError` for a query the route or the format cannot take.
    func prepare(_ request: HTTPRequest, route: PictureRoute, format: ImageFormat,
                 impliedScale: Double?) throws(ParameterError) -> PreparedPicture {
        let picture = try route.parse(request.query, format: format, impliedScale: impliedScale)
        // One FNV-1a of the key's bytes gives both the ETag and the image cache's hash.
        let key = picture.canonicalKey
        let keyHash = key.withUnsafeBufferPointer { StableHash.fnv1a($0) }
        let tag = EntityTag.strong(fnv1a: keyHash)
        var fields = cacheableFields(tag)
        if let ignored = picture.ignoredFieldValue { fields.append(name: "X-Ignored-Params", value: ignored) }
        if format == .svg {
            // An SVG opened as a document can do nothing but draw (its <style> and its colour
            // emoji, <image>s of data: URIs, included).
            fields.append(name: "Content-Security-Policy",
                          value: "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
        }
        let seconds = picture.stillPixels.map { Double($0) * Self.secondsPerPixel } ?? .infinity
        let entry = PreparedPicture(picture: picture, estimatedSeconds: seconds, key: cache == nil ? nil : key,
                                    keyHash: keyHash, entityTag: tag, fields: fields)
        memo.insert(entry, for: request)
        return entry
    }

    /// The image response for `entry`: from the cache, else drawn and encoded (and stored).
    /// `waiting`: wait for another thread making the same image (`ImageCache.value(for:make:)`);
    /// when false (the event loop), nil instead of waiting (`valueWithoutWaiting`). A render error
    /// is a 500.
    func image(for entry: PreparedPicture, waiting: Bool) -> HTTPResponse? {
        let made: (body: HTTPBody, outcome: ImageCache.Outcome)?
        do {
            // Closures written at the calls: their context stays on the stack.
            if let cache, let key = entry.cacheKey {
                made = waiting ? try cache.value(for: key) { try render(entry.picture) }
                    : try cache.valueWithoutWaiting(for: key) { try render(entry.picture) }
            } else {
                made = (.bytes(try render(entry.picture)), .miss)
            }
        } catch {
            return ToggleResponder.error(status: 500, message: "render failed: \(error)")
                .annotated(route: entry.picture.route.rawValue)
        }
        return made.map { Self.image($0.body, entry, outcome: $0.outcome) }
    }

    /// The picture drawn and encoded, its time observed.
    func render(_ picture: any PictureRequest) throws(ToggleImageError) -> [UInt8] {
        let start = MonotonicClock.now()
        let bytes = try picture.bytes()
        metrics?.observeRender(seconds: MonotonicClock.now() - start)
        return bytes
    }

    static func image(_ body: HTTPBody, _ entry: PreparedPicture, outcome: ImageCache.Outcome) -> HTTPResponse {
        var fields = entry.fields
        fields.append(name: "Content-Type", value: entry.picture.format.contentType)
        var response = HTTPResponse(status: 200, headers: fields)
        response.content = body
        response.annotations = entry.picture.route.annotations(outcome)
        return response
    }

    /// Whether the request's If-None-Match matches `entityTag` (RFC 9110 section 13.1.2).
    static func isNotModified(_ request: HTTPRequest, entityTag: String) -> Bool {
        guard let condition = request.combinedField(named: "If-None-Match") else { return false }
        return EntityTag.ifNoneMatch(condition, matches: entityTag)
    }
}
