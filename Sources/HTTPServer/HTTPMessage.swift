/// The HTTP version of a request line (RFC 9112 section 2.3): `HTTP/major.minor`.
public struct HTTPVersion: Sendable, Equatable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }
    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)
    public var description: String { "HTTP/\(major).\(minor)" }
}

/// A parsed request head. The body, if any, has been read and discarded by the server
/// (this service takes no request bodies).
///
/// A parsed request keeps its head as the bytes it arrived in (the connection's input buffer, no
/// copy, and 32-bit offsets into it): `method` (other than GET and HEAD), `path`,
/// `target`, `query`, `headers` and `field(named:)` become `String`s only when read, so a request
/// answered from a cache by `targetUTF8` makes none, and a request is copied (it is passed on
/// several times) as a few words and one reference.
public struct HTTPRequest: Sendable {
    /// The method token, case-sensitive as sent (`GET`, `HEAD`, ...).
    public var method: String {
        get {
            if let replaced { return replaced.values.method }
            switch layout.methodKind {
            case .get: return "GET"
            case .head: return "HEAD"
            case .other: return String(decoding: received[layout.method], as: UTF8.self)
            }
        }
        set { replace { $0.method = newValue } }
    }

    /// `method == "HEAD"`, known without making the method's `String` for a parsed request.
    var isHEAD: Bool {
        replaced == nil ? layout.methodKind == .head : method == "HEAD"
    }

    /// The path of the target, still percent-encoded (`/toggle`). For absolute-form targets,
    /// the path part only (`/` if empty).
    public var path: String {
        get {
            if let replaced { return replaced.values.path }
            let path = layout.path
            return path.isEmpty ? "/" : String(decoding: received[path], as: UTF8.self)
        }
        set { replace { $0.path = newValue } }
    }

    /// The bytes of `path` (for a parsed request a slice of the received head, no copy; `/` for
    /// an absolute-form target without a path), for routing without making a `String`.
    public var pathUTF8: ArraySlice<UInt8> {
        if let replaced { return ArraySlice(replaced.values.path.utf8) }
        let path = layout.path
        return path.isEmpty ? Self.rootPath : received[path]
    }

    private static let rootPath: ArraySlice<UInt8> = [UInt8(ascii: "/")]

    public var version: HTTPVersion {
        get { replaced?.values.version ?? HTTPVersion(major: Int(layout.versionMajor), minor: Int(layout.versionMinor)) }
        set { replace { $0.version = newValue } }
    }

    /// The request target exactly as sent (origin-form `/toggle?on=1`, or absolute-form).
    /// Made from the received bytes each time it is read, for a parsed request.
    public var target: String {
        get { replaced?.values.target ?? String(decoding: received[layout.target], as: UTF8.self) }
        set { replace { $0.target = newValue } }
    }

    /// The bytes of `target` (UTF-8; for a parsed request checked ASCII, a slice of the received
    /// head: no copy).
    public var targetUTF8: ArraySlice<UInt8> {
        if let replaced { return ArraySlice(replaced.values.target.utf8) }
        return received[layout.target]
    }

    /// The query of the target without the `?`, still percent-encoded; nil when there is no `?`.
    /// A parsed request makes this `String` when it is read (a cached answer, found by the
    /// target, never reads it), not while parsing.
    public var query: String? {
        get {
            if let replaced { return replaced.values.query }
            return layout.query.map { String(decoding: received[$0 ..< layout.target.upperBound], as: UTF8.self) }
        }
        set { replace { $0.query = newValue } }
    }

    /// The field lines, in order. A parsed request makes this list (a `String` per name and value)
    /// each time it is read: to look up one field, `field(named:)` reads the received bytes.
    public var headers: HTTPFields {
        get { replaced?.values.headers ?? HTTPFields(fields: fieldLines.fields) }
        set { replace { $0.headers = newValue } }
    }

    /// The value of the first field line named `name` (ASCII case-insensitive), or nil; as
    /// `headers[name]`, but a parsed request finds it in the received bytes and makes a `String`
    /// for that value only.
    public func field(named name: String) -> String? {
        if let replaced { return replaced.values.headers[name] }
        return withFieldLines { lines in
            var found: String?
            HeadParser.FieldLines.forEachValue(named: name, in: lines) { value in
                found = String(decoding: value, as: UTF8.self)
                return false
            }
            return found
        }
    }

