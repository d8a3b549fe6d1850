/// An sRGB colour with straight (non-premultiplied) alpha: 8-bit sRGB-encoded channels and an
/// opacity in 0...1 kept unquantized until compositing (so `rgba(60,60,67,0.21)` stays exact).
public struct RGBAColor: Sendable, Equatable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// Opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: Double

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = min(max(alpha, 0), 1)
    }

    public static let white = RGBAColor(red: 255, green: 255, blue: 255)
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
}
