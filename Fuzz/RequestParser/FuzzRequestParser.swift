// libFuzzer target for `RequestParser` (HTTPServer). Build and run it with `scripts/fuzz`.
//
// Each input is parsed three ways: all at once, one byte at a time, and in chunks whose sizes come
// from a generator seeded by the input. All three must report the same requests; only the status
// of a final closing rejection may differ, because limits are checked early on a partial head.
// Every accepted head must be valid (method GET or HEAD, a clean target, Host for HTTP/1.1, ...).
//
// The entry point exists only with `-DFUZZING` (scripts/fuzz passes it): a plain `swift build`
// links this product with the stub `main` below instead, since only `--sanitize=fuzzer` brings
// libFuzzer's own `main`.
#if FUZZING
@testable import HTTPServer

/// `precondition` that prints its message in optimized builds too.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// Small limits, so the fuzzer reaches every limit with short inputs.
private let limits = RequestParserLimits(maxRequestTargetBytes: 64, maxHeaderBytes: 512,
                                         maxHeaderFields: 8, maxBodyBytes: 256)

/// What one call of `next()` reported, in a comparable form.
private enum Event: Equatable {
    case head(method: String, target: String, path: String, query: String?, version: HTTPVersion,
              headers: [HTTPFields.Field], bodyLength: Int, keepAlive: Bool)
    case rejected(status: Int, close: Bool)
}

/// Feeds `bytes` in chunks of the sizes `chunkSize` returns and collects every event.
private func events(_ bytes: [UInt8], chunkSize: () -> Int) -> [Event] {
    var parser = RequestParser(limits: limits)
    var out: [Event] = []
    var offset = 0
    while offset < bytes.count {
        let n = min(max(1, chunkSize()), bytes.count - offset)
        parser.append(contentsOf: bytes[offset ..< offset + n])
        offset += n
        loop: while true {
            switch parser.next() {
            case .needMore:
                break loop
            case .head(let h):
                check(h)
                let r = h.request
                out.append(.head(method: r.method, target: r.target, path: r.path, query: r.query,
                                 version: r.version, headers: r.headers.fields,
                                 bodyLength: h.bodyLength, keepAlive: h.keepAlive))
            case .rejected(let rejection):
                check(rejection)
                out.append(.rejected(status: rejection.status, close: rejection.closeConnection))
                if rejection.closeConnection {
                    require(parser.failed, "closing rejection without a failed parser")
                    require(!parser.hasPartialHead && !parser.isDiscardingBody, "failed parser holds input")
                    return out
                }
            }
        }
    }
    return out
}

private func check(_ head: RequestHead) {
    let r = head.request
    // OPTIONS with a path target reaches the responder too (CORS preflights, a8df4d2).
    require(r.method == "GET" || r.method == "HEAD" || r.method == "OPTIONS", "accepted method \(r.method)")
    let target = Array(r.target.utf8)
    require(!target.isEmpty && target.allSatisfy { $0 >= 0x21 && $0 <= 0x7E && $0 != UInt8(ascii: "#") },
                 "accepted target \(r.target)")
    require(r.path.hasPrefix("/"), "path \(r.path)")
    // HTTP/1.x with x > 1 is served as 1.1 (RFC 9110 section 2.5).
    require(r.version.major == 1, "version \(r.version)")
    require(r.version.minor == 0 || r.headers.values(for: "Host").count == 1, "Host count")
    require(r.headers.values(for: "Host").count <= 1, "Host count")
    require(head.bodyLength >= 0 && head.bodyLength <= limits.maxBodyBytes, "bodyLength \(head.bodyLength)")
    require(r.headers.count <= limits.maxHeaderFields, "too many fields")
    require(!r.headers.contains(name: "Transfer-Encoding"), "Transfer-Encoding accepted")
    for field in r.headers {
        let name = Array(field.name.utf8), value = Array(field.value.utf8)
        require(!name.isEmpty && name.allSatisfy(ByteClass.isTokenChar), "field name \(field.name)")
        require(value.allSatisfy(ByteClass.isFieldValueChar), "field value \(field.value)")
        require(value.first.map { !ByteClass.isOWS($0) } ?? true, "untrimmed value")
        require(value.last.map { !ByteClass.isOWS($0) } ?? true, "untrimmed value")
    }
}

private func check(_ rejection: RequestRejection) {
    require([400, 405, 408, 413, 414, 431, 501, 505].contains(rejection.status),
                 "status \(rejection.status)")
}

/// Equal event lists, except that the last events may be closing rejections of different status.
private func sameRequests(_ a: [Event], _ b: [Event]) -> Bool {
    guard a.count == b.count else { return false }
    for (x, y) in zip(a, b) where x != y {
        guard case .rejected(_, true) = x, case .rejected(_, true) = y else { return false }
    }
    return true
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let whole = events(bytes) { bytes.count }
    let single = events(bytes) { 1 }
    // FNV-1a of the input seeds a xorshift generator for the chunk sizes.
    var state: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes { state = (state ^ UInt64(b)) &* 0x100_0000_01b3 }
    if state == 0 { state = 1 }
    let random = events(bytes) {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return Int(state % 24) + 1
    }
    require(sameRequests(whole, single), "whole \(whole) vs byte by byte \(single)")
    require(sameRequests(whole, random), "whole \(whole) vs chunks \(random)")
    return 0
}
#else
@main
enum FuzzRequestParserStub {
    static func main() {
        print("fuzz-request-parser: build with scripts/fuzz (libFuzzer, -DFUZZING) to run it")
    }
}
#endif
