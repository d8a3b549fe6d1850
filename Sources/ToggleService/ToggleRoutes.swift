/// The service's one route table (docs/design-facts.md section 4), read by both the inline path
/// (`respondImmediately`, on the event loop thread) and the queued path (`respond`): each route
/// says what it serves and whether it may be answered inline.
struct ToggleRoute: Equatable, Sendable {
    enum Target: Equatable, Sendable {
        /// A toggle picture; `impliedScale` from an `@Nx` path.
        case toggle(ImageFormat, impliedScale: Double?)
        /// A settings row or a card of rows (issue 14): text is laid out while parsing, so these
        /// are never answered inline.
        case row(ImageFormat), card(ImageFormat)
        case symbols, healthz, readyz, metrics
    }

    /// Whether the event loop thread may answer it, which must cost no rendering or file reading.
    enum Inline: Equatable, Sendable {
        /// Always (constant answers).
        case always
        /// Only when neither parsing nor rendering is needed: a query parsed before whose image
        /// is cached, or its 304.
        case whenCached
        /// Never: it goes to the worker queue.
        case never
    }

    var target: Target
    var inline: Inline

    /// Exact paths. `/toggle@Nx.png` (N = 1...4) is matched apart; there is no `@Nx.svg`
    /// (an SVG's intrinsic size follows `scale`).
    static let exact: [String: ToggleRoute] = [
        "/toggle": ToggleRoute(target: .toggle(.png, impliedScale: nil), inline: .whenCached),
        "/toggle.png": ToggleRoute(target: .toggle(.png, impliedScale: nil), inline: .whenCached),
        "/toggle.svg": ToggleRoute(target: .toggle(.svg, impliedScale: nil), inline: .whenCached),
        "/row": ToggleRoute(target: .row(.png), inline: .never),
        "/row.png": ToggleRoute(target: .row(.png), inline: .never),
        "/row.svg": ToggleRoute(target: .row(.svg), inline: .never),
        "/card": ToggleRoute(target: .card(.png), inline: .never),
        "/card.png": ToggleRoute(target: .card(.png), inline: .never),
        "/card.svg": ToggleRoute(target: .card(.svg), inline: .never),
        "/symbols": ToggleRoute(target: .symbols, inline: .never),
        "/healthz": ToggleRoute(target: .healthz, inline: .always),
        "/readyz": ToggleRoute(target: .readyz, inline: .always),
        "/metrics": ToggleRoute(target: .metrics, inline: .never),
    ]

    /// The route for `path`, or nil: a static file (or 404).
    static func route(for path: String) -> ToggleRoute? {
        if let route = exact[path] { return route }
        guard let scale = impliedScale(path: path) else { return nil }
        return ToggleRoute(target: .toggle(.png, impliedScale: scale), inline: .whenCached)
    }

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
