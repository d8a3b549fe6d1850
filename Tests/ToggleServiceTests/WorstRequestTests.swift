import ImageWriters
@testable import QueryLanguage
import XCTest

/// The bounds on one request's work, at their edges: an animation's estimated cost (the frames
/// and the pixels they redraw, at most about 250 million instructions), a still PNG's (its
/// pixels, label lines and characters, the same budget) and every still picture's pixels
/// (3,500,000), each just under (parses) and just over (a 400 naming the parameter, the value
/// and the limit).
final class WorstRequestTests: XCTestCase {
    static let longLabel = String(repeating: "W", count: 200)

    func testToggleAnimationOverTheCostBoundIsA400OnAnimate() throws {
        // Ordinary animations fit: retina switches once and looping, scale 4 once.
        for q in ["on=1&animate=1&scale=3", "on=1&animate=1&loop=1&scale=3", "on=1&animate=1&loop=1&fps=60&scale=2",
                  "on=1&animate=1&scale=4", "on=1&animate=1&loop=1&fps=30&scale=4"] {
            XCTAssertNoThrow(try ToggleQuery(rawQuery: q), q)
        }
        // A default switch at scale 4 is 230 x 128 px (58 x 32 pt): looping at 60 fps, 96 frames
        // of it (2.8 million px) do not fit.
        let e = try XCTUnwrap(rejection("on=1&animate=1&loop=1&fps=60&scale=4"))
        XCTAssertEqual(e.error, "animation too large")
        XCTAssertEqual(e.parameter, "animate")
        XCTAssertEqual(e.value, "1")
        for part in ["about 250 million instructions", "96 frames of 230 x 128 px", "redraws 2826240 px", "fps 60",
                     "loop 1", "scale 4"] {
            XCTAssertTrue(e.expected.contains(part), "\(part) missing from \(e.expected)")
        }
        XCTAssertTrue(e.expected.hasSuffix("a lower fps, loop=0, a lower scale or a smaller size"), e.expected)
        // The worst toggle: 4x accessibility5, looping at 60 fps; played once at 10 fps it does
        // not fit either now, at scale 3 it does.
        XCTAssertEqual(rejection("animate=1&loop=1&fps=60&size=accessibility5&on=1&scale=4")?.error, "animation too large")
        XCTAssertEqual(rejection("animate=1&fps=10&size=accessibility5&on=1&scale=4")?.error, "animation too large")
        XCTAssertNoThrow(try ToggleQuery(rawQuery: "animate=1&fps=10&size=accessibility5&on=1&scale=3"))
    }

    /// An animated SVG draws no frame: the raster cost does not bound it, its frames' pixels do
    /// (96 frames of 230 x 128 px: 2,826,240 of at most 3,000,000): a looping switch at scale 4,
    /// a 400 as a PNG, and the playground's looping Wi-Fi row at scale 3 fit as SVGs; the frames of
    /// a looping accessibility5 switch at scale 2 (98 of 325 x 180 px, 5.7 million) do not.
    func testAnimatedSVGsAreBoundedByTheirFramesPixels() throws {
        XCTAssertNoThrow(try ToggleQuery(rawQuery: "on=1&animate=1&loop=1&fps=60&scale=4", format: .svg))
        XCTAssertNoThrow(try RowQuery(rawQuery: "label=Wi-Fi&on=1&on_sym=moon.fill&scale=3&size=xLarge&pad=4&animate=1&loop=1",
                                      format: .svg))
        XCTAssertNotNil(rowRejection("label=Wi-Fi&on=1&on_sym=moon.fill&scale=3&size=xLarge&pad=4&animate=1&loop=1"))
        do {
            _ = try ToggleQuery(rawQuery: "on=1&animate=1&loop=1&size=accessibility5&scale=2", format: .svg)
            XCTFail("accepted")
        } catch {
            XCTAssertEqual(error.parameter, "animate")
            XCTAssertTrue(error.expected.contains("at most 3000000 px over all its frames"), error.expected)
            XCTAssertTrue(error.expected.contains("98 frames of 325 x 180 px"), error.expected)
        }
    }

