import QueryLanguage
import TogglePicture

/// A parsed request for a picture (`/toggle`, `/row`, `/card` in PNG or SVG): what the one
/// picture endpoint (`PictureEndpoint`) needs to key, cache, tag and make it.
protocol PictureRequest: Sendable {
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
    /// The picture's bytes in `format`.
    /// - Throws: `ToggleImageError` when it cannot be drawn or encoded.
    func bytes() throws(ToggleImageError) -> [UInt8]
}

/// The picture routes, with their annotations.
enum PictureRoute: String, Sendable {
    case toggle, row, card

    /// Parses `rawQuery` for this route in `format` (`impliedScale`: a `/toggle@Nx.png` path's).
    /// - Throws: `ParameterError` for anything the query or the format cannot give.
    func parse(_ rawQuery: String?, format: ImageFormat, impliedScale: Double?) throws(ParameterError)
        -> any PictureRequest {
        switch self {
        case .toggle:
            let query = try ToggleQuery(rawQuery: rawQuery, impliedScale: impliedScale)
            try query.check(for: format)
            return ToggleRequest(query: query, format: format)
        case .row:
            let query = try RowQuery(rawQuery: rawQuery)
            try query.check(for: format)
            return RowRequest(query: query, format: format)
        case .card:
            let query = try CardQuery(rawQuery: rawQuery)
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

/// `/toggle`, `/toggle.png`, `/toggle@Nx.png`, `/toggle.svg`.
struct ToggleRequest: PictureRequest {
    let picture: ToggleImage.Picture
    let stillPixels: Int?
    let ignoredFieldValue: String?

    init(query: ToggleQuery, format: ImageFormat) {
        picture = ToggleImage.Picture(query: query, format: format)
        let size = query.stillSize ?? (query.animation == nil ? PictureSize.of(query.spec) : nil)
        stillPixels = size.map { $0.width * $0.height }
        ignoredFieldValue = query.ignoredFieldValue
    }

    var route: PictureRoute { .toggle }
    var format: ImageFormat { picture.format }
    var canonicalKey: [UInt8] { picture.canonicalKeyBytes }
    func bytes() throws(ToggleImageError) -> [UInt8] { try ToggleImage.bytes(for: picture) }
}

/// `/row`, `/row.png`, `/row.svg`.
struct RowRequest: PictureRequest {
    let query: RowQuery
    let format: ImageFormat

    var route: PictureRoute { .row }
    var stillPixels: Int? { query.animation == nil ? query.canvasSize.width * query.canvasSize.height : nil }
    var ignoredFieldValue: String? { ignoredFieldValue(query.ignored) }

    var canonicalKey: [UInt8] {
        CanonicalKey.row(label: query.label, width: query.width, spec: query.spec, format: format.rawValue,
                         followsColorScheme: query.followsColorScheme, animation: query.animation)
    }

    func bytes() throws(ToggleImageError) -> [UInt8] { try RowImage.bytes(query, format: format) }
}

/// `/card`, `/card.png`, `/card.svg`.
struct CardRequest: PictureRequest {
    let query: CardQuery
    let format: ImageFormat

    var route: PictureRoute { .card }
    var stillPixels: Int? { query.pixelSize.width * query.pixelSize.height }
    var ignoredFieldValue: String? { ignoredFieldValue(query.ignored) }

    var canonicalKey: [UInt8] {
        CanonicalKey.card(width: query.width, scale: query.scale, size: query.size, appearance: query.appearance,
                          format: format.rawValue, followsColorScheme: query.followsColorScheme,
                          rows: query.rows.map { ($0.label, $0.spec) })
    }

    func bytes() throws(ToggleImageError) -> [UInt8] { try RowImage.bytes(query, format: format) }
}

extension PictureRequest {
    /// `ignored` as `X-Ignored-Params`: names separated by ", ", each percent-encoded but for
    /// RFC 3986 unreserved characters; nil when nothing was ignored.
    func ignoredFieldValue(_ ignored: [String]) -> String? {
        ignored.isEmpty ? nil : ignored.map(QueryDecoder.percentEncode).joined(separator: ", ")
    }
}
