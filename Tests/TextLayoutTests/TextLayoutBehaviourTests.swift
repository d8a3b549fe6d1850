import Foundation
import XCTest
@testable import TextLayout

final class TextLayoutBehaviourTests: XCTestCase {
    let layout = TextLayout.shared
    var hebrew: FontID { get throws { try XCTUnwrap(layout.fontSet.id(family: "Noto Sans Hebrew"), "fonts-noto-core") } }
    var arabic: FontID { get throws { try XCTUnwrap(layout.fontSet.id(family: "Noto Sans Arabic"), "fonts-noto-core") } }

    // MARK: coverage

    func testUncoveredCharacterIsNamedByCodePoint() {
        // U+0378 is unassigned: no font has it.
        XCTAssertThrowsError(try layout.layout("Dark \u{0378} Mode", size: 17, lineHeight: 22)) { error in
            XCTAssertEqual(error as? TextLayoutError, .uncoveredCharacter("\u{0378}"))
            XCTAssertTrue("\(error)".contains("U+0378"), "\(error)")
        }
        XCTAssertEqual(TextLayoutError.codePointText("\u{1F600}"), "U+1F600")
        XCTAssertEqual(TextLayoutError.codePointText("\u{41}"), "U+0041")
    }

    func testFontsAreChosenPerRun() throws {
        let line = try layout.layout("Mode מצב", size: 17, lineHeight: 22, direction: .leftToRight).lines[0]
        XCTAssertEqual(line.runs.map(\.font), [.inter, try hebrew])
        // The space after "Mode" stays with Inter; digits and spaces between Arabic letters stay Arabic.
        let scalars = Array("الوضع 2 الداكن".unicodeScalars)
        let assigned = try layout.fontSet.assignment(of: scalars, clusterEnds: TextBoundaries.graphemeClusterEnds(scalars),
                                                     region: .simplifiedChinese)
        XCTAssertEqual(Set(assigned), [try arabic])
    }

    // MARK: direction

    func testDirectionFromFirstStrongCharacter() {
        XCTAssertEqual(TextDirection.firstStrong(in: "Dark Mode"), .leftToRight)
        XCTAssertEqual(TextDirection.firstStrong(in: "123 מצב כהה"), .rightToLeft)
        XCTAssertEqual(TextDirection.firstStrong(in: "«الوضع»"), .rightToLeft)
        XCTAssertNil(TextDirection.firstStrong(in: "123 - 456"))
    }

    func testRightToLeftLinesEndAtTheRightEdgeAndRunsAreReversed() throws {
        let block = try layout.layout("מצב Wi-Fi", size: 17, lineHeight: 22)
        XCTAssertEqual(block.direction, .rightToLeft)
        // Visual order: the Latin run at the left, the Hebrew run (which comes first) at the right.
        XCTAssertEqual(block.lines[0].runs.map(\.font), [.inter, try hebrew])
        XCTAssertEqual(block.lineStart(ofLine: 0, boxWidth: 200), 200 - block.lines[0].width, accuracy: 1e-9)
        let explicit = try layout.layout("Dark Mode", size: 17, lineHeight: 22, direction: .rightToLeft)
        XCTAssertEqual(explicit.lineStart(ofLine: 0, boxWidth: 200), 200 - explicit.width, accuracy: 1e-9)
        let ltr = try layout.layout("Dark Mode", size: 17, lineHeight: 22)
        XCTAssertEqual(ltr.lineStart(ofLine: 0, boxWidth: 200), 0)
    }

    /// Brackets in right-to-left text are mirrored (UAX #9 rule L4, by HarfBuzz for a run shaped
    /// right to left): "א(ב)" reads "(ב)א" from the left, the logical ")" drawn as "(".
    func testBracketsAreMirroredInRightToLeftRuns() throws {
        let line = try layout.layout("א(ב)", size: 17, lineHeight: 22).lines[0]
        let glyphs = line.runs.flatMap { run in run.glyphs.map { (run.font, $0.glyph) } }
        let expected: [Unicode.Scalar] = ["(", "ב", ")", "א"]
        XCTAssertEqual(glyphs.map(\.1), zip(glyphs, expected).compactMap { layout.font($0.0).glyph(for: $1) })
        XCTAssertEqual(glyphs.count, 4)
    }

    // MARK: line breaking

    func testShortLabelIsOneLine() throws {
        let block = try layout.layout("Automatic Updates", size: 17, lineHeight: 22, maxWidth: 300)
        XCTAssertEqual(block.lines.map(\.text), ["Automatic Updates"])
        XCTAssertEqual(block.height, 22)
    }

