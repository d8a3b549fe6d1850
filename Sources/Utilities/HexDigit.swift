/// The value 0...15 of an ASCII hexadecimal digit (`0-9`, `a-f`, `A-F`), or nil for any other
/// byte. Shared by percent-decoding and colour parsing.
@inline(__always) package func hexDigitValue(_ b: UInt8) -> UInt8? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
    default: return nil
    }
}
