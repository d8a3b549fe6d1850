/// The CRC-32 of PNG chunks (PNG third edition, section 5.5 and annex D; the same CRC as ISO 3309
/// and zlib's `crc32`): polynomial 0xEDB88320 (reflected), initial value and final XOR 0xFFFFFFFF.
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The CRC of `bytes`, continuing from `crc` (a previous result; 0 to start).
    static func checksum<C: Collection<UInt8>>(_ bytes: C, continuing crc: UInt32 = 0) -> UInt32 {
        var c = ~crc
        table.withUnsafeBufferPointer { t in
            for b in bytes { c = t[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        }
        return ~c
    }
}
