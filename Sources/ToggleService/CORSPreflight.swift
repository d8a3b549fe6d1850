import HTTPServer

extension ToggleResponder {
    /// How long a browser may reuse a preflight answer, in seconds (Firefox's cap is 86,400;
    /// Chromium caps at 7,200).
    static let preflightMaxAge = 86_400

    /// Whether `path` is an image route of the route table (`/toggle`, `/row`, `/card`, their
    /// `.png` and `.svg` forms, `@Nx.png`).
    static func isImageRoute(_ path: String) -> Bool {
        switch ToggleRoute.route(for: path)?.target {
        case .toggle?, .row?, .card?: return true
        default: return false
        }
    }

    /// `OPTIONS`: a CORS preflight (one with `Access-Control-Request-Method`, Fetch standard
    /// section 3.2.2) for an image route is a 204 that allows any origin, GET and HEAD, and the
    /// request headers asked for (so `fetch()` with custom headers works cross-origin), cached
    /// by the browser for `preflightMaxAge`. Any other OPTIONS is a 405 with `Allow: GET, HEAD`.
    /// Answered inline (it costs nothing) on either path.
    static func options(_ request: HTTPRequest) -> HTTPResponse {
        guard isImageRoute(request.path), request.headers["Access-Control-Request-Method"] != nil else {
            var fields = HTTPFields()
            fields.append(name: "Allow", value: "GET, HEAD")
            return error(status: 405, message: "405 Method Not Allowed: this service answers GET and HEAD, and OPTIONS only as a CORS preflight of an image route",
                         fields: fields).annotated(route: "options")
        }
        var fields = HTTPFields()
        fields.append(name: "Access-Control-Allow-Origin", value: "*")
        fields.append(name: "Access-Control-Allow-Methods", value: "GET, HEAD")
        let asked = request.headers["Access-Control-Request-Headers"] ?? ""
        fields.append(name: "Access-Control-Allow-Headers", value: isFieldNameList(asked) ? asked : "*")
        fields.append(name: "Access-Control-Max-Age", value: String(preflightMaxAge))
        fields.append(name: "Vary", value: "Access-Control-Request-Headers")
        fields.append(name: "Cache-Control", value: "public, max-age=\(preflightMaxAge)")
        return HTTPResponse(status: 204, headers: fields).annotated(route: "options")
    }

    /// A non-empty comma-separated list of field names (tokens, RFC 9110 section 5.1), as the
    /// `Access-Control-Request-Headers` of a browser looks.
    static func isFieldNameList(_ value: String) -> Bool {
        let names = value.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingPrefix(while: { $0 == " " }) }
            .map { $0.reversed().drop(while: { $0 == " " }) }
        return !value.isEmpty && value.utf8.count <= 1024 && names.allSatisfy { name in
            !name.isEmpty && name.allSatisfy { c in c.isASCII && (c.isLetter || c.isNumber || "!#$%&'*+-.^_`|~".contains(c)) }
        }
    }
}
