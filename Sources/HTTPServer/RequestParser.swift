#if canImport(Glibc)
import Glibc
#endif

/// The limits a `RequestParser` enforces, taken from `HTTPServerConfiguration`.
struct RequestParserLimits: Sendable {
    /// Longest request target in bytes (414 beyond).
    var maxRequestTargetBytes: Int
    /// Largest header section (request line through the empty line) in bytes (431 beyond).
    var maxHeaderBytes: Int
    /// Most field lines (431 beyond).
    var maxHeaderFields: Int
    /// Largest Content-Length body the server reads and discards (413 and close beyond).
    var maxBodyBytes: Int

    init(_ c: HTTPServerConfiguration) {
        maxRequestTargetBytes = c.maxRequestTargetBytes
        maxHeaderBytes = c.maxHeaderBytes
        maxHeaderFields = c.maxHeaderFields
        maxBodyBytes = c.maxBodyBytes
    }

    /// The defaults of `HTTPServerConfiguration`.
    init() {
        self.init(HTTPServerConfiguration())
    }

    init(maxRequestTargetBytes: Int, maxHeaderBytes: Int, maxHeaderFields: Int, maxBodyBytes: Int) {
        self.maxRequestTargetBytes = maxRequestTargetBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderFields = maxHeaderFields
        self.maxBodyBytes = maxBodyBytes
    }
}

/// A parsed request head with its framing: how many body bytes follow (to be discarded) and
/// whether the connection may carry another request after this one.
struct RequestHead: Sendable {
    var request: HTTPRequest
    /// Content-Length of the body that follows the head, in bytes (0 when absent).
    var bodyLength: Int
    /// Keep-alive per RFC 9112 section 9.3: default in 1.1, in 1.0 only with `Connection: keep-alive`.
    var keepAlive: Bool
}

/// A request the server answers with an error status instead of calling the responder.
struct RequestRejection: Error, Sendable, Equatable {
    /// 400, 405, 408, 413, 414, 431, 501 or 505.
    var status: Int
    /// True when framing is broken or unknown: nothing more may be read from the connection.
    var closeConnection: Bool
    /// What the error body says when the status alone does not (e.g. `tlsOnPlainPort`).
    var detail: String? = nil

    /// More than `maxHeaderBytes` of empty lines before a request line (RFC 9112 section 2.2 lets
    /// a server ignore "at least one"; a flood of them is not a request).
    static let tooManyEmptyLines = RequestRejection(
        status: 400, closeConnection: true,
        detail: "too many empty lines before the request line (at most the header size limit)")

    /// An HTTP/1.1 request without a Host field (RFC 9112 section 3.2: a server must answer 400).
    static let hostMissing = RequestRejection(
        status: 400, closeConnection: true,
        detail: "an HTTP/1.1 request needs a Host header field (RFC 9112 section 3.2)")

    /// More than one Host field line (RFC 9112 section 3.2).
    static let hostRepeated = RequestRejection(
        status: 400, closeConnection: true,
        detail: "a request has exactly one Host header field (RFC 9112 section 3.2)")

    /// A Host value that is not a host and optional port (RFC 3986 section 3.2.2 and 3.2.3).
    static let hostInvalid = RequestRejection(
        status: 400, closeConnection: true,
        detail: "the Host header field is not a host name or address with an optional :port (RFC 3986)")

    /// A TLS handshake record (a ClientHello) where an HTTP request should start: an `https://`
    /// client on this plain-HTTP port.
    static let tlsOnPlainPort = RequestRejection(
        status: 400, closeConnection: true,
        detail: "this port speaks plain HTTP, not TLS: use http:// instead of https://")

    /// A request target with bytes outside US-ASCII, which RFC 9112 section 3.2 and RFC 3986
    /// section 2.1 require percent-encoded: usually a label typed into the address as is.
    static let targetNotASCII = RequestRejection(
        status: 400, closeConnection: true,
        detail: "the request target has bytes outside US-ASCII (RFC 3986 section 2.1): percent-encode them, "
            + "e.g. label=%E8%87%AA for 自, or curl -G --data-urlencode 'label=...'")
}

/// What `RequestParser.next()` found in the bytes fed so far.
enum RequestParseResult: Sendable {
    /// The head is not complete yet (or a body is still being discarded).
    case needMore
    /// A complete, valid head for GET or HEAD. Its body (if any) is discarded by later calls.
    case head(RequestHead)
    /// An invalid or unsupported request. If `closeConnection` is false the framing was sound
    /// (e.g. 405 for POST with a Content-Length body): its body is discarded and parsing goes on.
    case rejected(RequestRejection)
}

/// An incremental, byte-level parser of HTTP/1.1 request heads (RFC 9112 sections 2-6).
///
/// A pure value: feed bytes with `append`, then call `next()` until it returns `.needMore`.
/// It finds the end of the head scanning each byte once, checks the request line and field lines
/// on bytes (the finished `HTTPRequest` keeps its target and field lines as slices of the
/// buffer; Strings are made when they are read), and after a request with a
/// Content-Length body it skips that many bytes, so a body is never parsed as the next request.
///
/// Line endings: every LF must be preceded by CR. A bare LF is rejected with 400 and close
/// (RFC 9112 section 2.2 lets a recipient accept it; rejecting avoids disagreeing with proxies
/// about where a head ends). Empty lines (CRLF) before a request line are ignored, up to
/// `maxHeaderBytes` of them (then 400 and close).
struct RequestParser {
    let limits: RequestParserLimits

