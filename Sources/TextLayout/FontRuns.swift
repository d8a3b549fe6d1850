/// A stretch of a line set in one font, in logical order (as typed).
struct FontRun: Equatable {
    var font: BundledFont
    var scalars: [Unicode.Scalar]
}

extension Unicode.Scalar {
    /// Letters take the first font that has them; everything else (spaces, digits, punctuation,
    /// combining marks, symbols) stays in the run before it when that run's font has it, so a
    /// space or a vowel mark between two Arabic letters is shaped with them.
    var choosesItsFont: Bool {
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            return true
        default:
            return false
        }
    }
}

/// Splits `text` into runs by font: each character goes to the first of `order` whose `cmap` has
/// it (letters always; other characters only when the current run's font lacks them).
/// Default-ignorable characters (ZWJ, ZWNJ, variation selectors) stay in the current run: HarfBuzz
/// hides them whether or not the font maps them.
/// - Throws: `TextLayoutError.uncoveredCharacter` for the first character no font has.
func fontRuns(of text: String, fonts: [BundledFont: Font],
              order: [BundledFont] = BundledFont.fallbackOrder) throws -> [FontRun] {
    var runs: [FontRun] = []
    for scalar in text.unicodeScalars {
        if var last = runs.last {
            let stays = scalar.properties.isDefaultIgnorableCodePoint
                || (!scalar.choosesItsFont && fonts[last.font]?.glyph(for: scalar) != nil)
            if stays {
                last.scalars.append(scalar)
                runs[runs.count - 1] = last
                continue
            }
        } else if scalar.properties.isDefaultIgnorableCodePoint {
            runs.append(FontRun(font: order[0], scalars: [scalar]))
            continue
        }
        guard let font = order.first(where: { fonts[$0]?.glyph(for: scalar) != nil }) else {
            throw TextLayoutError.uncoveredCharacter(scalar)
        }
        if runs.last?.font == font {
            runs[runs.count - 1].scalars.append(scalar)
        } else {
            runs.append(FontRun(font: font, scalars: [scalar]))
        }
    }
    return runs
}