    func testRowAnimationOverTheCostBoundIsA400OnAnimate() throws {
        // A row's first frame is drawn whole, the others around the button only.
        XCTAssertNoThrow(try RowQuery(rawQuery: "label=Wi-Fi&style=button&on=1&animate=1&loop=1&fps=60&scale=2"))
        XCTAssertNoThrow(try RowQuery(rawQuery: "label=Wi-Fi&style=button&on=1&animate=1&scale=3"))
        let e = try XCTUnwrap(rowRejection("label=Wi-Fi&style=button&on=1&animate=1&loop=1&fps=60&scale=3.5"))
        XCTAssertEqual(e.error, "animation too large")
        XCTAssertEqual(e.parameter, "animate")
        for part in ["a first frame of 1225 x 154 px", "width 350", "scale 3.5", "size large", "1 line(s) of label"] {
            XCTAssertTrue(e.expected.contains(part), "\(part) missing from \(e.expected)")
        }
        // No pad to take away and a label on one line: neither is offered.
        XCTAssertTrue(e.expected.hasSuffix("a lower fps, loop=0, a lower scale or a smaller size"), e.expected)
        // The worst animated row: 200 W's, 1200 pt, a button that draws them in every frame.
        let worst = "label=\(Self.longLabel)&width=1200&scale=1&size=xSmall&animate=1&loop=1&fps=60&style=button&on=1"
        XCTAssertEqual(rowRejection(worst)?.error, "animation too large")
        // Its label wraps to three lines at xSmall and scale 1, the lowest: only a shorter label is
        // offered after the frame rate and the loop.
        XCTAssertTrue(rowRejection(worst)?.expected.hasSuffix("a lower fps, loop=0 or a shorter label") == true,
                      rowRejection(worst)?.expected ?? "")
        // A switch row redraws only around its switch: the long label is drawn once.
        XCTAssertNoThrow(try RowQuery(rawQuery: "label=\(Self.longLabel)&width=1200&scale=2&animate=1&loop=1&fps=60&on=1"))
    }

    /// A button draws its label in every frame: six letters with 30 combining marks each are
    /// more curves than the budget holds at any size, so no pixel count is offered as the limit.
    func testAnAnimationWhoseShapesAloneDoNotFitSaysSo() throws {
        let marked = String(repeating: "a" + String(repeating: "\u{0363}", count: 30), count: 6)
            .addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let e = try XCTUnwrap(rejection("style=button&label=\(marked)&animate=1&on=1"))
        XCTAssertEqual(e.error, "animation too large")
        XCTAssertTrue(e.expected.contains("whose frames' shapes and label fit"), e.expected)
        XCTAssertFalse(e.expected.contains("at most 0 px"), e.expected)
        XCTAssertTrue(e.expected.contains("a label of 6 characters"), e.expected)
    }

    func testAnimationTooLargeSuggestsOnlyRemediesThatApply() throws {
        // Played once at the lowest fps, only a smaller picture helps.
        // 10 frames of 729 x 441 px: an accessibility5 switch with 10 pt of pad each way at scale 4.
        let e = try XCTUnwrap(rejection("animate=1&fps=10&size=accessibility5&on=1&scale=4&pad=10"))
        XCTAssertEqual(e.error, "animation too large")
        XCTAssertTrue(e.expected.hasSuffix("fps 10, loop 0, scale 4, size accessibility5, pad 10): "
                                           + "a lower scale, a smaller size or less pad"), e.expected)
        XCTAssertFalse(e.expected.contains("loop=0"), e.expected)
        XCTAssertFalse(e.expected.contains("a lower fps"), e.expected)
    }

    func testStillRowOverThreeAndAHalfMillionPixelsIsA400OnScaleInEveryFormat() throws {
        // 1200 pt x 682 pt at accessibility5: scale 2 is 2400 x 1364 px, 2.1 is 2520 x 1432.
        let q = "label=\(Self.longLabel)&width=1200&size=accessibility5&scale="
        XCTAssertNoThrow(try RowQuery(rawQuery: q + "2", format: .svg))
        let e = try XCTUnwrap(rowRejection(q + "2.1", format: .svg))
        XCTAssertEqual(e.error, "picture too large")
        XCTAssertEqual(e.parameter, "scale")
        XCTAssertEqual(e.value, "2.1")
        XCTAssertTrue(e.expected.contains("a picture of at most 3500000 px (this one is 2520 x 1432)"), e.expected)
        XCTAssertEqual(rowRejection(q + "3")?.error, "picture too large")
    }

