import CZlib

/// gzip (RFC 1952) through zlib, for `Content-Encoding: gzip` responses.
public enum Gzip {
    /// `bytes` as one gzip member at zlib `level` (0...9; 6 is zlib's default balance of size and
    /// time). Deterministic: no name, modification time 0. Nil only if zlib fails (out of memory).
    public static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8]? {
        // compressBound covers the zlib wrapper (6 bytes); gzip's is 18, so 12 more, rounded up.
        var capacity = Int(compressBound(uLong(bytes.count))) + 32
        var out = [UInt8](repeating: 0, count: capacity)
        let rc = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                czlib_gzip(input.baseAddress, input.count, output.baseAddress, &capacity, level)
            }
        }
        guard rc == Z_OK else { return nil }
        out.removeSubrange(capacity...)
        return out
    }
}
