/// A request target split into path and query (RFC 9112 section 3.2).
///
/// Accepts origin-form (`/path?query`) and absolute-form (`http://host:port/path?query`, scheme
/// `http` or `https`, any case). Rejects asterisk-form (`*`), authority-form, relative targets,
/// and absolute-form with an empty authority or with userinfo (RFC 9110 section 4.2.4).
/// Characters were already checked (visible ASCII, no `#`, valid percent-encoding).
struct TargetForm: Equatable {
    /// Where the path (still percent-encoded) is in the target's bytes (indices of its base
    /// array); empty when an absolute-form target has none, which means `/`.
    var path: Range<Int>
    /// Where the query (without `?`, still percent-encoded) starts in the target's bytes: after
    /// the target's first `?` (an authority holds none); nil when there is no `?`.
    var queryOffset: Int?
    /// The authority of an absolute-form target (`host:port`); nil for origin-form.
    var authority: String?

    static func parse(_ target: ArraySlice<UInt8>) -> TargetForm? {
        guard let first = target.first else { return nil }
        if first == UInt8(ascii: "/") {
            let (path, query) = splitQuery(target)
            return TargetForm(path: path, queryOffset: query.map { $0 - target.startIndex }, authority: nil)
        }
        let schemeEnd: Int
        if ByteClass.equalsLowercase(target.prefix(7), "http://") {
            schemeEnd = target.startIndex + 7
        } else if ByteClass.equalsLowercase(target.prefix(8), "https://") {
            schemeEnd = target.startIndex + 8
        } else {
            return nil
        }
        let afterScheme = target[schemeEnd...]
        let authorityEnd = afterScheme.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }
            ?? afterScheme.endIndex
        let authority = afterScheme[afterScheme.startIndex ..< authorityEnd]
        guard !authority.isEmpty, !authority.contains(UInt8(ascii: "@")),
              authority.allSatisfy(HeadParser.isHostChar) else { return nil }
        let pathAndQuery = afterScheme[authorityEnd...]
        let (path, query) = splitQuery(pathAndQuery)
        return TargetForm(path: path, queryOffset: query.map { $0 - target.startIndex },
                          authority: String(decoding: authority, as: UTF8.self))
    }

    /// The path's indices and the index of the query's first byte (after `?`), if any.
    private static func splitQuery(_ b: ArraySlice<UInt8>) -> (Range<Int>, Int?) {
        guard let q = ByteClass.firstIndex(of: UInt8(ascii: "?"), in: b) else { return (b.indices, nil) }
        return (b.startIndex ..< q, q + 1)
    }
}
