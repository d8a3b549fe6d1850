import Foundation
import Scene

/// WCAG 2's contrast ratio, and `contrast=auto`: a symbol colour raised to 3:1 against the white
/// knob it sits on (WCAG 2.1 success criterion 1.4.11, Non-text Contrast, asks 3:1 for the parts
/// of a control needed to identify its state).
public enum SymbolContrast {
    /// The ratio `contrast=auto` raises a symbol to.
    public static let minimumRatio = 3.0

    /// sRGB's transfer function undone (IEC 61966-2-1, as WCAG 2.2 writes it): an 8-bit channel
    /// to linear light, 0...1.
    public static func linear(_ channel: UInt8) -> Double {
        linear(encoded: Double(channel) / 255)
    }

    /// An encoded channel, 0...1, to linear light.
    public static func linear(encoded v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// Linear light, 0...1, to an encoded channel, 0...1.
    public static func encoded(linear v: Double) -> Double {
        v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
    }

    /// WCAG 2's relative luminance of an opaque colour: 0.2126 R + 0.7152 G + 0.0722 B, linear.
    public static func relativeLuminance(_ c: RGBAColor) -> Double {
        0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
    }

    /// WCAG 2's contrast ratio, (lighter + 0.05) / (darker + 0.05), 1...21, of `a` drawn
    /// (source-over, in sRGB-encoded space as the pictures are composited) on the opaque `b`.
    public static func ratio(of a: RGBAColor, on b: RGBAColor) -> Double {
        let shown = composited(a, on: b)
        let (x, y) = (relativeLuminance(shown), relativeLuminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// `top` over the opaque `bottom`, source-over on the encoded channels, rounded to 8 bits.
    static func composited(_ top: RGBAColor, on bottom: RGBAColor) -> RGBAColor {
        func mix(_ t: UInt8, _ u: UInt8) -> UInt8 {
            UInt8((Double(t) * top.alpha + Double(u) * (1 - top.alpha)).rounded())
        }
        return RGBAColor(red: mix(top.red, bottom.red), green: mix(top.green, bottom.green), blue: mix(top.blue, bottom.blue))
    }

    /// `color` if it shows at `minimumRatio` or more on `knob`; else the nearest darker shade
    /// that does: in Oklch, the same hue and chroma at the highest lightness that reaches the
    /// ratio, chroma lowered (at that lightness and hue) only as far as the sRGB gamut needs, and
    /// the alpha kept. A translucent colour is judged as it shows on the knob; one too
    /// translucent to reach the ratio even at lightness 0 becomes black at its alpha.
    /// Deterministic: the same colour gives the same shade on every replica.
    public static func raised(_ color: RGBAColor, on knob: RGBAColor) -> RGBAColor {
        guard ratio(of: color, on: knob) < minimumRatio else { return color }
        let start = OKLab(linearSRGB: (linear(color.red), linear(color.green), linear(color.blue)))
        let (chroma, hue) = (start.chroma, start.hue)
        func shade(_ l: Double) -> RGBAColor {
            let c = chromaInGamut(l: l, chroma: chroma, hue: hue)
            let rgb = OKLab(l: l, chroma: c, hue: hue).linearSRGB
            func channel(_ v: Double) -> UInt8 { UInt8((encoded(linear: min(max(v, 0), 1)) * 255).rounded()) }
            return RGBAColor(red: channel(rgb.r), green: channel(rgb.g), blue: channel(rgb.b), alpha: color.alpha)
        }
        // The ratio falls as lightness rises: bisect for the highest lightness that reaches it.
        var low = 0.0, high = start.l
        guard ratio(of: shade(low), on: knob) >= minimumRatio else { return shade(low) }
        for _ in 0 ..< 40 {
            let mid = (low + high) / 2
            if ratio(of: shade(mid), on: knob) >= minimumRatio { low = mid } else { high = mid }
        }
        return shade(low)
    }

    /// The highest chroma at most `chroma` whose colour at lightness `l` and `hue` is in the
    /// sRGB gamut (every linear channel in 0...1, within 1e-9), by bisection.
    static func chromaInGamut(l: Double, chroma: Double, hue: Double) -> Double {
        func inGamut(_ c: Double) -> Bool {
            let rgb = OKLab(l: l, chroma: c, hue: hue).linearSRGB
            return [rgb.r, rgb.g, rgb.b].allSatisfy { $0 >= -1e-9 && $0 <= 1 + 1e-9 }
        }
        if inGamut(chroma) { return chroma }
        var low = 0.0, high = chroma
        for _ in 0 ..< 40 {
            let mid = (low + high) / 2
            if inGamut(mid) { low = mid } else { high = mid }
        }
        return low
    }
}