    private var buffer: [UInt8] = []
    /// Index of the first unconsumed byte in `buffer`.
    private var start = 0
    /// Bytes after `start` already scanned for the end of the head.
    private var scanned = 0
    /// Offset (from `start`) of the line being scanned.
    private var lineStart = 0
    /// Field lines seen while scanning (for the early 431).
    private var linesSeen = 0
    /// Offsets of the first two spaces in the request line while it is being scanned.
    private var firstSpace: Int?
    private var secondSpace: Int?
    /// Bytes of empty lines (CRLF) skipped before the request line being waited for.
    private var emptyLineBytes = 0
    /// Body bytes of the previous request still to skip.
    private var bodyRemaining = 0
    /// Set after a closing rejection: the parser yields nothing more.
    private(set) var failed = false
    /// The method and target of a head that arrived whole and was refused, for the access log
    /// (`takeRefusedLine`); nil and empty for a refusal while the head was still arriving (a bare
    /// LF, TLS, and the early 414, 431 and 501 of an over-long line or head).
    private var refusedMethod: String?
    private var refusedTarget: ArraySlice<UInt8> = []

    init(limits: RequestParserLimits) {
        self.limits = limits
    }

    /// True when bytes of a next request (not a body being discarded) are buffered.
    var hasPartialHead: Bool { bodyRemaining == 0 && buffer.count > start }

    /// True when bytes are buffered that `next()` has not consumed. When false, `next()` returns
    /// `.needMore` and changes nothing (`hasPartialHead` is false too).
    var hasBufferedBytes: Bool { buffer.count > start }

