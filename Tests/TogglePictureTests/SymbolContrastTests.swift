import Scene
import Testing
import TogglePicture

/// `contrast=auto`'s arithmetic against values from outside: Björn Ottosson's table of Oklab
/// test values (XYZ to Oklab, his 2020 post "A perceptual color space for image processing"),
/// and WCAG 2 contrast ratios as WebAIM's checker gives them. The shades themselves are checked
/// against coloraide's Oklch by `scripts/check-contrast`.
struct SymbolContrastTests {
    func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

    @Test func oklabMatchesOttossonsTable() {
        // XYZ (D65) -> Oklab, to the table's 3 decimals (CSS Color 4's M1 for the D65 white
        // point moves the fourth).
        let table: [((Double, Double, Double), (Double, Double, Double))] = [
            ((0.950, 1.000, 1.089), (1.000, 0.000, 0.000)),
            ((1.000, 0.000, 0.000), (0.450, 1.236, -0.019)),
            ((0.000, 1.000, 0.000), (0.922, -0.671, 0.263)),
            ((0.000, 0.000, 1.000), (0.153, -1.415, -0.449)),
        ]
        for (xyz, lab) in table {
            let got = OKLab(xyz: xyz)
            #expect(close(got.l, lab.0, 0.0015) && close(got.a, lab.1, 0.0015) && close(got.b, lab.2, 0.0015),
                    "\(xyz): \(got)")
            let back = got.xyz
            #expect(close(back.x, xyz.0, 1e-9) && close(back.y, xyz.1, 1e-9) && close(back.z, xyz.2, 1e-9))
        }
        // sRGB white is Oklab (1, 0, 0), black (0, 0, 0).
        let white = OKLab(linearSRGB: (1, 1, 1))
        #expect(close(white.l, 1, 1e-9) && white.chroma < 1e-9)
        #expect(OKLab(linearSRGB: (0, 0, 0)).l == 0)
    }

    @Test func contrastRatiosAreWCAGs() {
        // WebAIM's contrast checker: black on white 21:1, #767676 4.54:1, #949494 3.03:1,
        // #959595 2.99:1 (the lightest grey at 3:1 is #949494).
        let cases: [(RGBAColor, Double)] = [
            (.black, 21), (RGBAColor(red: 0x76, green: 0x76, blue: 0x76), 4.54),
            (RGBAColor(red: 0x94, green: 0x94, blue: 0x94), 3.03), (RGBAColor(red: 0x95, green: 0x95, blue: 0x95), 2.99),
            (.white, 1),
        ]
        for (color, expected) in cases {
            #expect(close(SymbolContrast.ratio(of: color, on: .white), expected, 0.01), "\(color)")
        }
    }

    @Test func raisedKeepsWhatReachesThreeToOneAndDarkensTheRest() {
        let blue = RGBAColor(red: 0, green: 122, blue: 255)            // 4.02:1: kept
        let gray = RGBAColor(red: 142, green: 142, blue: 147)          // the off symbol, 3.26:1: kept
        #expect(SymbolContrast.raised(blue, on: .white) == blue)
        #expect(SymbolContrast.raised(gray, on: .white) == gray)
        // White has no hue: its nearest shade at 3:1 is the lightest grey that reaches it.
        #expect(SymbolContrast.raised(.white, on: .white) == RGBAColor(red: 0x94, green: 0x94, blue: 0x94))
        for color in [RGBAColor(red: 255, green: 204, blue: 0), RGBAColor(red: 0, green: 199, blue: 190),
                      RGBAColor(red: 50, green: 173, blue: 230), RGBAColor(red: 52, green: 199, blue: 89),
                      RGBAColor(red: 255, green: 255, blue: 0), RGBAColor(red: 255, green: 239, blue: 213)] {
            let raised = SymbolContrast.raised(color, on: .white)
            let ratio = SymbolContrast.ratio(of: raised, on: .white)
            #expect(ratio >= 3 && ratio < 3.2, "\(color) -> \(raised): \(ratio)")
            // Darker, and the hue kept (within a few degrees: 8-bit rounding moves it).
            let (before, after) = (oklab(color), oklab(raised))
            #expect(after.l < before.l)
            var turn = abs(after.hue - before.hue)
            if turn > .pi { turn = 2 * .pi - turn }
            #expect(turn < 0.05, "\(color) -> \(raised): hue turned \(turn) rad")
            #expect(after.chroma <= before.chroma + 0.004)
        }
    }

    @Test func aTranslucentColourIsJudgedAsItShowsOnTheKnob() {
        let half = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.5)   // shows as #808080 on white: 3.95:1
        #expect(SymbolContrast.raised(half, on: .white) == half)
        // Blue at 0.3 shows as (179, 215, 255); even black at 0.3 shows as (179, 179, 179), 2.07:1:
        // the darkest shade, black, keeping the alpha.
        let faint = RGBAColor(red: 0, green: 122, blue: 255, alpha: 0.3)
        #expect(SymbolContrast.raised(faint, on: .white) == RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.3))
    }

    @Test func theSpecRaisesOnlyWhenAsked() {
        var spec = ToggleSpec()
        spec.state = .on
        spec.tint = .named(.yellow)
        #expect(spec.resolvedColors.symbol == RGBAColor(red: 255, green: 204, blue: 0))
        let plainKey = spec.canonicalKey
        spec.raisesSymbolContrast = true
        #expect(spec.resolvedColors.track == RGBAColor(red: 255, green: 204, blue: 0))
        #expect(SymbolContrast.ratio(of: spec.resolvedColors.symbol, on: .white) >= 3)
        #expect(spec.canonicalKey != plainKey)
        // A tint that reaches 3:1 draws the same picture, under the same key.
        spec.tint = .named(.blue)
        let raisedBlue = spec.canonicalKey
        spec.raisesSymbolContrast = false
        #expect(spec.canonicalKey == raisedBlue)
    }

    func oklab(_ c: RGBAColor) -> OKLab {
        OKLab(linearSRGB: (SymbolContrast.linear(c.red), SymbolContrast.linear(c.green), SymbolContrast.linear(c.blue)))
    }
}
