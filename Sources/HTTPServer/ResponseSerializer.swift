import Utilities
#if canImport(Glibc)
import Glibc
#endif

/// Turns an `HTTPResponse` into the bytes of a status line, field lines and body (RFC 9112 section 4).
///
/// The server owns framing: any `Content-Length`, `Transfer-Encoding`, `Date` or `Connection` the
/// responder set is replaced. Field lines with a name that is not a token or a value holding CR, LF
/// or other controls are dropped rather than sent (they would split the response).
enum ResponseSerializer {
    /// Bytes to write for one response, in three parts so that the first can be made once and
    /// kept with a cached answer (`HTTPResponse.serializeHead()`) and the second once a second
    /// per event loop: `head`, then `trailer`, then `body`.
    struct Output {
        /// Status line and field lines including `Content-Length`: every line but `Date` and
        /// `Connection`.
        var head: [UInt8]
        /// `Date`, `Connection` (when sent) and the empty line that ends the head.
        var trailer: [UInt8]
        /// Empty bytes for HEAD, 204 and 304.
        var body: HTTPBody
        /// The status actually sent (500 when the responder returned one outside 200...599).
        var status: Int
        /// The whole head, for tests and one-off answers.
        var fullHead: [UInt8] { head + trailer }
    }

    /// - Parameters:
    ///   - isHead: the request method was HEAD: send the headers GET would get, no body.
    ///   - close: add `Connection: close`.
    ///   - date: an IMF-fixdate, e.g. from `HTTPDate.imfFixdate(epochSeconds:)`.
    /// - Parameter announceKeepAlive: add `Connection: keep-alive` (for an HTTP/1.0 client that
    ///   asked for it, which otherwise assumes the connection closes; RFC 9112 section 9.3).
    static func serialize(_ response: HTTPResponse, isHead: Bool, close: Bool, date: String,
                          announceKeepAlive: Bool = false) -> Output {
        serialize(response, isHead: isHead,
                  trailer: trailer(date: date, close: close, announceKeepAlive: announceKeepAlive))
    }

    /// As above with a trailer already made (`trailer(date:close:announceKeepAlive:)`); uses the
    /// response's `serializedHead` when it has one, copying nothing.
    static func serialize(_ response: HTTPResponse, isHead: Bool, trailer: [UInt8]) -> Output {
        let (head, status, sendsBody): ([UInt8], Int, Bool)
        if let prepared = response.serializedHead, !(isHead && response.content.count == 0) {
            // Made by `head(of:isHead: false)` for this status, fields and body; with a non-empty
            // body HEAD announces the same Content-Length, so the bytes are the same.
            (head, status) = (prepared, response.status)
            sendsBody = !isHead && status != 204 && status != 304
        } else {
            (head, status, sendsBody) = self.head(of: response, isHead: isHead)
        }
        return Output(head: head, trailer: trailer, body: sendsBody ? response.content : .bytes([]), status: status)
    }

