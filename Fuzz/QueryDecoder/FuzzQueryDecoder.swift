// libFuzzer target for `QueryDecoder.decode(_:)` and `ToggleQuery(rawQuery:)` (ToggleService).
// Build and run it with `scripts/fuzz`.
//
// Invariants: decoding never crashes; decoded names and values hold no NUL; percent-encoding every
// decoded pair again and decoding that gives the same pairs; a query that decodes to a spec gives
// the same spec again when its pairs are re-encoded (order and spelling do not matter).
//
// The entry point exists only with `-DFUZZING` (scripts/fuzz passes it); see FuzzRequestParser.swift.
#if FUZZING
import ToggleService
import QueryLanguage

/// `precondition` that prints its message in optimized builds too.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// Percent-encodes every byte except unreserved ones (RFC 3986 section 2.3).
private func encode(_ s: String) -> String {
    var out = ""
    for b in s.utf8 {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "_"), UInt8(ascii: "~"):
            out.unicodeScalars.append(Unicode.Scalar(b))
        default:
            let hex = Array("0123456789ABCDEF".utf8)
            out += "%" + String(decoding: [hex[Int(b >> 4)], hex[Int(b & 15)]], as: UTF8.self)
        }
    }
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQueryDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // The server hands the decoder a target's query: visible ASCII only. Other bytes are fuzzed too
    // (String(decoding:) turns invalid UTF-8 into U+FFFD, which the decoder must also survive).
    let query = String(decoding: bytes, as: UTF8.self)
    guard let pairs = try? QueryDecoder.decode(query) else {
        _ = try? ToggleQuery(rawQuery: query)
        return 0
    }
    for pair in pairs {
        require(!pair.name.utf8.contains(0) && !pair.value.utf8.contains(0), "NUL decoded")
    }
    let nonEmpty = pairs.filter { !($0.name.isEmpty && $0.value.isEmpty) }
    let reencoded = nonEmpty.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    guard let again = try? QueryDecoder.decode(reencoded) else {
        fatalError("re-encoded query \(reencoded) does not decode")
    }
    require(again == nonEmpty, "round trip: \(pairs) -> \(reencoded) -> \(again)")

    if let parsed = try? ToggleQuery(rawQuery: query) {
        let reversed = nonEmpty.reversed().map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
        guard let other = try? ToggleQuery(rawQuery: reversed) else {
            fatalError("\(query) parses but \(reversed) does not")
        }
        require(other.spec == parsed.spec, "spec depends on order or encoding: \(query)")
        _ = parsed.spec.canonicalKey
    }
    return 0
}
#else
@main
enum FuzzQueryDecoderStub {
    static func main() {
        print("fuzz-query-decoder: build with scripts/fuzz (libFuzzer, -DFUZZING) to run it")
    }
}
#endif
