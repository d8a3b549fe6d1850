import ImageWriters
import QueryLanguage
import Utilities

/// A picture made without a server (`toggle-server render`): the bytes `GET PATH?QUERY` answers
/// with, parsed and made by the picture endpoint's own steps (`PictureRoute.parse`, then
/// `PictureRequest.bytes`), so the two cannot differ.
public enum PictureFile {
    /// Why no picture was made.
    public enum Failure: Error, Sendable {
        /// The path is not a picture route; the nearest one, if any is close.
        case unknownPath(String, suggestion: String?)
        /// The query (or the format) would get this 400 from the server.
        case parameter(ParameterError)
        /// Drawing or encoding failed.
        case image(ToggleImageError)
    }

    /// The picture routes' paths: `/toggle`, `/row` and `/card`, with `.png` and `.svg`, and
    /// `/toggle@1x.png` ... `/toggle@4x.png`.
    public static let paths: [String] = ["/toggle", "/row", "/card"].flatMap { [$0, $0 + ".png", $0 + ".svg"] }
        + (1...4).map { "/toggle@\($0)x.png" }

    /// The format `path` names by its ending (`.png`, `@2x.png`, `.svg`), nil when it names none
    /// (`/toggle`, `/row`, `/card`, which answer PNG).
    public static func format(of path: String) -> ImageFormat? {
        if path.hasSuffix(".svg") { return .svg }
        if path.hasSuffix(".png") { return .png }
        return nil
    }

    /// The bytes `GET path?rawQuery` answers with, in `format` (a path that names no format
    /// stands for its `.png` or `.svg` form), and the ignored parameters as `X-Ignored-Params`
    /// says them (nil: none).
    /// - Throws: `Failure` for a path that is no picture route, a query the server would refuse,
    ///   or a picture that cannot be made.
    public static func make(path: String, rawQuery: String?, format: ImageFormat) throws(Failure)
        -> (bytes: [UInt8], ignored: String?) {
        let full = Self.format(of: path) == nil ? path + "." + format.rawValue : path
        let pictureRoute: PictureRoute, routeFormat: ImageFormat, impliedScale: Double?
        switch ToggleRoute.route(for: full)?.target {
        case .toggle(let f, let scale)?: (pictureRoute, routeFormat, impliedScale) = (.toggle, f, scale)
        case .row(let f)?: (pictureRoute, routeFormat, impliedScale) = (.row, f, nil)
        case .card(let f)?: (pictureRoute, routeFormat, impliedScale) = (.card, f, nil)
        default: throw .unknownPath(path, suggestion: nearestPath(to: path))
        }
        let request: any PictureRequest
        do {
            request = try pictureRoute.parse(rawQuery, format: routeFormat, impliedScale: impliedScale)
        } catch {
            throw .parameter(error)
        }
        do {
            return (try request.bytes(), request.ignoredFieldValue)
        } catch {
            throw .image(error)
        }
    }

    /// What a 404 for `path` adds when it looks like a picture path: "; did you mean /toggle?"
    /// for a near miss (`/togle`, `/Toggle`, `/row.jpg`), and for `/toggle@2x.svg` that an SVG's
    /// size comes from `scale`, and for `/toggle@5x.png` which `@` forms there are; "" otherwise.
    public static func hint(forMissing path: String) -> String {
        if path.hasPrefix("/toggle@"), path.hasSuffix("x.svg") {
            let n = path.dropFirst("/toggle@".count).dropLast("x.svg".count)
            return "; an SVG has no @\(n)x form: scale=\(n) sets its size (/toggle.svg?scale=\(n))"
        }
        if path.hasPrefix("/toggle@"), path.hasSuffix("x.png") {
            return "; the @ forms are /toggle@1x.png to /toggle@4x.png: scale in the query takes "
                + "any number from 1 to 4 (/toggle.png?scale=1.5)"
        }
        return nearestPath(to: path).map { "; did you mean \($0)?" } ?? ""
    }

    /// The picture path `path` is probably a misspelling of (`/togle`, `/Card.svg`), by edit
    /// distance ignoring case, within 2 edits; nil when none is that close.
    static func nearestPath(to path: String) -> String? {
        let key = EditDistance.lowercasedASCII(path)
        guard key.count <= 64 else { return nil }
        var rows: [Int] = []
        var best: (distance: Int, path: String)?
        for candidate in paths {
            let d = EditDistance.distance(key, EditDistance.lowercasedASCII(candidate), bound: 2, rows: &rows)
            if d != Int.max, d < (best?.distance ?? Int.max) { best = (d, candidate) }
        }
        return best?.path
    }
}