    func testLongLabelWrapsAtWordBoundaries() throws {
        let text = "Automatically download and install updates overnight"
        let one = try layout.layout(text, size: 17, lineHeight: 22)
        let maxWidth = one.width * 0.45
        let block = try layout.layout(text, size: 17, lineHeight: 22, maxWidth: maxWidth)
        XCTAssertGreaterThanOrEqual(block.lines.count, 3)
        XCTAssertEqual(block.lines.map(\.text).joined(separator: " "), text, "breaks only at spaces")
        for line in block.lines { XCTAssertLessThanOrEqual(line.width, maxWidth) }
        // Greedy: the next line's first word would not have fitted on the line before.
        for i in 1..<block.lines.count {
            let next = block.lines[i].text.split(separator: " ")[0]
            let joined = try layout.layout(block.lines[i - 1].text + " " + next, size: 17, lineHeight: 22).lines[0]
            XCTAssertGreaterThan(joined.width, maxWidth)
        }
        XCTAssertEqual(block.height, Double(block.lines.count) * 22)
    }

    func testWordLongerThanTheLineBreaksAnywhere() throws {
        let word = "Supercalifragilisticexpialidocious"
        let block = try layout.layout("A " + word, size: 17, lineHeight: 22, maxWidth: 80)
        XCTAssertEqual(block.lines.first?.text, "A")
        XCTAssertGreaterThanOrEqual(block.lines.count, 3)
        XCTAssertEqual(block.lines.dropFirst().map(\.text).joined(), word)
        for line in block.lines { XCTAssertLessThanOrEqual(line.width, 80) }
    }

    // MARK: metrics

