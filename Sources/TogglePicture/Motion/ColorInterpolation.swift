import Scene

extension RGBAColor {
    /// The colour a `fraction` of the way from `start` to `end`, interpolated in premultiplied
    /// sRGB-encoded space; `fraction` is clamped to 0...1, and 0 and 1 return the end points exactly.
    ///
    /// Premultiplied rather than straight: the off track is nearly transparent (alpha 0.21) and
    /// `off_color` may be `clear` (black at alpha 0). Straight interpolation would drag the
    /// colour channels of the transparent end into the mix (a green track fading to `clear` would
    /// pass through dark green), while premultiplied interpolation weighs each colour by its
    /// alpha, so a transparent end contributes only transparency. It is also what browsers do
    /// when they animate a CSS colour (CSS Color Level 4, section 12.3 "Interpolating with
    /// alpha"), so the animated SVG and the APNG agree, and it matches how our canvas composites.
    public static func interpolatedPremultiplied(from start: RGBAColor, to end: RGBAColor,
                                                 fraction: Double) -> RGBAColor {
        if fraction <= 0 { return start }
        if fraction >= 1 { return end }
        let alpha = start.alpha + (end.alpha - start.alpha) * fraction
        guard alpha > 0 else { return .clear }
        func channel(_ a: UInt8, _ b: UInt8) -> UInt8 {
            let premultiplied = Double(a) * start.alpha + (Double(b) * end.alpha - Double(a) * start.alpha) * fraction
            return UInt8(min(max((premultiplied / alpha).rounded(), 0), 255))
        }
        return RGBAColor(red: channel(start.red, end.red), green: channel(start.green, end.green),
                         blue: channel(start.blue, end.blue), alpha: alpha)
    }
}