    /// A still PNG is held to what laying it out, drawing and compressing it costs (at most about
    /// 250 million instructions): 200 W's at accessibility5 across 1200 pt fit at scale 1.15
    /// (1380 x 784 px, 1.08 million px, 79 % of it label lines) and not at 1.25; the SVG of the
    /// larger one is not drawn here and fits.
    func testStillPNGOverTheCostBoundIsA400OnScale() throws {
        let q = "label=\(Self.longLabel)&width=1200&size=accessibility5&scale="
        XCTAssertNoThrow(try RowQuery(rawQuery: q + "1.15"))
        let e = try XCTUnwrap(rowRejection(q + "1.25"))
        XCTAssertEqual(e.error, "picture too large")
        XCTAssertEqual(e.parameter, "scale")
        XCTAssertEqual(e.value, "1.25")
        for part in ["at most about 250 million instructions", "1500 x 853 px", "200 glyphs in the label",
                     "width 1200, scale 1.25, size accessibility5"] {
            XCTAssertTrue(e.expected.contains(part), "\(part) missing from \(e.expected)")
        }
        XCTAssertTrue(e.expected.hasSuffix("or the .svg of the same picture"), e.expected)
        XCTAssertNoThrow(try RowQuery(rawQuery: q + "1.25", format: .svg))
    }

    /// What people ask for stays: the seed card at scale 4, twelve short rows at scale 2, a
    /// one-word row across 1200 pt at scale 4, the largest switch (accessibility5, pad 64, scale 4).
    func testTypicalLargeStillsFitTheCostBound() throws {
        XCTAssertNoThrow(try CardQuery(rawQuery: "scale=4"))
        let twelve = (1...12).map { "row\($0).label=Setting%20\($0)" }.joined(separator: "&")
        XCTAssertNoThrow(try CardQuery(rawQuery: twelve + "&scale=2"))
        XCTAssertNoThrow(try RowQuery(rawQuery: "label=Wi-Fi&width=1200&scale=4&size=accessibility5"))
        XCTAssertNoThrow(try ToggleQuery(rawQuery: "scale=4&pad=64&size=accessibility5&on=1"))
        // Twelve short rows at scale 3 (1170 x 2040 px) cost more: a 400 that offers a lower scale.
        let e = try XCTUnwrap(cardRejection(twelve + "&scale=3"))
        XCTAssertEqual(e.parameter, "scale")
        XCTAssertTrue(e.expected.contains("1170 x 2040 px"), e.expected)
        XCTAssertTrue(e.expected.contains("a lower scale"), e.expected)
        // The seed card at scale 3 and accessibility3 (1170 x 1481 px): every remedy applies.
        let seed = try XCTUnwrap(cardRejection("scale=3&size=accessibility3"))
        XCTAssertTrue(seed.expected.hasSuffix("a lower scale, a smaller size, a narrower width, fewer rows, shorter labels "
                                              + "or the .svg of the same picture"), seed.expected)
    }

    /// Twelve rows of 200-character labels: 2,400 characters cost more than the budget to lay out
    /// and draw (each at least a glyph and, in a button, its layouts), so the card is a 400 on a
    /// row's label before any is laid out, in every format; six such rows pass that check and
    /// fit as an SVG.
    func testCardOfTwelveLongRowsIsA400BeforeLayout() throws {
        var q = "width=1200"
        for n in 1...12 { q += "&row\(n).label=\(Self.longLabel)" }
        for format in [ImageFormat.png, .svg] {
            do throws(ParameterError) {
                _ = try CardQuery(rawQuery: q, format: format)
                XCTFail("accepted as \(format)")
            } catch {
                XCTAssertEqual(error.error, "label too long")
                XCTAssertEqual(error.parameter, "row1.label")
                XCTAssertTrue(error.expected.contains("(this one has 2400)"), error.expected)
            }
        }
        var six = "width=1200"
        for n in 1...6 { six += "&row\(n).label=\(Self.longLabel)" }
        XCTAssertNoThrow(try CardQuery(rawQuery: six, format: .svg))
    }

    /// A toggle's label counts by its characters: a button of 200 CJK characters at scale 4
    /// (13712 x 136 px) is a 400; at scale 2 it fits.
    func testLabelledToggleOverTheCostBoundIsA400() throws {
        let label = String(repeating: "\u{6F22}", count: 200).addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        XCTAssertEqual(rejection("label=\(label)&style=button&scale=4")?.error, "picture too large")
        XCTAssertNoThrow(try ToggleQuery(rawQuery: "label=\(label)&style=button&scale=2"))
    }