    /// Ascender and descender read straight from the font files' `hhea` and `OS/2` tables (here,
    /// not through HarfBuzz): `OS/2.sTypoAscender/Descender` when `fsSelection` bit 7
    /// (USE_TYPO_METRICS) is set, else `hhea.ascender/descender` (OpenType specification; a
    /// collection's `ttcf` header gives each face's table directory).
    func testLineMetricsComeFromTheFontTables() throws {
        let families = ["Inter Medium", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Thai", "Noto Sans CJK KR"]
        for family in families {
            let loaded = layout.font(try XCTUnwrap(layout.fontSet.id(family: family), family))
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: loaded.path)))
            func u16(_ o: Int) -> Int { Int(bytes[o]) << 8 | Int(bytes[o + 1]) }
            func i16(_ o: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(o)))) }
            func u32(_ o: Int) -> Int { u16(o) << 16 | u16(o + 2) }
            let directory = String(decoding: bytes[0..<4], as: UTF8.self) == "ttcf" ? u32(12 + 4 * loaded.faceIndex) : 0
            var tables: [String: Int] = [:]
            for i in 0..<u16(directory + 4) {
                let record = directory + 12 + 16 * i
                tables[String(decoding: bytes[record..<record + 4], as: UTF8.self)] = u32(record + 8)
            }
            let head = try XCTUnwrap(tables["head"]), hhea = try XCTUnwrap(tables["hhea"]), os2 = try XCTUnwrap(tables["OS/2"])
            let useTypo = u16(os2 + 62) & 0x80 != 0
            let ascender = useTypo ? i16(os2 + 68) : i16(hhea + 4)
            let descender = useTypo ? i16(os2 + 70) : i16(hhea + 6)
            XCTAssertEqual(loaded.unitsPerEm, u16(head + 18), family)
            XCTAssertEqual(loaded.ascender, ascender, family)
            XCTAssertEqual(loaded.descender, -descender, family)
        }
    }

    /// A line mixing fonts takes the tallest run's ascender and descender (CoreText's rule).
    func testMixedLineTakesTheTallestRunsMetrics() throws {
        let inter = layout.font(.inter), thai = layout.font(try XCTUnwrap(layout.fontSet.id(family: "Noto Sans Thai")))
        let line = try layout.layout("Wi-Fi อัปเดต", size: 17, lineHeight: 22).lines[0]
        XCTAssertEqual(line.runs.count, 2)
        let scale = { (font: Font, units: Int) in Double(units) * 17 / Double(font.unitsPerEm) }
        XCTAssertEqual(line.ascender, max(scale(inter, inter.ascender), scale(thai, thai.ascender)), accuracy: 1e-9)
        XCTAssertEqual(line.descender, max(scale(inter, inter.descender), scale(thai, thai.descender)), accuracy: 1e-9)
        XCTAssertNotEqual(scale(inter, inter.descender), scale(thai, thai.descender), "the two fonts differ")
    }

    func testBaselinePerDesignFormula() throws {
        let inter = layout.font(.inter)
        for (index, size) in BodyText.sizes.enumerated() {
            let factors = [0.8636, 0.9091, 0.9545, 1, 1.0909, 1.1818, 1.3182, 1.5455, 1.8182, 2.1818, 2.5455, 2.8182]
            let lineHeight = BodyText.lineHeight(factor: factors[index])
            let block = try layout.layout("Dark Mode Dark Mode", size: size, lineHeight: lineHeight,
                                          maxWidth: 0.75 * (try layout.layout("Dark Mode Dark Mode", size: size, lineHeight: lineHeight).width))
            XCTAssertEqual(block.lines.count, 2)
            let a = Double(inter.ascender) * size / Double(inter.unitsPerEm)
            let d = Double(inter.descender) * size / Double(inter.unitsPerEm)
            XCTAssertEqual(block.baseline(ofLine: 0), (lineHeight - (a + d)) / 2 + a, accuracy: 1e-9)
            XCTAssertEqual(block.baseline(ofLine: 1), lineHeight + (lineHeight - (a + d)) / 2 + a, accuracy: 1e-9)
        }
        XCTAssertEqual(BodyText.sizes[3], 17, "Large is 17 pt")
        XCTAssertEqual(BodyText.lineHeight(factor: 1), 22)
    }

    // MARK: licences

    func testLicenceShipsBesideInter() throws {
        let text = try XCTUnwrap(BundledFont.licenceText, "\(BundledFont.licenceFileName) in the resource bundle")
        XCTAssertTrue(text.contains("License: OFL-1.1"))
        XCTAssertTrue(text.contains("SIL OPEN FONT LICENSE") || text.contains("Open Font License"))
        XCTAssertTrue(text.contains("PREAMBLE"), "the full licence text, not only its name")
    }

    /// Runs `scripts/vendor-fonts --check` (downloads the pinned Debian package, about
    /// 15 MB), which extracts the fonts and licences afresh and compares them with the committed
    /// files. Opt in with `FONTS_VENDOR_CHECK=1 swift test --filter TextLayoutBehaviourTests`.
    func testVendoredFontsMatchDebiansPackages() throws {
        guard ProcessInfo.processInfo.environment["FONTS_VENDOR_CHECK"] == "1" else {
            throw XCTSkip("set FONTS_VENDOR_CHECK=1 to run scripts/vendor-fonts --check (needs network)")
        }
        let script = fontsDirectory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/vendor-fonts")
        let result = try runTool(script.path, ["--check"])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    // MARK: cache

    func testShapedRunsAndOutlinesAreCached() {
        let layout = TextLayout(fontSet: FontSet(fonts: [self.layout.font(.inter)]))
        let a = layout.shape("Sound", font: .inter, size: 17, direction: .leftToRight, language: "en")
        let b = layout.shape("Sound", font: .inter, size: 17, direction: .leftToRight, language: "en")
        XCTAssertEqual(a.glyphs, b.glyphs)
        XCTAssertEqual(layout.cachedCounts.runs, 1, "the second call is a hit")
        _ = layout.shape("Sound", font: .inter, size: 19, direction: .leftToRight, language: "en")
        XCTAssertEqual(layout.cachedCounts.runs, 2, "keyed by size")
        let glyph = a.glyphs[0].glyph
        XCTAssertEqual(layout.outline(font: .inter, glyph: glyph), layout.font(.inter).outline(of: glyph))
        XCTAssertFalse(layout.outline(font: .inter, glyph: glyph).isEmpty)
        XCTAssertEqual(layout.cachedCounts.outlines, 1)
    }
}

/// Numbers inside right-to-left text read left to right (UAX #9: European and Arabic-Indic
/// digits are weak types resolved to an even level inside a right-to-left run, rule I1).
final class NumbersInRightToLeftTextTests: XCTestCase {
    func testDigitsInHebrewAreDrawnLeftToRight() throws {
        let layout = TextLayout.shared
        // Noto Sans Hebrew has no digits, so "17" is an Inter run without strong characters.
        let line = try layout.layout("גרסה 17", size: 17, lineHeight: 22, direction: .rightToLeft).lines[0]
        // Visual order: the number at the left, then the word; the number's glyphs 1 then 7.
        XCTAssertEqual(line.runs.map(\.font), [.inter, try XCTUnwrap(layout.fontSet.id(family: "Noto Sans Hebrew"))])
        let number = line.runs[0]
        XCTAssertEqual(number.direction, .leftToRight)
        let inter = layout.font(.inter)
        XCTAssertEqual(number.glyphs.map(\.glyph), [inter.glyph(for: "1"), inter.glyph(for: "7")].compactMap { $0 })
        // Arabic-Indic digits in Noto Sans Arabic stay in the Arabic run and still read left to right.
        let arabic = try layout.layout("الإصدار ١٧", size: 17, lineHeight: 22, direction: .rightToLeft).lines[0]
        XCTAssertEqual(arabic.runs.map(\.direction), [.leftToRight, .rightToLeft])
        let noto = layout.font(try XCTUnwrap(layout.fontSet.id(family: "Noto Sans Arabic")))
        XCTAssertEqual(arabic.runs[0].glyphs.map(\.glyph), [noto.glyph(for: "١"), noto.glyph(for: "٧")].compactMap { $0 })
    }
}