    /// The status line and field lines (with `Content-Length`) of `response`, the status actually
    /// sent and whether a body follows.
    ///
    /// Written through a pointer into one array sized beforehand (the lines' lengths are known:
    /// a native `String` keeps its UTF-8 count): each field's name and value are read through
    /// their contiguous UTF-8, checked and copied in one pass each, the framing names compared by
    /// length first, the status and `Content-Length` written as digits, not a `String` interpolation
    /// per line (Benchmarks/serving/callgrind.sh).
    static func head(of response: HTTPResponse, isHead: Bool) -> (bytes: [UInt8], status: Int, sendsBody: Bool) {
        guard (200...599).contains(response.status) else {
            return head(of: errorResponse(status: 500, detail: "the application gave an invalid status"), isHead: isHead)
        }
        let status = response.status
        // Content-Length (RFC 9110 section 8.6): never in 204; in HEAD and 304 the length GET would
        // send (the body's, or the responder's own Content-Length when the body was left empty).
        var contentLength: Int? = response.content.count
        if status == 204 {
            contentLength = nil
        } else if (isHead || status == 304) && contentLength == 0 {
            let responderLength = response.headers["Content-Length"].flatMap {
                HeadParser.parseContentLength(ArraySlice($0.utf8))
            }
            contentLength = responderLength ?? (status == 304 ? nil : 0)
        }
        let reason = HTTPResponse.reasonPhrase(for: status)
        let fields = response.headers.fields
        // "HTTP/1.1 NNN " + reason + CRLF; per field name + ": " + value + CRLF;
        // "Content-Length: " + at most 20 digits + CRLF.
        var capacity = 13 + reason.utf8.count + 2 + 16 + 20 + 2
        for field in fields { capacity += field.name.utf8.count + field.value.utf8.count + 4 }
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            let base = buffer.baseAddress!
            var at = 0
            @inline(__always) func put(_ p: UnsafePointer<UInt8>, _ n: Int) {
                if n > 0 { (base + at).update(from: p, count: n) }
                at += n
            }
            @inline(__always) func put(_ text: StaticString) { put(text.utf8Start, text.utf8CodeUnitCount) }
            put("HTTP/1.1 ")
            at += writeDecimal(status, to: base + at)
            base[at] = ByteClass.sp
            at += 1
            var reason = reason
            reason.withUTF8 { put($0.baseAddress ?? UnsafePointer(base), $0.count) }
            put("\r\n")
            for field in fields {
                at += writeField(field, to: base + at)
            }
            if let contentLength {
                put("Content-Length: ")
                at += writeDecimal(contentLength, to: base + at)
                put("\r\n")
            }
            count = at
        }
        return (bytes, status, !isHead && status != 204 && status != 304)
    }

    /// Writes `name: value\r\n` at `out` unless the name is one the server sets itself
    /// (`framingNames`), is empty or not a token, or the value holds a byte a field value may not
    /// carry; returns the bytes written (0 for a dropped field). `out` has room for the line.
    private static func writeField(_ field: HTTPFields.Field, to out: UnsafeMutablePointer<UInt8>) -> Int {
        // Through the strings' own storage (no copy of either, as `withUTF8` on a `var` made).
        let written = field.name.utf8.withContiguousStorageIfAvailable { name in
            field.value.utf8.withContiguousStorageIfAvailable { value in writeField(name: name, value: value, to: out) }
        }
        if let written, let written { return written }
        // Bridged strings without contiguous UTF-8: copies that have it.
        var name = field.name, value = field.value
        return name.withUTF8 { name in value.withUTF8 { value in writeField(name: name, value: value, to: out) } }
    }

    @inline(__always)
    private static func writeField(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>,
                                   to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let n = name.baseAddress, !name.isEmpty, !isFramingName(name) else { return 0 }
        for i in 0..<name.count where !ByteClass.isTokenChar(n[i]) { return 0 }
        guard isFieldValue(value) else { return 0 }
        out.update(from: n, count: name.count)
        var at = name.count
        out[at] = ByteClass.colon
        out[at + 1] = ByteClass.sp
        at += 2
        if let v = value.baseAddress { (out + at).update(from: v, count: value.count) }
        at += value.count
        out[at] = ByteClass.cr
        out[at + 1] = ByteClass.lf
        return at + 2
    }

    /// Whether every byte of `value` may stand in a field value (`ByteClass.isFieldValueChar`):
    /// eight bytes at a time, a word with no byte under 0x20 and none equal to 0x7F passing at
    /// once (the has-less-than and has-zero tests on the word, exact for the question "is there
    /// such a byte"); a word that fails is checked byte by byte (HTAB is allowed).
    private static func isFieldValue(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let v = value.baseAddress else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while i + 8 <= value.count {
            let w = UnsafeRawPointer(v + i).loadUnaligned(as: UInt64.self)
            let under20 = (w &- 0x20 &* ones) & ~w & highs
            let del = w ^ (0x7F &* ones)
            let isDel = (del &- ones) & ~del & highs
            if under20 | isDel != 0 {
                for j in i..<(i + 8) where !ByteClass.isFieldValueChar(v[j]) { return false }
            }
            i += 8
        }
        while i < value.count {
            if !ByteClass.isFieldValueChar(v[i]) { return false }
            i += 1
        }
        return true
    }

    /// Whether `name` is one of `framingNames`, compared ASCII case-insensitively.
    private static func isFramingName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        switch name.count {
        case 4: return ByteClass.equalsLowercase(name, "date")
        case 10: return ByteClass.equalsLowercase(name, "connection")
        case 14: return ByteClass.equalsLowercase(name, "content-length")
        case 17: return ByteClass.equalsLowercase(name, "transfer-encoding")
        default: return false
        }
    }

    /// Writes `value` (>= 0) in decimal digits at `out` (room for 20); returns how many.
    private static func writeDecimal(_ value: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        ASCIIDigits.writeDecimal(UInt(max(0, value)), to: out)
    }

    /// `Date: <date>`, then `Connection: close` if `close` (or `Connection: keep-alive` if
    /// `announceKeepAlive`), then the empty line.
    static func trailer(date: String, close: Bool, announceKeepAlive: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        bytes.append(contentsOf: "Date: \(date)\r\n".utf8)
        if close {
            bytes.append(contentsOf: "Connection: close\r\n".utf8)
        } else if announceKeepAlive {
            bytes.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        bytes.append(contentsOf: "\r\n".utf8)
        return bytes
    }

    /// Fields the server sets itself (`isFramingName`): content-length, transfer-encoding, date,
    /// connection.

    /// The response the server sends for a rejected request (or a 408, or a 503 refusal): the
    /// service's error shape, a JSON object `{"error":"..."}` naming the status and what went
    /// wrong, with `X-Content-Type-Options: nosniff` and `Cache-Control: no-store`;
    /// `Allow: GET, HEAD` with 405 (RFC 9110 section 15.5.6) and `Retry-After: 1` with 503.
    static func errorResponse(status: Int, detail: String? = nil) -> HTTPResponse {
        var headers = HTTPFields()
        headers.append(name: "Content-Type", value: "application/json")
        headers.append(name: "Cache-Control", value: "no-store")  // never cached by a CDN (RFC 9111)
        headers.append(name: "X-Content-Type-Options", value: "nosniff")
        if status == 503 { headers.append(name: "Retry-After", value: "1") }
        if status == 405 { headers.append(name: "Allow", value: "GET, HEAD") }
        let message = "\(status) \(HTTPResponse.reasonPhrase(for: status)): " + (detail ?? errorDetail(status))
        return HTTPResponse(status: status, headers: headers, body: Array("{\"error\":\(jsonString(message))}\n".utf8))
    }

    static func errorResponse(for rejection: RequestRejection) -> HTTPResponse {
        errorResponse(status: rejection.status, detail: rejection.detail)
    }

    /// What each status the server sends on its own means for the client.
    static func errorDetail(_ status: Int) -> String {
        switch status {
        case 400: return "the request does not follow HTTP/1.1 syntax (RFC 9112)"
        case 405: return "this service answers GET and HEAD only"
        case 408: return "the request did not arrive in time"
        case 413: return "the request body is over the server's limit"
        case 414: return "the request target is over the server's limit"
        case 431: return "the header section is over the server's limit of bytes or field lines"
        case 501: return "the method or transfer coding is not implemented"
        case 503: return "the server has no room for another connection; retry shortly"
        case 505: return "this server speaks HTTP/1.1 and HTTP/1.0"
        default: return "the server could not answer"
        }
    }

    /// `s` as a JSON string literal (RFC 8259 section 7): quote, backslash and control bytes escaped.
    static func jsonString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// Formats HTTP dates (RFC 9110 section 5.6.7).
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                 "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`, for seconds since 1970 (UTC).
    static func imfFixdate(epochSeconds: Int) -> String {
        var t = time_t(epochSeconds)
        var tm = tm()
        gmtime_r(&t, &tm)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let wday = days[Int(tm.tm_wday) % 7], month = months[Int(tm.tm_mon) % 12]
        return "\(wday), \(two(tm.tm_mday)) \(month) \(tm.tm_year + 1900) "
            + "\(two(tm.tm_hour)):\(two(tm.tm_min)):\(two(tm.tm_sec)) GMT"
    }

    /// IMF-fixdate for now, formatted once per second and shared by the responses of that second.
    static func now() -> String {
        let seconds = Int(time(nil))
        if let text = cache.withLock({ $0.second == seconds ? $0.text : nil }) { return text }
        let text = imfFixdate(epochSeconds: seconds)
        cache.withLock { $0 = (seconds, text) }
        return text
    }

    private static let cache = Locked<(second: Int, text: String)>((Int.min, ""))
}
