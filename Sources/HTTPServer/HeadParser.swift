/// Checks one complete request head (request line, field lines, the final CRLF CRLF) and builds
/// the `HTTPRequest`. A pure function over bytes; `RequestParser` finds the head's end.
enum HeadParser {
    /// A head that parsed. `rejection` is set when the head is well-formed but the server will not
    /// serve it (405, 501, 413, or a chunked body it does not decode); framing is in `head`.
    struct Parsed {
        var head: RequestHead
        var rejection: RequestRejection?
    }

    /// Registered methods this server does not allow (405, `Allow: GET, HEAD`): those of RFC 9110
    /// section 9 and the rest of the IANA HTTP Method Registry (WebDAV, QUERY, ...). Any other
    /// method token is unknown (501).
    static let knownMethods: Set<String> = [
        "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH", "QUERY",
        "ACL", "BASELINE-CONTROL", "BIND", "CHECKIN", "CHECKOUT", "COPY", "LABEL", "LINK", "LOCK",
        "MERGE", "MKACTIVITY", "MKCALENDAR", "MKCOL", "MKREDIRECTREF", "MKWORKSPACE", "MOVE",
        "ORDERPATCH", "PRI", "PROPFIND", "PROPPATCH", "REBIND", "REPORT", "SEARCH", "UNBIND",
        "UNCHECKOUT", "UNLINK", "UNLOCK", "UPDATE", "UPDATEREDIRECTREF", "VERSION-CONTROL",
    ]

    /// Longest method token accepted, in bytes; a longer token is an unknown method (501 and close).
    /// `RequestParser` applies the same rule while the request line is still arriving, so the
    /// answer does not depend on how the bytes were split into reads.
    static let maxMethodBytes = 32

    private static func bad(_ status: Int = 400) -> Result<Parsed, RequestRejection> {
        .failure(RequestRejection(status: status, closeConnection: true))
    }

    static func parse(_ head: ArraySlice<UInt8>, limits: RequestParserLimits) -> Result<Parsed, RequestRejection> {
        // Split into lines (CRLF already checked by the scanner for every LF; a CR elsewhere is
        // caught below as a control byte). The last two lines are the empty line and nothing.
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = head.startIndex
        var i = head.startIndex
        while i < head.endIndex {
            if head[i] == ByteClass.lf {
                lines.append(head[lineStart ..< i - 1])
                lineStart = i + 1
            }
            i += 1
        }
        guard lines.count >= 2, lines.last?.isEmpty == true else { return bad() }
        lines.removeLast()

        // Request line: method SP request-target SP HTTP-version (RFC 9112 section 3).
        let requestLine = lines[0]
        guard let sp1 = requestLine.firstIndex(of: ByteClass.sp) else { return bad() }
        let methodBytes = requestLine[requestLine.startIndex ..< sp1]
        let rest = requestLine[(sp1 + 1)...]
        guard let sp2 = rest.firstIndex(of: ByteClass.sp) else { return bad() }
        let targetBytes = rest[rest.startIndex ..< sp2]
        let versionBytes = rest[(sp2 + 1)...]

        guard !methodBytes.isEmpty, methodBytes.allSatisfy(ByteClass.isTokenChar) else { return bad() }
        if methodBytes.count > maxMethodBytes { return bad(501) }
        guard !targetBytes.isEmpty else { return bad() }
        if targetBytes.count > limits.maxRequestTargetBytes { return bad(414) }
        guard let version = parseVersion(versionBytes) else { return bad() }
        guard version.major == 1 else { return bad(505) }
        guard targetBytes.allSatisfy(ByteClass.isTargetChar),
              !targetBytes.contains(UInt8(ascii: "#")),
              percentEncodingIsValid(targetBytes.prefix { $0 != UInt8(ascii: "?") }) else { return bad() }
        if head.count > limits.maxHeaderBytes { return bad(431) }

        let method = String(decoding: methodBytes, as: UTF8.self)
        let target = String(decoding: targetBytes, as: UTF8.self)
        let methodAllowed = method == "GET" || method == "HEAD"

        // Request target form (RFC 9112 section 3.2). Only checked for methods we serve.
        var path = "/"
        var query: String?
        var absoluteAuthority: String?
        if methodAllowed {
            guard let form = TargetForm.parse(targetBytes) else { return bad() }
            path = form.path
            query = form.query
            absoluteAuthority = form.authority
        }

        // Field lines (RFC 9112 section 5).
        var headers = HTTPFields()
        var hostCount = 0
        var hostValid = true
        var contentLength: Int?
        var contentLengthConflict = false
        var contentLengthInvalid = false
        var transferCodings: [ArraySlice<UInt8>] = []
        var hasTransferEncoding = false
        var connectionClose = false
        var connectionKeepAlive = false

        let fieldLines = lines.dropFirst()
        if fieldLines.count > limits.maxHeaderFields { return bad(431) }
        for line in fieldLines {
            guard let first = line.first, !ByteClass.isOWS(first) else { return bad() }  // obs-fold
            guard let colon = line.firstIndex(of: ByteClass.colon) else { return bad() }
            let name = line[line.startIndex ..< colon]
            guard !name.isEmpty, name.allSatisfy(ByteClass.isTokenChar) else { return bad() }
            var value = line[(colon + 1)...]
            while let f = value.first, ByteClass.isOWS(f) { value = value.dropFirst() }
            while let l = value.last, ByteClass.isOWS(l) { value = value.dropLast() }
            guard value.allSatisfy(ByteClass.isFieldValueChar) else { return bad() }

            if ByteClass.equalsLowercase(name, "host") {
                hostCount += 1
                if !value.allSatisfy(isHostChar) { hostValid = false }
            } else if ByteClass.equalsLowercase(name, "content-length") {
                if let n = parseContentLength(value) {
                    if let previous = contentLength, previous != n { contentLengthConflict = true }
                    contentLength = n
                } else {
                    contentLengthInvalid = true
                }
            } else if ByteClass.equalsLowercase(name, "transfer-encoding") {
                hasTransferEncoding = true
                transferCodings.append(contentsOf: listElements(value))
            } else if ByteClass.equalsLowercase(name, "connection") {
                for token in listElements(value) {
                    if ByteClass.equalsLowercase(token, "close") { connectionClose = true }
                    if ByteClass.equalsLowercase(token, "keep-alive") { connectionKeepAlive = true }
                }
            }
            headers.append(name: String(decoding: name, as: UTF8.self),
                           value: String(decoding: value, as: UTF8.self))
        }

        // Host (RFC 9112 section 3.2): exactly one in 1.1, at most one in 1.0, and valid.
        if hostCount > 1 || !hostValid { return bad() }
        if version.minor >= 1 && hostCount != 1 { return bad() }
        if let authority = absoluteAuthority {
            headers.set(name: "Host", value: authority)  // the target's authority wins
        }

        // Framing (RFC 9112 section 6).
        if contentLengthInvalid || contentLengthConflict { return bad() }
        if hasTransferEncoding {
            if contentLength != nil || version.minor == 0 { return bad() }
            guard let last = transferCodings.last, ByteClass.equalsLowercase(last, "chunked") else { return bad() }
            for coding in transferCodings.dropLast() {
                if ByteClass.equalsLowercase(coding, "chunked") { return bad() }
                guard coding.allSatisfy(ByteClass.isTokenChar) else { return bad() }
            }
        }
        let bodyLength = contentLength ?? 0
        let keepAlive = version.minor >= 1 ? !connectionClose : (connectionKeepAlive && !connectionClose)

        let request = HTTPRequest(method: method, target: target, path: path, query: query,
                                  version: version, headers: headers)
        var parsed = Parsed(head: RequestHead(request: request, bodyLength: bodyLength, keepAlive: keepAlive),
                            rejection: nil)

        var status: Int?
        if !methodAllowed {
            status = (knownMethods.contains(method)) ? 405 : 501
        }
        if hasTransferEncoding {
            // Chunked bodies are not decoded: refuse, and close since the framing is not followed.
            parsed.rejection = RequestRejection(status: status ?? 400, closeConnection: true)
        } else if bodyLength > limits.maxBodyBytes {
            parsed.rejection = RequestRejection(status: status ?? 413, closeConnection: true)
        } else if let status {
            parsed.rejection = RequestRejection(status: status, closeConnection: !keepAlive)
        }
        return .success(parsed)
    }

