import Testing
import Utilities

/// The one decimal and hex writer and the one stable hash, against values from outside: Swift's
/// own `description` and `String(_:radix:)`, and FNV-1a 64's published test vectors.
struct ASCIIDigitsAndStableHashTests {
    func written(_ body: (UnsafeMutablePointer<UInt8>) -> Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            let count = body(buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[0 ..< count]), as: UTF8.self)
        }
    }

    @Test(arguments: [0, 7, 10, 99, 100, 65_535, -1, -42, Int.max, Int.min])
    func decimalIsDescription(_ value: Int) {
        #expect(written { ASCIIDigits.writeDecimal(value, to: $0) } == "\(value)")
        var bytes: [UInt8] = [UInt8(ascii: "x")]
        ASCIIDigits.appendDecimal(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "x\(value)")
    }

    @Test func zeroPaddedDecimal() {
        #expect(written { ASCIIDigits.writeDecimal(UInt(7), minimumDigits: 3, to: $0) } == "007")
        #expect(written { ASCIIDigits.writeDecimal(UInt(2026), minimumDigits: 2, to: $0) } == "2026")
        #expect(written { ASCIIDigits.writeDecimal(UInt.max, to: $0) } == "\(UInt.max)")
    }

    @Test func twoDigitsAreZeroPaddedDescription() {
        for value in 0 ... 99 {
            let text = written { ASCIIDigits.writeTwoDigits(value, to: $0); return 2 }
            #expect(text == (value < 10 ? "0\(value)" : "\(value)"))
        }
    }

    @Test(arguments: [(UInt64(0), 2), (0xab, 2), (0x1234, 6), (0xcbf2_9ce4_8422_2325, 16), (UInt64.max, 16)])
    func hexIsRadix16(_ value: UInt64, _ digits: Int) {
        let text = String(value, radix: 16)
        let padded = String(repeating: "0", count: max(0, digits - text.count)) + text
        #expect(written { ASCIIDigits.writeHex(value, digits: digits, to: $0); return digits } == padded)
    }

    /// FNV-1a 64 test vectors (draft-eastlake-fnv, and the FNV authors' test suite).
    @Test func fnv1aVectors() {
        #expect(StableHash.fnv1a([UInt8]()) == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.fnv1a(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(StableHash.fnv1a("foobar".utf8) == 0x8594_4171_f739_67e8)
        var words = StableHash()
        words.combine(word: 0x0807_0605_0403_0201)
        let expected: UInt64 = (0xcbf2_9ce4_8422_2325 ^ 0x0807_0605_0403_0201) &* 0x0000_0100_0000_01b3
        #expect(words.value == expected)
    }

    /// `fmix64` of 0 is 0, and one flipped input bit changes about half the output bits.
    @Test func mixedSpreadsBits() {
        #expect(StableHash.mixed(0) == 0)
        let flipped = (StableHash.mixed(1) ^ StableHash.mixed(3)).nonzeroBitCount
        #expect((16...48).contains(flipped))
    }
}
