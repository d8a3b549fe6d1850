import ImageWriters
import QueryLanguage
import TogglePicture

/// A parsed request for a picture (`/toggle`, `/row`, `/card` in PNG or SVG): what the one
/// picture endpoint (`PictureEndpoint`) needs to key, cache, tag and make it.
public protocol PictureRequest: Sendable {
    /// The `route` annotation of its responses: `toggle`, `row` or `card`.
    var route: PictureRoute { get }
    var format: ImageFormat { get }
    /// Equal for two requests exactly when their bytes are equal (`CanonicalKey`): the image
    /// cache's key, whose FNV-1a is the ETag.
    var canonicalKey: [UInt8] { get }
    /// The picture's size in px when it is a still (what making it costs grows with it), nil for
    /// an animation, which draws and compresses every frame.
    var stillPixels: Int? { get }
    /// The names of ignored parameters as `X-Ignored-Params` carries them, nil for none.
    var ignoredFieldValue: String? { get }
    /// What the picture shows in `format`: a still, a light/dark pair or an animation's frames.
    /// - Throws: `ToggleRenderError` when it cannot be laid out (a symbol that cannot be drawn).
    func scenes() throws(ToggleRenderError) -> PictureScenes
}

/// The picture routes, with their annotations.
public enum PictureRoute: String, Sendable {
    case toggle, row, card

    /// Parses `rawQuery` for this route in `format` (`impliedScale`: a `/toggle@Nx.png` path's).
    /// - Throws: `ParameterError` for anything the query or the format cannot give.
    public func parse(_ rawQuery: String?, format: ImageFormat, impliedScale: Double?) throws(ParameterError)
        -> any PictureRequest {
        switch self {
        case .toggle:
            let query = try ToggleQuery(rawQuery: rawQuery, impliedScale: impliedScale, format: format)
            try query.check(for: format)
            return ToggleRequest(query: query, format: format)
        case .row:
            let query = try RowQuery(rawQuery: rawQuery, format: format)
            try query.check(for: format)
            return RowRequest(query: query, format: format)
        case .card:
            let query = try CardQuery(rawQuery: rawQuery, format: format)
            try query.check(for: format)
            return CardRequest(query: query, format: format)
        }
    }

    /// The annotations of an image response by cache outcome, made once per route and outcome
    /// (a dictionary literal per response was an allocation on the cached path).
    func annotations(_ outcome: ImageCache.Outcome) -> [String: String] {
        Self.annotationTable[index * 3 + (outcome == .hit ? 0 : outcome == .miss ? 1 : 2)]
    }

    private var index: Int { self == .toggle ? 0 : self == .row ? 1 : 2 }

    private static let annotationTable: [[String: String]] = [toggle, row, card].flatMap { route in
        ["hit", "miss", "coalesced"].map { ["route": route.rawValue, "cache": $0] }
    }
}

extension PictureRequest {
    /// The picture's bytes in `format` (`SceneEncoder`, the one way from scenes to bytes).
    /// - Throws: `ToggleImageError` when it cannot be laid out, drawn or encoded.
    public func bytes() throws(ToggleImageError) -> [UInt8] {
        let scenes: PictureScenes
        do { scenes = try self.scenes() } catch { throw .render(error) }
        do { return try SceneEncoder.bytes(scenes, format: format) } catch { throw ToggleImageError(error) }
    }

    /// `ignored` as `X-Ignored-Params`: names separated by ", ", each percent-encoded but for
    /// RFC 3986 unreserved characters; nil when nothing was ignored.
    func ignoredFieldValue(_ ignored: [String]) -> String? {
        ignored.isEmpty ? nil : ignored.map(QueryDecoder.percentEncode).joined(separator: ", ")
    }
}
