import Foundation

/// Colour in Oklab (Björn Ottosson, "A perceptual color space for image processing", 2020), with
/// the matrices of CSS Color Module Level 4 (section 17, sample code): its M1 made for the D65
/// white point (0.3127, 0.3290) that sRGB uses, both matrices at double precision. `l` is
/// perceived lightness (0 black ... 1 white); `a` and `b` the green-red and blue-yellow axes.
public struct OKLab: Sendable, Equatable {
    public var l: Double
    public var a: Double
    public var b: Double

    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// CIE XYZ (D65, Y = 1 for white) to Oklab: M1, a cube root per channel, M2.
    public init(xyz: (x: Double, y: Double, z: Double)) {
        let lms = Self.xyzToLMS.apply(xyz)
        let root = (cbrt(lms.0), cbrt(lms.1), cbrt(lms.2))
        (l, a, b) = Self.lmsToOKLab.apply(root)
    }

    /// CIE XYZ (D65) of this colour.
    public var xyz: (x: Double, y: Double, z: Double) {
        let root = Self.okLabToLMS.apply((l, a, b))
        return Self.lmsToXYZ.apply((root.0 * root.0 * root.0, root.1 * root.1 * root.1, root.2 * root.2 * root.2))
    }

    /// Linear-light sRGB (0...1 in gamut) to Oklab, through XYZ.
    public init(linearSRGB rgb: (r: Double, g: Double, b: Double)) {
        self.init(xyz: Self.linearSRGBToXYZ.apply(rgb))
    }

    /// Linear-light sRGB of this colour; a channel outside 0...1 is out of the sRGB gamut.
    public var linearSRGB: (r: Double, g: Double, b: Double) { Self.xyzToLinearSRGB.apply(xyz) }

    /// Chroma, the distance from the grey axis: hypot(a, b).
    public var chroma: Double { (a * a + b * b).squareRoot() }

    /// Hue angle, radians: atan2(b, a).
    public var hue: Double { atan2(b, a) }

    /// The colour of lightness `l`, chroma `chroma` and hue `hue` (radians): Oklch to Oklab.
    public init(l: Double, chroma: Double, hue: Double) {
        self.init(l: l, a: chroma * cos(hue), b: chroma * sin(hue))
    }

    /// A 3 x 3 matrix by rows.
    struct Matrix {
        var rows: [(Double, Double, Double)]

        func apply(_ v: (Double, Double, Double)) -> (Double, Double, Double) {
            func row(_ r: (Double, Double, Double)) -> Double { r.0 * v.0 + r.1 * v.1 + r.2 * v.2 }
            return (row(rows[0]), row(rows[1]), row(rows[2]))
        }
    }

    // CSS Color 4's lin_sRGB_to_XYZ and XYZ_to_lin_sRGB: sRGB's primaries and D65 white
    // (IEC 61966-2-1) as exact fractions.
    static let linearSRGBToXYZ = Matrix(rows: [
        (506_752 / 1_228_815, 87_881 / 245_763, 12_673 / 70_218),
        (87_098 / 409_605, 175_762 / 245_763, 12_673 / 175_545),
        (7_918 / 409_605, 87_881 / 737_289, 1_001_167 / 1_053_270),
    ])
    static let xyzToLinearSRGB = Matrix(rows: [
        (12_831 / 3_959, -329 / 214, -1_974 / 3_959),
        (-851_781 / 878_810, 1_648_619 / 878_810, 36_519 / 878_810),
        (705 / 12_673, -2_585 / 12_673, 705 / 667),
    ])
    // CSS Color 4's XYZ_to_OKLab and OKLab_to_XYZ: M1 (XYZ to LMS) and M2 (cube-rooted LMS to
    // Oklab), and their inverses.
    static let xyzToLMS = Matrix(rows: [
        (0.8190224379967030, 0.3619062600528904, -0.1288737815209879),
        (0.0329836539323885, 0.9292868615863434, 0.0361446663506424),
        (0.0481771893596242, 0.2642395317527308, 0.6335478284694309),
    ])
    static let lmsToOKLab = Matrix(rows: [
        (0.2104542683093140, 0.7936177747023054, -0.0040720430116193),
        (1.9779985324311684, -2.4285922420485799, 0.4505937096174110),
        (0.0259040424655478, 0.7827717124575296, -0.8086757549230774),
    ])
    static let okLabToLMS = Matrix(rows: [
        (1.0, 0.3963377773761749, 0.2158037573099136),
        (1.0, -0.1055613458156586, -0.0638541728258133),
        (1.0, -0.0894841775298119, -1.2914855480194092),
    ])
    static let lmsToXYZ = Matrix(rows: [
        (1.2268798758459243, -0.5578149944602171, 0.2813910456659647),
        (-0.0405757452148008, 1.1122868032803170, -0.0717110580655164),
        (-0.0763729366746601, -0.4214933324022432, 1.5869240198367816),
    ])
}
