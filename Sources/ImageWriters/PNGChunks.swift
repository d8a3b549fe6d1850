/// Reading and writing PNG chunks (PNG third edition, section 5.3): a 4-byte big-endian length,
/// a 4-byte type, the data, and the CRC-32 of type and data.
enum PNGChunks {
    /// The 8-byte PNG signature (section 5.2).
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    struct Chunk {
        /// Four ASCII letters, e.g. "IHDR".
        var type: String
        var data: ArraySlice<UInt8>
    }

    /// The chunks of a PNG file as libpng wrote it, in order; nil if the bytes are not a
    /// well-formed PNG (bad signature, a length past the end, a CRC mismatch).
    static func parse(_ png: [UInt8]) -> [Chunk]? {
        guard png.count >= 8, Array(png[0..<8]) == signature else { return nil }
        var chunks: [Chunk] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(readUInt32(png, at: i))
            guard length <= png.count - i - 12 else { return nil }
            let typeBytes = png[(i + 4)..<(i + 8)]
            let data = png[(i + 8)..<(i + 8 + length)]
            guard CRC32.checksum(png[(i + 4)..<(i + 8 + length)]) == readUInt32(png, at: i + 8 + length) else {
                return nil
            }
            chunks.append(Chunk(type: String(decoding: typeBytes, as: UTF8.self), data: data))
            i += 12 + length
        }
        guard i == png.count else { return nil }
        return chunks
    }

    /// Appends a chunk of `type` with `data`, its length and CRC, to `out`.
    static func append<C: Collection<UInt8>>(type: String, data: C, to out: inout [UInt8]) {
        precondition(type.utf8.count == 4)
        appendUInt32(UInt32(data.count), to: &out)
        let start = out.count
        out.append(contentsOf: type.utf8)
        out.append(contentsOf: data)
        appendUInt32(CRC32.checksum(out[start...]), to: &out)
    }

    static func readUInt32(_ bytes: [UInt8], at i: Int) -> UInt32 {
        UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
    }

    static func appendUInt32(_ v: UInt32, to out: inout [UInt8]) {
        out.append(contentsOf: [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)])
    }

    static func appendUInt16(_ v: UInt16, to out: inout [UInt8]) {
        out.append(contentsOf: [UInt8(v >> 8), UInt8(v & 0xFF)])
    }
}
