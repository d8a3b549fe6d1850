#if canImport(Glibc)
import Glibc
#endif

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

    static func bad(_ status: Int = 400) -> RequestRejection {
        RequestRejection(status: status, closeConnection: true)
    }

    /// Checks a complete head (request line, field lines, CRLF CRLF) and builds the request:
    /// `lines`, then `requestLine`, `fieldLines`, `framing` and `refusal`, each its own step.
    /// The head is `buffer[range]`; the request keeps `buffer` (shared, not copied).
    static func parse(_ buffer: [UInt8], head range: Range<Int>,
                      limits: RequestParserLimits) -> Result<Parsed, RequestRejection> {
        let head = buffer[range]
        do throws(RequestRejection) {
            let lines = try self.lines(of: head)
            let start = try requestLine(lines.requestLine, limits: limits)
            if head.count > limits.maxHeaderBytes { throw bad(431) }
            var fields = try fieldLines(lines.fieldLines, limits: limits)
            let (bodyLength, keepAlive) = try framing(&fields, start: start)
            // The target and field lines stay in `head` (checked above; read when asked).
            var request = HTTPRequest(buffer: buffer, method: start.method, methodKind: start.methodKind,
                                      target: start.target,
                                      queryStart: start.queryOffset.map { start.target.lowerBound + $0 },
                                      path: start.path, version: start.version, fieldLines: lines.fieldLines)
            // An absolute-form target's authority replaces Host (RFC 9112 section 3.2.2).
            if let authority = start.authority { request.headers.set(name: "Host", value: authority) }
            let head = RequestHead(request: request, bodyLength: bodyLength, keepAlive: keepAlive)
            return .success(Parsed(head: head, rejection: refusal(of: head, methodAllowed: start.methodAllowed,
                                                                 fields: fields, limits: limits)))
        } catch {
            return .failure(error)
        }
    }

    /// A checked request line.
    struct RequestLine {
        /// Where the method token is in the head (indices of its base array); ranges rather than
        /// slices keep this small (it is returned and copied as a value).
        var method: Range<Int>
        var methodKind: HTTPRequest.MethodKind
        /// Where the target is in the head.
        var target: Range<Int>
        var version: HTTPVersion
        /// GET or HEAD, or OPTIONS with a path target: the methods whose target form is checked
        /// and that reach the responder.
        var methodAllowed: Bool
        /// The path's indices in the head (`TargetForm.path`); empty means `/`.
        var path: Range<Int> = 0 ..< 0
        /// Where the query starts in `target`'s bytes (`TargetForm.queryOffset`).
        var queryOffset: Int?
        /// The authority of an absolute-form target, which replaces Host.
        var authority: String?
    }

    /// `method SP request-target SP HTTP-version` (RFC 9112 section 3), with the target's form
    /// (section 3.2) for the methods served.
    static func requestLine(_ line: ArraySlice<UInt8>, limits: RequestParserLimits) throws(RequestRejection) -> RequestLine {
        guard let sp1 = ByteClass.firstIndex(of: ByteClass.sp, in: line) else { throw bad() }
        let methodBytes = line[line.startIndex ..< sp1]
        let rest = line[(sp1 + 1)...]
        guard let sp2 = ByteClass.firstIndex(of: ByteClass.sp, in: rest) else { throw bad() }
        let targetBytes = rest[rest.startIndex ..< sp2]
        let versionBytes = rest[(sp2 + 1)...]

        guard !methodBytes.isEmpty, methodBytes.allSatisfy(ByteClass.isTokenChar) else { throw bad() }
        if methodBytes.count > maxMethodBytes { throw bad(501) }
        guard !targetBytes.isEmpty else { throw bad() }
        if targetBytes.count > limits.maxRequestTargetBytes { throw bad(414) }
        guard let version = parseVersion(versionBytes) else { throw bad() }
        guard version.major == 1 else { throw bad(505) }
        guard targetIsValid(targetBytes) else {
            throw targetBytes.contains(where: { $0 >= 0x80 }) ? RequestRejection.targetNotASCII : bad()
        }

        // Compared as bytes (case-sensitive, RFC 9110 section 9.1), not as Strings; the served
        // methods' names are literals (no String made per request).
        let m = methodBytes.startIndex
        let kind: HTTPRequest.MethodKind
        if methodBytes.count == 3, methodBytes[m] == UInt8(ascii: "G"), methodBytes[m + 1] == UInt8(ascii: "E"),
           methodBytes[m + 2] == UInt8(ascii: "T") {
            kind = .get
        } else if methodBytes.count == 4, methodBytes[m] == UInt8(ascii: "H"), methodBytes[m + 1] == UInt8(ascii: "E"),
                  methodBytes[m + 2] == UInt8(ascii: "A"), methodBytes[m + 3] == UInt8(ascii: "D") {
            kind = .head
        } else {
            kind = .other
        }
        let getOrHead = kind != .other
        var result = RequestLine(method: methodBytes.indices, methodKind: kind, target: targetBytes.indices,
                                 version: version, methodAllowed: getOrHead)
        // OPTIONS with a path target also reaches the responder (CORS preflights); `OPTIONS *`
        // and other targets stay 405 here.
        if result.methodAllowed || methodBytes.elementsEqual("OPTIONS".utf8) {
            let form = TargetForm.parse(targetBytes)
            if result.methodAllowed, form == nil { throw bad() }
            if let form {
                result.methodAllowed = true
                result.path = form.path
                result.queryOffset = form.queryOffset
                result.authority = form.authority
            }
        }
        return result
    }

    /// What the field lines said, as far as framing and routing care.
    /// The lines themselves stay in the head: `HTTPRequest.headers` reads them when asked.
    struct FieldSummary {
        var hostCount = 0
        var hostValid = true
        var contentLength: Int?
        var contentLengthConflict = false
        var contentLengthInvalid = false
        var transferCodings: [ArraySlice<UInt8>] = []
        var hasTransferEncoding = false
        var connectionClose = false
        var connectionKeepAlive = false
    }

    /// Field lines (RFC 9112 section 5): `name: OWS value OWS`, no obs-fold.
    /// Walks the lines' storage once through a pointer (line ends by `memchr`), with no slice made
    /// per line or per name and value (each one retained and released the head's buffer).
    static func fieldLines(_ lines: FieldLines,
                           limits: RequestParserLimits) throws(RequestRejection) -> FieldSummary {
        if lines.count > limits.maxHeaderFields { throw bad(431) }
        var fields = FieldSummary()
        let bytes = lines.bytes
        let valid = bytes.withUnsafeBufferPointer { b -> Bool in
            guard let base = b.baseAddress else { return true }
            var start = 0
            // Each line ends with CRLF (the scanner checked a CR before every LF).
            while start < b.count, let hit = memchr(base + start, Int32(ByteClass.lf), b.count - start) {
                let lf = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
                let line = UnsafeBufferPointer(start: base + start, count: lf - 1 - start)
                guard let parts = fieldLineParts(line) else { return false }
                note(name: UnsafeBufferPointer(rebasing: line[..<parts.colon]),
                     value: UnsafeBufferPointer(rebasing: line[parts.valueStart ..< parts.valueEnd]),
                     valueIn: bytes, at: bytes.startIndex + start + parts.valueStart ..< bytes.startIndex + start + parts.valueEnd,
                     in: &fields)
                start = lf + 1
            }
            return true
        }
        guard valid else { throw bad() }
        return fields
    }

    /// Where a field line's colon is and where its value starts and ends (optional whitespace
    /// trimmed), or nil when it is not `token ":" OWS field-value OWS`: a line starting with
    /// whitespace (obs-fold), no colon, an empty name or one with a byte outside `tchar`, a
    /// control byte in the value. One pass over the line (the name's bytes up to the first byte
    /// that is not `tchar`, which must be the colon; the value's bytes).
    static func fieldLineParts(_ l: UnsafeBufferPointer<UInt8>) -> (colon: Int, valueStart: Int, valueEnd: Int)? {
        var i = 0
        while i < l.count, ByteClass.isTokenChar(l[i]) { i += 1 }
        guard i > 0, i < l.count, l[i] == ByteClass.colon else { return nil }
        let colon = i
        for j in colon + 1 ..< l.count where !ByteClass.isFieldValueChar(l[j]) { return nil }
        var start = colon + 1, end = l.count
        while start < end, ByteClass.isOWS(l[start]) { start += 1 }
        while end > start, ByteClass.isOWS(l[end - 1]) { end -= 1 }
        return (colon, start, end)
    }

    /// Records what a field line means for Host, framing and keep-alive, and whether it is
    /// `If-None-Match`. The name's length picks the one name it can be. `value` is
    /// `buffer[valueRange]`, from which the rarer framing fields take a slice.
    private static func note(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>,
                             valueIn buffer: ArraySlice<UInt8>, at valueRange: Range<Int>,
                             in fields: inout FieldSummary) {
        switch name.count {
        case 4:
            guard ByteClass.equalsLowercase(name, "host") else { return }
            fields.hostCount += 1
            if !value.allSatisfy(isHostChar) { fields.hostValid = false }
        case 14:
            guard ByteClass.equalsLowercase(name, "content-length") else { return }
            if let n = parseContentLength(buffer[valueRange]) {
                if let previous = fields.contentLength, previous != n { fields.contentLengthConflict = true }
                fields.contentLength = n
            } else {
                fields.contentLengthInvalid = true
            }
        case 17:
            guard ByteClass.equalsLowercase(name, "transfer-encoding") else { return }
            fields.hasTransferEncoding = true
            fields.transferCodings.append(contentsOf: listElements(buffer[valueRange]))
        case 10:
            guard ByteClass.equalsLowercase(name, "connection") else { return }
            for token in listElements(buffer[valueRange]) {
                if ByteClass.equalsLowercase(token, "close") { fields.connectionClose = true }
                if ByteClass.equalsLowercase(token, "keep-alive") { fields.connectionKeepAlive = true }
            }
        default:
            break
        }
    }

    /// Host (RFC 9112 section 3.2: exactly one in 1.1, at most one in 1.0, valid; an absolute-form
    /// target's authority wins) and message framing (section 6): the body length and keep-alive.
    static func framing(_ fields: inout FieldSummary,
                        start: RequestLine) throws(RequestRejection) -> (bodyLength: Int, keepAlive: Bool) {
        let version = start.version
        if fields.hostCount > 1 { throw RequestRejection.hostRepeated }
        if !fields.hostValid { throw RequestRejection.hostInvalid }
        if version.minor >= 1 && fields.hostCount != 1 { throw RequestRejection.hostMissing }
        if fields.contentLengthInvalid || fields.contentLengthConflict { throw bad() }
        if fields.hasTransferEncoding {
            if fields.contentLength != nil || version.minor == 0 { throw bad() }
            guard let last = fields.transferCodings.last, ByteClass.equalsLowercase(last, "chunked") else { throw bad() }
            for coding in fields.transferCodings.dropLast() {
                if ByteClass.equalsLowercase(coding, "chunked") { throw bad() }
                guard coding.allSatisfy(ByteClass.isTokenChar) else { throw bad() }
            }
        }
        let keepAlive = version.minor >= 1
            ? !fields.connectionClose : (fields.connectionKeepAlive && !fields.connectionClose)
        return (fields.contentLength ?? 0, keepAlive)
    }

    /// Why a well-formed request is not served, if it is not: a method other than GET and HEAD
    /// (and OPTIONS with a path, `RequestLine.methodAllowed`) is 405 or 501, a chunked body (not
    /// decoded) 400 and close, a body over the limit 413 and close.
    static func refusal(of head: RequestHead, methodAllowed: Bool, fields: FieldSummary,
                        limits: RequestParserLimits) -> RequestRejection? {
        let method = head.request.method
        var status: Int?
        if !methodAllowed {
            status = knownMethods.contains(method) ? 405 : 501
        }
        if fields.hasTransferEncoding {
            // Refused and closed whatever the coding: the body's framing is not read, so nothing
            // after it can be either (request smuggling, RFC 9112 section 11.2).
            return RequestRejection(status: status ?? 400, closeConnection: true,
                                    detail: status == nil ? "a request body in a transfer coding (Transfer-Encoding, "
                                        + "RFC 9112 section 6.1) is not accepted: send GET or HEAD without a body" : nil)
        } else if head.bodyLength > limits.maxBodyBytes {
            return RequestRejection(status: status ?? 413, closeConnection: true)
        } else if let status {
            return RequestRejection(status: status, closeConnection: !head.keepAlive)
        }
        return nil
    }

    /// `HTTP/DIGIT.DIGIT`, exactly (RFC 9112 section 2.3); case-sensitive.
    static func parseVersion(_ b: ArraySlice<UInt8>) -> HTTPVersion? {
        guard b.count == 8 else { return nil }
        let i = b.startIndex  // indexed in place: no copy (and no allocation) per request
        guard b[i] == UInt8(ascii: "H"), b[i + 1] == UInt8(ascii: "T"), b[i + 2] == UInt8(ascii: "T"),
              b[i + 3] == UInt8(ascii: "P"), b[i + 4] == UInt8(ascii: "/"), ByteClass.isDigit(b[i + 5]),
              b[i + 6] == UInt8(ascii: "."), ByteClass.isDigit(b[i + 7]) else { return nil }
        return HTTPVersion(major: Int(b[i + 5] - 0x30), minor: Int(b[i + 7] - 0x30))
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

    /// A request target's bytes are all `ByteClass.isTargetChar`, none is `#`, and before the
    /// first `?` every `%` is followed by two hex digits (`percentEncodingIsValid`): eight bytes
    /// at a time over the target's storage, then `memchr` for the `?` and any `%` before it
    /// (Benchmarks/serving/callgrind.sh).
    static func targetIsValid(_ target: ArraySlice<UInt8>) -> Bool {
        target.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return true }
            // Eight bytes at a time; the last few in a word padded with `/`, which passes.
            var i = 0
            while i + 8 <= b.count {
                guard isTargetWord(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) else { return false }
                i += 8
            }
            if i < b.count {
                var tail = UInt64(0x2F2F_2F2F_2F2F_2F2F)
                withUnsafeMutableBytes(of: &tail) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(b)[i...])) }
                guard isTargetWord(tail) else { return false }
            }
            // Each `%` before the first `?` begins an escape (the few there are found by memchr).
            let pathEnd = memchr(base, Int32(UInt8(ascii: "?")), b.count).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) }
                ?? b.count
            var from = 0
            while from < pathEnd, let hit = memchr(base + from, Int32(UInt8(ascii: "%")), pathEnd - from) {
                let at = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                guard at + 2 < pathEnd, ByteClass.isHexDigit(b[at + 1]), ByteClass.isHexDigit(b[at + 2]) else { return false }
                from = at + 1
            }
            return true
        }
    }

    /// Whether all eight bytes of `w` are visible ASCII (0x21...0x7E) and none is `#`.
    static func isTargetWord(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        /// A byte of `x` is zero (exact: no false positives once the lowest zero byte is found,
        /// and any zero byte makes the result non-zero).
        func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        /// A byte of `x` is below `n` (n <= 128; exact for bytes below 128, and bytes >= 128 are
        /// rejected separately).
        func hasLess(_ x: UInt64, _ n: UInt64) -> Bool { (x &- ones &* n) & ~x & highs != 0 }
        guard w & highs == 0 else { return false }  // a byte >= 0x80
        if hasLess(w, 0x21) { return false }  // controls and SP
        return !hasZero(w ^ (ones &* 0x7F)) && !hasZero(w ^ (ones &* 0x23))  // DEL, `#`
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