/// Scripts without spaces between words wrap where ICU's line breaking allows, in the system's
/// fonts: Thai between dictionary words, Japanese between characters but never before a closing
/// mark.
final class ScriptWrappingTests: XCTestCase {
    let layout = TextLayout.shared

    func testLongThaiLabelWrapsBetweenDictionaryWords() throws {
        // "Update software automatically every day": อัปเดต ซอฟต์แวร์ อัตโนมัติ ทุก วัน.
        let words = ["อัปเดต", "ซอฟต์แวร์", "อัตโนมัติ", "ทุก", "วัน"]
        let text = words.joined()
        let one = try layout.layout(text, size: 17, lineHeight: 22)
        let block = try layout.layout(text, size: 17, lineHeight: 22, maxWidth: one.width * 0.5)
        XCTAssertGreaterThanOrEqual(block.lines.count, 2)
        XCTAssertEqual(block.lines.map(\.text).joined(), text)
        var ends: Set<Int> = [], offset = 0
        for word in words { offset += word.unicodeScalars.count; ends.insert(offset) }
        offset = 0
        for line in block.lines.dropLast() {
            offset += line.text.unicodeScalars.count
            XCTAssertTrue(ends.contains(offset), "\"\(line.text)\" ends inside a word")
        }
        for line in block.lines { XCTAssertLessThanOrEqual(line.width, one.width * 0.5) }
    }

    func testJapaneseLineNeverStartsWithClosingPunctuation() throws {
        let text = "「設定」を開き、自動アップデートをオンにします。次に「完了」を押します。"
        let one = try layout.layout(text, size: 17, lineHeight: 22)
        var starts: [Unicode.Scalar] = []
        for fraction in stride(from: 0.15, through: 0.6, by: 0.05) {
            let block = try layout.layout(text, size: 17, lineHeight: 22, maxWidth: one.width * fraction)
            XCTAssertEqual(block.lines.map(\.text).joined(), text)
            for line in block.lines.dropFirst() {
                let first = line.text.unicodeScalars.first!
                starts.append(first)
                XCTAssertFalse("。、」".unicodeScalars.contains(first), "a line starts with \(first) at \(fraction)")
            }
        }
        XCTAssertGreaterThan(Set(starts).count, 5, "lines broke in many places")
    }
}

/// The font set's fingerprint, computed again here by Python's zlib over the same files:
/// every file's length and CRC-32 with the face's index, FNV-1a over 64-bit words, then
/// MurmurHash3's fmix64 (the documented recipe of `FontSet.fingerprint`).
final class FontFingerprintTests: XCTestCase {
    func testFingerprintIsTheFilesContents() throws {
        guard let python = executable(named: "python3") else { throw XCTSkip("python3 not found") }
        let fonts = TextLayout.shared.fontSet
        let list = fonts.fonts.map { "\($0.path)\t\($0.faceIndex)" }.joined(separator: "\n")
        let script = """
            import sys, zlib
            M = (1 << 64) - 1
            h, seen = 0xcbf29ce484222325, {}
            def word(w):
                global h
                h = ((h ^ w) * 0x100000001b3) & M
            for line in sys.argv[1].split("\\n"):
                path, index = line.split("\\t")
                if path not in seen:
                    data = open(path, "rb").read()
                    seen[path] = (len(data), zlib.crc32(data))
                length, crc = seen[path]
                word(length)
                word((crc << 32) | int(index))
            for shift, k in ((33, 0xff51afd7ed558ccd), (33, 0xc4ceb9fe1a85ec53)):
                h ^= h >> shift
                h = (h * k) & M
            h ^= h >> 33
            print("%016x" % h)
            """
        let result = try runTool(python, ["-c", script, list])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
                       fonts.fingerprintText)
        // Another font set has another fingerprint.
        XCTAssertNotEqual(FontSet(fonts: Array(fonts.fonts.prefix(3))).fingerprint, fonts.fingerprint)
    }
}
