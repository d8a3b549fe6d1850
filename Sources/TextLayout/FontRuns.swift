extension Unicode.Scalar {
    /// Letters take the first font that has them; everything else (spaces, digits, punctuation,
    /// combining marks, symbols) stays in the font of the character before it when that font has
    /// it, so a space or a vowel mark between two Arabic letters is shaped with them.
    var choosesItsFont: Bool {
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            return true
        default:
            return false
        }
    }
}

/// The font of each scalar of `scalars`: the first of `order` whose `cmap` has it (letters
/// always; other characters only when the previous character's font lacks them).
/// Default-ignorable characters (ZWJ, ZWNJ, variation selectors) take the previous character's
/// font: HarfBuzz hides them whether or not the font maps them.
/// - Throws: `TextLayoutError.uncoveredCharacter` for the first character no font has.
func fontAssignment(of scalars: [Unicode.Scalar], fonts: [BundledFont: Font],
                    order: [BundledFont] = BundledFont.fallbackOrder) throws -> [BundledFont] {
    var assigned: [BundledFont] = []
    assigned.reserveCapacity(scalars.count)
    for scalar in scalars {
        if let last = assigned.last {
            if scalar.properties.isDefaultIgnorableCodePoint
                || (!scalar.choosesItsFont && fonts[last]?.glyph(for: scalar) != nil) {
                assigned.append(last)
                continue
            }
        } else if scalar.properties.isDefaultIgnorableCodePoint {
            assigned.append(order[0])
            continue
        }
        guard let font = order.first(where: { fonts[$0]?.glyph(for: scalar) != nil }) else {
            throw TextLayoutError.uncoveredCharacter(scalar)
        }
        assigned.append(font)
    }
    return assigned
}

/// A stretch of text shaped as one: one font, one bidi level, in logical order. `range` is in
/// scalar offsets of the paragraph.
struct TextRun: Equatable {
    var font: BundledFont
    var level: UInt8
    var range: Range<Int>
}

/// `range` cut into maximal runs of one font and one level, in logical order.
func textRuns(_ range: Range<Int>, fonts: [BundledFont], levels: [UInt8]) -> [TextRun] {
    var runs: [TextRun] = []
    for i in range {
        if let last = runs.last, last.font == fonts[i], last.level == levels[i] {
            runs[runs.count - 1].range = last.range.lowerBound..<(i + 1)
        } else {
            runs.append(TextRun(font: fonts[i], level: levels[i], range: i..<(i + 1)))
        }
    }
    return runs
}
