import HTTPServer
import TogglePicture
import Utilities

/// `/row` and `/card` (issue 14): parsed (every bad input a 400 before any drawing), keyed,
/// cached and answered like `/toggle`.
extension ToggleResponder {
    /// Bumped whenever the pixels of rows and cards change for the same query; part of their keys.
    static let rowRendererVersion = "t1"

    func row(_ request: HTTPRequest) -> HTTPResponse {
        let query: RowQuery
        do {
            query = try RowQuery(rawQuery: request.query)
        } catch {
            return Self.parameterError(error).annotated(route: "row")
        }
        let key = Self.rowKey(query)
        return picture(request, key: key, ignored: query.ignored, route: "row") { () throws(ToggleImageError) in
            try RowImage.png(query)
        }
    }

    func card(_ request: HTTPRequest) -> HTTPResponse {
        let query: CardQuery
        do {
            query = try CardQuery(rawQuery: request.query)
        } catch {
            return Self.parameterError(error).annotated(route: "card")
        }
        let key = Self.cardKey(query)
        return picture(request, key: key, ignored: query.ignored, route: "card") { () throws(ToggleImageError) in
            try RowImage.png(query)
        }
    }

    /// Equal for two row queries exactly when they draw the same picture.
    static func rowKey(_ query: RowQuery) -> String {
        ["row", rowRendererVersion, JSON.string(query.label), "\(query.width)", query.spec.canonicalKey].joined(separator: "|")
    }

    /// Equal for two card queries exactly when they draw the same picture.
    static func cardKey(_ query: CardQuery) -> String {
        (["card", rowRendererVersion, "\(query.width)", "\(query.scale)", query.size.rawValue, query.appearance.rawValue]
            + query.rows.map { JSON.string($0.label) + "|" + $0.spec.canonicalKey }).joined(separator: "|")
    }

    /// A cacheable image response for `key`: 304 on a matching If-None-Match, else the bytes
    /// from the image cache or `make`.
    func picture(_ request: HTTPRequest, key: String, ignored: [String], route: String,
                 make: () throws(ToggleImageError) -> [UInt8]) -> HTTPResponse {
        let tag = EntityTag.strong(hashing: key.utf8)
        var fields = cacheableFields(entityTag: tag, crossOrigin: true)
        if !ignored.isEmpty {
            fields.append(name: "X-Ignored-Params", value: ignored.map(QueryDecoder.percentEncode).joined(separator: ", "))
        }
        if Self.isNotModified(request, entityTag: tag) {
            return HTTPResponse(status: 304, headers: fields).annotated(route: route)
        }
        let png: [UInt8]
        let outcome: ImageCache.Outcome
        func timed() throws(ToggleImageError) -> [UInt8] {
            let start = MonotonicClock.now()
            let bytes = try make()
            metrics?.observeRender(seconds: MonotonicClock.now() - start)
            return bytes
        }
        do {
            if let cache {
                (png, outcome) = try cache.value(for: key, make: timed)
            } else {
                (png, outcome) = (try timed(), .miss)
            }
        } catch {
            return Self.error(status: 500, message: "render failed: \(error)").annotated(route: route)
        }
        return Self.image(png, fields: fields, outcome: outcome).annotated(route: route)
    }
}