    /// True while the body of the previous request is still being skipped.
    var isDiscardingBody: Bool { bodyRemaining > 0 }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !failed else { return }
        compact()
        buffer.append(contentsOf: bytes)
    }

    mutating func append<S: Sequence>(contentsOf bytes: S) where S.Element == UInt8 {
        guard !failed else { return }
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Consumes buffered bytes and reports the next request head, rejection, or `.needMore`.
    mutating func next() -> RequestParseResult {
        if failed { return .needMore }

        if bodyRemaining > 0 {
            let n = min(bodyRemaining, buffer.count - start)
            start += n
            bodyRemaining -= n
            if bodyRemaining > 0 { return .needMore }
        }

        if scanned == 0 {
            // Ignore empty lines before the request line (RFC 9112 section 2.2).
            // They count against `maxHeaderBytes` on their own: past it, 400 and close, instead of
            // reading a flood of CRLF until the header timeout.
            while buffer.count - start >= 1 && buffer[start] == ByteClass.cr {
                guard buffer.count - start >= 2 else { return .needMore }
                guard buffer[start + 1] == ByteClass.lf else { break }
                start += 2
                emptyLineBytes += 2
                if emptyLineBytes > limits.maxHeaderBytes { return fail(.tooManyEmptyLines) }
            }
            // A TLS record of type handshake (22, RFC 8446 section 5.1) can never start a method
            // token: say what is wrong at once instead of waiting for a line that never comes.
            if buffer.count > start && buffer[start] == Self.tlsHandshakeRecord {
                return fail(.tlsOnPlainPort)
            }
        }

        switch scanForEndOfHead() {
        case .needMore:
            return .needMore
        case .reject(let rejection):
            return fail(rejection)
        case .end(let headLength):
            let head = start ..< start + headLength, spaces = (firstSpace, secondSpace)
            let result = HeadParser.parse(buffer, head: head, limits: limits)
            start += headLength
            emptyLineBytes = 0
            scanned = 0
            lineStart = 0
            linesSeen = 0
            firstSpace = nil
            secondSpace = nil
            switch result {
            case .failure(let rejection):
                noteRefusedRequestLine(head: head, firstSpace: spaces.0, secondSpace: spaces.1)
                return fail(rejection)
            case .success(let parsed):
                if let rejection = parsed.rejection {
                    (refusedMethod, refusedTarget) = (parsed.head.request.method, parsed.head.request.targetUTF8)
                    if rejection.closeConnection { return fail(rejection) }
                    bodyRemaining = parsed.head.bodyLength
                    return .rejected(rejection)
                }
                bodyRemaining = parsed.head.bodyLength
                return .head(parsed.head)
            }
        }
    }

    /// Keeps the method (if it is a token) and the target (up to the second space, else the line's
    /// end) of the request line of `head`, refused before it became a request.
    private mutating func noteRefusedRequestLine(head: Range<Int>, firstSpace: Int?, secondSpace: Int?) {
        guard let sp1 = firstSpace.map({ head.lowerBound + $0 }) else { return }
        let method = buffer[head.lowerBound ..< sp1]
        refusedMethod = method.allSatisfy(ByteClass.isTokenChar) ? String(decoding: method, as: UTF8.self) : nil
        let lineEnd = buffer[(sp1 + 1) ..< head.upperBound].firstIndex { $0 == ByteClass.cr || $0 == ByteClass.lf }
        refusedTarget = buffer[(sp1 + 1) ..< (secondSpace.map { head.lowerBound + $0 } ?? lineEnd ?? sp1 + 1)]
    }

    /// The method and target of the head just refused, if it arrived whole, and
    /// lets them go (the target is a slice of the parser's buffer, which should not stay shared).
    mutating func takeRefusedLine() -> (method: String?, target: ArraySlice<UInt8>) {
        defer { (refusedMethod, refusedTarget) = (nil, []) }
        return (refusedMethod, refusedTarget)
    }

    /// The first byte of a TLS handshake record (content type 22, RFC 8446 section 5.1).
    static let tlsHandshakeRecord: UInt8 = 0x16

    private mutating func fail(_ rejection: RequestRejection) -> RequestParseResult {
        failed = true
        buffer = []
        start = 0
        var closing = rejection
        closing.closeConnection = true
        return .rejected(closing)
    }

    private enum ScanResult {
        case needMore
        case end(Int)
        case reject(RequestRejection)
    }

    /// Scans new bytes for the empty line ending the head; checks limits on the way.
    private mutating func scanForEndOfHead() -> ScanResult {
        let available = buffer.count - start
        // Over the buffer's storage, state in locals, line ends and the request line's spaces
        // found with memchr: the scanner sees every byte of every head (Benchmarks/serving/callgrind.sh).
        let found: ScanResult? = buffer.withUnsafeBufferPointer { all in
            let bytes = UnsafeBufferPointer(rebasing: all[start ..< start + available])
            var scanned = self.scanned, lineStart = self.lineStart, linesSeen = self.linesSeen
            var firstSpace = self.firstSpace, secondSpace = self.secondSpace
            defer {
                self.scanned = scanned
                self.lineStart = lineStart
                self.linesSeen = linesSeen
                self.firstSpace = firstSpace
                self.secondSpace = secondSpace
            }
            guard let base = bytes.baseAddress else { return nil }
            while scanned < available {
                // The next LF (memchr), or none in what has arrived.
                let lf = memchr(base + scanned, Int32(ByteClass.lf), available - scanned)
                let i = lf.map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base } ?? available
                if linesSeen == 0 {
                    // The request line's first two spaces, up to that LF.
                    var from = scanned
                    while secondSpace == nil, from < i,
                          let sp = memchr(base + from, Int32(ByteClass.sp), i - from) {
                        let at = UnsafePointer<UInt8>(sp.assumingMemoryBound(to: UInt8.self)) - base
                        if firstSpace == nil { firstSpace = at } else { secondSpace = at }
                        from = at + 1
                    }
                }
                guard lf != nil else {
                    scanned = available
                    break
                }
                scanned = i + 1
                guard i > lineStart, bytes[i - 1] == ByteClass.cr else {
                    return .reject(RequestRejection(status: 400, closeConnection: true))  // bare LF
                }
                if i - 1 == lineStart && linesSeen > 0 {
                    return .end(i + 1)
                }
                linesSeen += 1
                lineStart = i + 1
                if linesSeen - 1 > limits.maxHeaderFields {
                    return .reject(RequestRejection(status: 431, closeConnection: true))
                }
                if scanned > limits.maxHeaderBytes { break }
            }
            return nil
        }
        if let found { return found }
        return incompleteHeadRejection().map { .reject($0) } ?? .needMore
    }

    /// Limits on the request line while the head is still incomplete. Each measure only grows
    /// as bytes arrive, and whatever fails here `HeadParser` rejects too (with close), so
    /// whether a request is rejected does not depend on how its bytes were split into reads.
    private func incompleteHeadRejection() -> RequestRejection? {
        let methodEnd = firstSpace ?? scanned
        if methodEnd > HeadParser.maxMethodBytes {
            let method = buffer[start ..< start + methodEnd]
            let allToken = method.allSatisfy(ByteClass.isTokenChar)
            return RequestRejection(status: allToken ? 501 : 400, closeConnection: true)
        }
        if let sp1 = firstSpace {
            let targetLength = (secondSpace ?? scanned) - sp1 - 1
            if targetLength > limits.maxRequestTargetBytes {
                return RequestRejection(status: 414, closeConnection: true)
            }
        }
        if scanned > limits.maxHeaderBytes {
            return RequestRejection(status: 431, closeConnection: true)
        }
        return nil
    }

    /// Drops consumed bytes before new ones are appended, not after a head is parsed: the request
    /// just returned holds a slice of `buffer` (its target and field lines), and by the next
    /// append it has usually been answered and dropped, so the storage is unique and is reused
    /// in place (no allocation per request); a request still held (answered off the loop) makes
    /// this copy-on-write once.
    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 64 * 1024)
            start = 0
        } else if start > 16 * 1024 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}
