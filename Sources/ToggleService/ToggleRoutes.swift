import ImageWriters
import HTTPServer
#if canImport(Glibc)
import Glibc
import QueryLanguage
#endif

/// The service's one route table (docs/design-facts.md section 4), read once per request by
/// `ToggleResponder.plan(for:)`: what each path serves.
struct ToggleRoute: Equatable, Sendable {
    enum Target: Equatable, Sendable {
        /// A toggle picture; `impliedScale` from an `@Nx` path.
        case toggle(ImageFormat, impliedScale: Double?)
        /// A settings row or a card of rows.
        case row(ImageFormat), card(ImageFormat)
        case symbols, healthz, readyz, metrics
    }

    var target: Target

    /// Exact paths. `/toggle@Nx.png` (N = 1...4) is matched apart; there is no `@Nx.svg`
    /// (an SVG's intrinsic size follows `scale`).
    static let exact: [String: ToggleRoute] = [
        "/toggle": ToggleRoute(target: .toggle(.png, impliedScale: nil)),
        "/toggle.png": ToggleRoute(target: .toggle(.png, impliedScale: nil)),
        "/toggle.svg": ToggleRoute(target: .toggle(.svg, impliedScale: nil)),
        "/row": ToggleRoute(target: .row(.png)),
        "/row.png": ToggleRoute(target: .row(.png)),
        "/row.svg": ToggleRoute(target: .row(.svg)),
        "/card": ToggleRoute(target: .card(.png)),
        "/card.png": ToggleRoute(target: .card(.png)),
        "/card.svg": ToggleRoute(target: .card(.svg)),
        "/symbols": ToggleRoute(target: .symbols),
        "/healthz": ToggleRoute(target: .healthz),
        "/readyz": ToggleRoute(target: .readyz),
        "/metrics": ToggleRoute(target: .metrics),
    ]

    /// The route for `path`, or nil: a static file (or 404).
    static func route(for path: String) -> ToggleRoute? {
        if let route = exact[path] { return route }
        guard let scale = impliedScale(path: path) else { return nil }
        return ToggleRoute(target: .toggle(.png, impliedScale: scale))
    }

    /// The route for the request's path, as `route(for: request.path)`, found from the path's
    /// bytes: no `String` is made and none hashed (Benchmarks/serving/callgrind.sh).
    static func route(for request: HTTPRequest) -> ToggleRoute? {
        route(forPath: request.pathUTF8)
    }

    /// The route for a path given as bytes (still percent-encoded, as `exact`'s keys are).
    static func route(forPath path: ArraySlice<UInt8>) -> ToggleRoute? {
        path.withUnsafeBufferPointer { path -> ToggleRoute? in
            guard let base = path.baseAddress else { return nil }  // empty: no route
            let table = byLength
            if path.count < table.count {
                for entry in table[path.count] where memcmp(entry.path, base, path.count) == 0 {
                    return entry.route
                }
            }
            // `/toggle@Nx.png`, N = 1...4.
            guard path.count == 14, (UInt8(ascii: "1")...UInt8(ascii: "4")).contains(base[8]),
                  memcmp(base, scalePathPrefix, 8) == 0, memcmp(base + 9, scalePathSuffix, 5) == 0 else { return nil }
            let digit = base[8]
            return ToggleRoute(target: .toggle(.png, impliedScale: Double(digit - UInt8(ascii: "0"))))
        }
    }

    /// `exact` by the length of the path in bytes: the routes whose path has that many.
    private static let byLength: [[(path: [UInt8], route: ToggleRoute)]] = {
        var table = [[(path: [UInt8], route: ToggleRoute)]](repeating: [], count: exact.keys.map(\.utf8.count).max()! + 1)
        for (path, route) in exact.sorted(by: { $0.key < $1.key }) {
            table[path.utf8.count].append((Array(path.utf8), route))
        }
        return table
    }()
    private static let scalePathPrefix = Array("/toggle@".utf8)
    private static let scalePathSuffix = Array("x.png".utf8)

    /// The metrics' and access log's `route` label of a request the responder never saw (a 503 shed
    /// by the server's queue bound, whose response carries no `route` annotation), from its target
    /// as sent: the label the responder would have given it (`static` for paths outside the table).
    static func label(method: String, target: String) -> String {
        if method == "OPTIONS" { return "options" }
        let path = target.utf8.firstIndex(of: UInt8(ascii: "?")).map { String(target[..<$0]) } ?? target
        switch route(for: path)?.target {
        case .toggle: return "toggle"
        case .row: return "row"
        case .card: return "card"
        case .symbols: return "symbols"
        case .healthz: return "healthz"
        case .readyz: return "readyz"
        case .metrics: return "metrics"
        case nil: return "static"
        }
    }

    /// The scale of `/toggle@Nx.png` for N in 1...4, else nil.
    static func impliedScale(path: String) -> Double? {
        guard path.hasPrefix("/toggle@"), path.hasSuffix("x.png") else { return nil }
        let middle = path.dropFirst("/toggle@".count).dropLast("x.png".count)
        guard middle.count == 1, let n = Int(middle), (1...4).contains(n) else { return nil }
        return Double(n)
    }
}