    /// The values of every field line named `name` (ASCII case-insensitive) joined by ", ", in
    /// order, or nil when there is none: how RFC 9110 section 5.3 lets a recipient combine the
    /// lines of a list-based field (`If-None-Match`, `Accept-Encoding`) without changing its
    /// meaning. One line gives its value as `field(named:)` does.
    public func combinedField(named name: String) -> String? {
        if let replaced {
            let values = replaced.values.headers.values(for: name)
            return values.isEmpty ? nil : values.joined(separator: ", ")
        }
        return withFieldLines { lines in
            var first: UnsafeBufferPointer<UInt8>?
            var combined: [UInt8]?  // made only for a second line
            HeadParser.FieldLines.forEachValue(named: name, in: lines) { value in
                guard let firstValue = first else {
                    first = value
                    return true
                }
                if combined == nil { combined = Array(firstValue) }
                combined!.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: " ")])
                combined!.append(contentsOf: value)
                return true
            }
            if let combined { return String(decoding: combined, as: UTF8.self) }
            return first.map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Runs `body` over the storage of the received field lines: a lookup in place, without the
    /// slice of `received` that `fieldLines` makes (a retain and a release per lookup of a cached
    /// request's `If-None-Match`: Benchmarks/serving/callgrind.sh).
    private func withFieldLines<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        received.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[layout.fields])) }
    }

    /// The methods a parsed request knows without reading its bytes again.
    enum MethodKind: UInt8, Sendable {
        case get, head, other
    }

    private var fieldLines: HeadParser.FieldLines {
        HeadParser.FieldLines(bytes: received[layout.fields], count: Int(layout.fieldCount))
    }

    /// The input buffer the head was received in (shared with the parser, not copied; an array
    /// rather than a slice of it: one word instead of four); empty for a request made with
    /// `init(method:target:path:query:version:headers:)`.
    private var received: [UInt8]
    /// Where the parts are in `received`.
    private var layout: Layout
    /// The parts given as values (a request made by `init`, or one whose parts were set); nil
    /// while they are read from `received`. Shared, replaced whole on a change.
    private var replaced: Parts?

    /// Indices of the base array as 32-bit integers (a head is at most `maxHeaderBytes` into a
    /// buffer far below 2 GiB), and the version as bytes: a smaller request is copied for less
    /// (Benchmarks/serving/callgrind.sh).
    private struct Layout: Sendable {
        var methodEnd: Int32
        var targetStart: Int32
        var targetEnd: Int32
        /// Where the query starts (after the first `?`), -1 for none; it ends with the target.
        var queryStart: Int32
        var pathStart: Int32
        var pathEnd: Int32
        /// From the first field line through the CRLF of the last.
        var fieldsStart: Int32
        var fieldsEnd: Int32
        var fieldCount: Int32
        var versionMajor: UInt8
        var versionMinor: UInt8
        var methodKind: MethodKind
        /// The head's first index (where the method starts).
        var headStart: Int32

        var method: Range<Int> { Int(headStart) ..< Int(methodEnd) }
        var target: Range<Int> { Int(targetStart) ..< Int(targetEnd) }
        var query: Int? { queryStart < 0 ? nil : Int(queryStart) }
        var path: Range<Int> { Int(pathStart) ..< Int(pathEnd) }
        var fields: Range<Int> { Int(fieldsStart) ..< Int(fieldsEnd) }
    }

    /// The parts held in one allocation, shared by copies of the request.
    private final class Parts: Sendable {
        let values: MutableParts
        init(_ values: MutableParts) { self.values = values }
    }

    private struct MutableParts: Sendable {
        var method: String
        var path: String
        var version: HTTPVersion
        var target: String
        var query: String?
        var headers: HTTPFields
    }

    private mutating func replace(_ change: (inout MutableParts) -> Void) {
        var parts = MutableParts(method: method, path: path, version: version, target: target, query: query,
                                 headers: headers)
        change(&parts)
        replaced = Parts(parts)
    }

    public init(method: String, target: String, path: String, query: String?,
                version: HTTPVersion, headers: HTTPFields) {
        received = []
        layout = Layout(methodEnd: 0, targetStart: 0, targetEnd: 0, queryStart: -1, pathStart: 0, pathEnd: 0,
                        fieldsStart: 0, fieldsEnd: 0, fieldCount: 0, versionMajor: 0, versionMinor: 0,
                        methodKind: .other, headStart: 0)
        replaced = Parts(MutableParts(method: method, path: path, version: version, target: target, query: query,
                                      headers: headers))
    }

    /// A parsed request over the head received in `buffer` (checked by `HeadParser`): the method
    /// is `buffer[method]`, the target `buffer[target]` (ASCII), its query from `queryStart` to the
    /// target's end (nil for no `?`), its path `buffer[path]` (empty for `/`), the field lines
    /// `fieldLines` (a slice of `buffer`).
    init(buffer: [UInt8], method: Range<Int>, methodKind: MethodKind, target: Range<Int>, queryStart: Int?,
         path: Range<Int>, version: HTTPVersion, fieldLines: HeadParser.FieldLines) {
        received = buffer
        let fields = fieldLines.count == 0 ? target.upperBound ..< target.upperBound : fieldLines.bytes.indices
        layout = Layout(methodEnd: Int32(method.upperBound), targetStart: Int32(target.lowerBound),
                        targetEnd: Int32(target.upperBound), queryStart: Int32(queryStart ?? -1),
                        pathStart: Int32(path.lowerBound), pathEnd: Int32(path.upperBound),
                        fieldsStart: Int32(fields.lowerBound), fieldsEnd: Int32(fields.upperBound),
                        fieldCount: Int32(fieldLines.count), versionMajor: UInt8(version.major),
                        versionMinor: UInt8(version.minor), methodKind: methodKind,
                        headStart: Int32(method.lowerBound))
        replaced = nil
    }
}