    /// `HTTP/DIGIT.DIGIT`, exactly (RFC 9112 section 2.3); case-sensitive.
    static func parseVersion(_ b: ArraySlice<UInt8>) -> HTTPVersion? {
        guard b.count == 8 else { return nil }
        let a = Array(b)
        guard a[0] == UInt8(ascii: "H"), a[1] == UInt8(ascii: "T"), a[2] == UInt8(ascii: "T"),
              a[3] == UInt8(ascii: "P"), a[4] == UInt8(ascii: "/"), ByteClass.isDigit(a[5]),
              a[6] == UInt8(ascii: "."), ByteClass.isDigit(a[7]) else { return nil }
        return HTTPVersion(major: Int(a[5] - 0x30), minor: Int(a[7] - 0x30))
    }

    /// Content-Length: one or more digits, nothing else (no sign, no spaces, no list).
    /// Values beyond 10^15 saturate to `Int.max` (far beyond any body limit).
    static func parseContentLength(_ b: ArraySlice<UInt8>) -> Int? {
        guard !b.isEmpty else { return nil }
        var n = 0
        for d in b {
            guard ByteClass.isDigit(d) else { return nil }
            if n > 1_000_000_000_000_000 { n = Int.max; continue }
            n = n * 10 + Int(d - 0x30)
        }
        return n
    }

    /// Every `%` is followed by two hex digits. Checked on the path only: the query belongs to the
    /// application, which answers a malformed escape there with a 400 naming the parameter
    /// (docs/design-facts.md section 4) on a connection that stays open.
    static func percentEncodingIsValid(_ b: ArraySlice<UInt8>) -> Bool {
        var i = b.startIndex
        while i < b.endIndex {
            if b[i] == UInt8(ascii: "%") {
                guard i + 2 < b.endIndex, ByteClass.isHexDigit(b[i + 1]), ByteClass.isHexDigit(b[i + 2]) else {
                    return false
                }
                i += 3
            } else {
                i += 1
            }
        }
        return true
    }

    /// Bytes of a Host value (RFC 3986 host and port): unreserved, pct-encoded, sub-delims, `:[]`.
    static func isHostChar(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
             UInt8(ascii: "%"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
             UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
             UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"):
            return true
        default: return false
        }
    }

    /// Splits a comma-separated list value (RFC 9110 section 5.6.1), dropping empty elements.
    static func listElements(_ value: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        value.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true).compactMap { element in
            var e = element
            while let f = e.first, ByteClass.isOWS(f) { e = e.dropFirst() }
            while let l = e.last, ByteClass.isOWS(l) { e = e.dropLast() }
            return e.isEmpty ? nil : e
        }
    }
}
