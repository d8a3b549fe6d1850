import HTTPServer
import TogglePicture
import Utilities
import QueryLanguage

/// `/row` and `/card`, PNG or SVG: parsed (every bad input a 400 before any drawing),
/// keyed, cached and answered like `/toggle`.
extension ToggleResponder {
    /// Bumped whenever the pixels of rows and cards change for the same query; part of their keys.
    static let rowRendererVersion = "t2"

    func row(_ request: HTTPRequest, format: ImageFormat) -> HTTPResponse {
        let query: RowQuery
        do {
            query = try RowQuery(rawQuery: request.query)
            try query.check(for: format)
        } catch {
            return Self.parameterError(error).annotated(route: "row")
        }
        return picture(request, key: Self.rowKey(query, format: format), format: format, ignored: query.ignored,
                       route: "row") { () throws(ToggleImageError) in
            try RowImage.bytes(query, format: format)
        }
    }

    func card(_ request: HTTPRequest, format: ImageFormat) -> HTTPResponse {
        let query: CardQuery
        do {
            query = try CardQuery(rawQuery: request.query)
            try query.check(for: format)
        } catch {
            return Self.parameterError(error).annotated(route: "card")
        }
        return picture(request, key: Self.cardKey(query, format: format), format: format, ignored: query.ignored,
                       route: "card") { () throws(ToggleImageError) in
            try RowImage.bytes(query, format: format)
        }
    }

    /// Equal for two row queries exactly when they give the same bytes.
    static func rowKey(_ query: RowQuery, format: ImageFormat) -> String {
        ["row", rowRendererVersion, JSON.string(query.label), "\(query.width)", query.spec.canonicalKey,
         format.rawValue + (query.followsColorScheme ? ";auto" : "")].joined(separator: "|")
            + (query.animation.map(animationKey) ?? "")
    }

    /// What an animation adds to its picture's key (as `ToggleImage.Picture.canonicalKey`): the
    /// `from` still's key (its colours and symbol show in the frames), the motion, fps and loop.
    static func animationKey(_ animation: ToggleAnimation) -> String {
        let t = animation.transition
        return ["", "animate", t.fromSpec.canonicalKey, t.motion.curve.rawValue, "\(t.motion.framesPerSecond)",
                animation.loops ? "loop" : "once"].joined(separator: "|")
    }

    /// Equal for two card queries exactly when they give the same bytes.
    static func cardKey(_ query: CardQuery, format: ImageFormat) -> String {
        (["card", rowRendererVersion, "\(query.width)", "\(query.scale)", query.size.rawValue, query.appearance.rawValue,
          format.rawValue + (query.followsColorScheme ? ";auto" : "")]
            + query.rows.map { JSON.string($0.label) + "|" + $0.spec.canonicalKey }).joined(separator: "|")
    }

    /// A cacheable image response for `key`: 304 on a matching If-None-Match, else the bytes
    /// from the image cache or `make`.
    func picture(_ request: HTTPRequest, key: String, format: ImageFormat, ignored: [String], route: String,
                 make: () throws(ToggleImageError) -> [UInt8]) -> HTTPResponse {
        let tag = EntityTag.strong(hashing: key.utf8)
        var fields = cacheableFields(entityTag: tag, crossOrigin: true)
        if !ignored.isEmpty {
            fields.append(name: "X-Ignored-Params", value: ignored.map(QueryDecoder.percentEncode).joined(separator: ", "))
        }
        if format == .svg {
            // An SVG opened as a document can do nothing but draw (its <style> included).
            fields.append(name: "Content-Security-Policy", value: "default-src 'none'; style-src 'unsafe-inline'")
        }
        if Self.isNotModified(request, entityTag: tag) {
            return HTTPResponse(status: 304, headers: fields).annotated(route: route)
        }
        func timed() throws(ToggleImageError) -> [UInt8] {
            let start = MonotonicClock.now()
            let bytes = try make()
            metrics?.observeRender(seconds: MonotonicClock.now() - start)
            return bytes
        }
        let bytes: [UInt8]
        let outcome: ImageCache.Outcome
        do {
            if let cache {
                (bytes, outcome) = try cache.value(for: key, make: timed)
            } else {
                (bytes, outcome) = (try timed(), .miss)
            }
        } catch {
            return Self.error(status: 500, message: "render failed: \(error)").annotated(route: route)
        }
        fields.append(name: "Content-Type", value: format.contentType)
        var response = HTTPResponse(status: 200, headers: fields, body: bytes)
        response.annotations = ["route": route, "cache": outcome.rawValue]
        return response
    }
}