/// A response to send. The server adds `Content-Length`, `Date` and `Connection` itself,
/// and omits the body (keeping `Content-Length`) when answering `HEAD` or a 304.
public struct HTTPResponse: Sendable {
    /// Status code, 100...599.
    public var status: Int { didSet { serializedHead = nil } }
    public var headers: HTTPFields { didSet { serializedHead = nil } }
    /// The content's bytes (a file's read back; setting them replaces a file).
    public var body: [UInt8] {
        get { content.bytes }
        set { content = .bytes(newValue) }
    }
    /// The content as it is sent: bytes, or a sealed memory file sent with sendfile(2).
    public var content: HTTPBody { didSet { serializedHead = nil } }
    /// The status line and field lines (with `Content-Length`, without `Date` and `Connection`)
    /// as the server sends them, made once by `serializeHead()` so that a response kept and sent
    /// many times (a cached image) is not serialized again for each request. Cleared when
    /// `status`, `headers` or `body` change.
    public private(set) var serializedHead: [UInt8]?
    /// Facts about how the response was made (e.g. `route`, `cache`), never sent: handed to the
    /// server's metrics hook with the finished exchange, for access logs and metrics.
    public var annotations: [String: String] = [:]

    public init(status: Int, headers: HTTPFields = HTTPFields(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.content = .bytes(body)
    }

    /// A response whose head was serialized before, by `serializeHead()` of a response with the
    /// same status and headers and a body of the same length (`Content-Length` is the only part
    /// of the head that depends on the body): for a kept head sent with bytes that are kept
    /// elsewhere (an image cache), so that holding the head does not hold the body.
    package init(status: Int, headers: HTTPFields, content: HTTPBody, serializedHead: [UInt8]) {
        self.status = status
        self.headers = headers
        self.content = content
        self.serializedHead = serializedHead
    }

    /// Serializes the head now (see `serializedHead`), for a response that will be sent again
    /// unchanged. Does nothing for a status outside 200...599 (the server answers 500 instead).
    public mutating func serializeHead() {
        guard (200...599).contains(status) else { return }
        serializedHead = ResponseSerializer.head(of: self, isHead: false).bytes
    }

    /// The reason phrase for `status` from RFC 9110 section 15 ("" for codes it does not name).
    public static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 204: return "No Content"
        case 301: return "Moved Permanently"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return ""
        }
    }
}