    /// Distinct emoji cost most of all (each decoded from its PNG and resampled): the 60 code
    /// points from U+1F300 across 1200 pt fit at scale 2 and not at 2.5, as PNG; an SVG of 150
    /// is held to the budget by its label alone; an animated row counts its label once, with its
    /// frames.
    func testDistinctEmojiAreBoundedInEveryFormat() throws {
        let sixty = (0..<60).map { String(UnicodeScalar(0x1F300 + $0)!) }.joined()
            .addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        XCTAssertNoThrow(try RowQuery(rawQuery: "label=\(sixty)&width=1200&scale=2"))
        let e = try XCTUnwrap(rowRejection("label=\(sixty)&width=1200&scale=2.5"))
        XCTAssertEqual(e.parameter, "scale")
        XCTAssertTrue(e.expected.contains(" distinct emoji in the label"), e.expected)
        XCTAssertEqual(rowRejection("label=\(sixty)&width=1200&scale=2&animate=1&on=1")?.parameter, "animate")
        let many = (0..<150).map { String(UnicodeScalar(0x1F300 + $0)!) }.joined()
            .addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let svg = try XCTUnwrap(rowRejection("label=\(many)&width=1200&scale=2", format: .svg))
        XCTAssertEqual(svg.error, "label too long")
        XCTAssertEqual(svg.parameter, "label")
        XCTAssertTrue(svg.expected.hasSuffix("distinct emoji; an emoji costs as much as about 30 other glyphs): "
                                             + "shorter labels or fewer distinct emoji"), svg.expected)
    }

    /// A character (grapheme cluster) holds at most 31 code points, UAX #15's stream-safe bound:
    /// an emoji ZWJ chain of 17 (33 code points) is refused, the longest RGI sequence (10) is not.
    func testAnOverlongCharacterIsA400() throws {
        let kiss = "\u{1F469}\u{1F3FB}\u{200D}\u{2764}\u{FE0F}\u{200D}\u{1F48B}\u{200D}\u{1F468}\u{1F3FC}"
        XCTAssertEqual(kiss.unicodeScalars.count, 10)
        XCTAssertNoThrow(try RowQuery(rawQuery: "label=" + kiss.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!))
        let chain = Array(repeating: "\u{1F600}", count: 17).joined(separator: "\u{200D}")
        XCTAssertEqual(chain.count, 1)
        let e = try XCTUnwrap(rowRejection("label=" + chain.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!))
        XCTAssertEqual(e.parameter, "label")
        XCTAssertTrue(e.expected.contains("at most 31 code points each (one here has 33"), e.expected)
    }

    /// Detail counts: an Egyptian hieroglyph (U+13189, about 900 outline segments) costs tens of
    /// letters, so 200 of them are a 400 naming the segments, 20 fit; twelve rows of a detailed
    /// symbol (`mdi:kubernetes`, 196 segments) fit at scale 1 and not at 2.25, where the same
    /// rows with the default symbols fit.
    func testDetailedGlyphsAndSymbolsCount() throws {
        func hieroglyphs(_ n: Int) -> String {
            String(repeating: "\u{13189}", count: n).addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        }
        XCTAssertNoThrow(try RowQuery(rawQuery: "label=\(hieroglyphs(20))&width=1200"))
        let e = try XCTUnwrap(rowRejection("label=\(hieroglyphs(200))&width=1200"))
        XCTAssertTrue(e.expected.contains("outline segments of detail"), e.expected)
        let rows = (1...12).map { n in
            "row\(n).label=Setting&row\(n).style=iconSwitch&row\(n).on_sym=mdi:kubernetes&row\(n).off_sym=mdi:kubernetes"
        }.joined(separator: "&")
        XCTAssertNoThrow(try CardQuery(rawQuery: rows + "&scale=1"))
        XCTAssertEqual(cardRejection(rows + "&scale=2.25")?.error, "picture too large")
        let plain = (1...12).map { "row\($0).label=Setting&row\($0).style=iconSwitch" }.joined(separator: "&")
        XCTAssertNoThrow(try CardQuery(rawQuery: plain + "&scale=2.25"))
    }
}
