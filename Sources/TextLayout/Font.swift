import CHarfBuzz

/// One loaded font face: a HarfBuzz face and a font object at the face's own units per em, made
/// immutable after creation (HarfBuzz documents immutable fonts as safe to share across threads,
/// so this type is `Sendable`). The file is mapped, not copied (`hb_blob_create_from_file`).
///
/// Metrics are in font units (y up, as in the font); `TextLayout` scales them to pt.
public final class Font: @unchecked Sendable {
    /// The family name fontconfig gives (or the bundled font's): "Inter Medium", "Noto Sans Thai".
    public let family: String
    /// The font file, and the face's index in it (a collection such as NotoSansCJK-Regular.ttc
    /// holds several faces).
    public let path: String
    public let faceIndex: Int
    /// Units per em of the face (`head.unitsPerEm`).
    public let unitsPerEm: Int
    /// Distance from the baseline up to the top of the line box, font units, positive:
    /// `OS/2.sTypoAscender` when the font sets `USE_TYPO_METRICS`, else `hhea.ascender`
    /// (HarfBuzz's `hb_font_get_h_extents`).
    public let ascender: Int
    /// Distance from the baseline down to the bottom of the line box, font units, positive
    /// (the font's descender, which is negative, with its sign flipped).
    public let descender: Int
    /// Whether the face's glyphs are PNG bitmaps (`CBDT`/`sbix`, as Noto Color Emoji's), not outlines.
    public let hasColorBitmaps: Bool

    let face: OpaquePointer
    /// At scale = units per em, so positions and outlines come in font units.
    let hbFont: OpaquePointer

    /// Loads face `faceIndex` of the font file at `path`.
    /// - Throws: `TextLayoutError.fontMissing` when the file cannot be read,
    ///   `.fontUnreadable` when HarfBuzz finds no glyphs in the face.
    public init(path: String, faceIndex: Int = 0, family: String) throws {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { throw TextLayoutError.fontMissing(name: path) }
        defer { hb_blob_destroy(blob) }
        let face = hb_face_create(blob, UInt32(faceIndex))!
        guard hb_face_get_glyph_count(face) > 0 else {
            hb_face_destroy(face)
            throw TextLayoutError.fontUnreadable(name: path)
        }
        hb_face_make_immutable(face)
        let font = hb_font_create(face)!
        hb_font_make_immutable(font)
        self.face = face
        self.hbFont = font
        self.path = path
        self.faceIndex = faceIndex
        self.family = family
        unitsPerEm = Int(hb_face_get_upem(face))
        hasColorBitmaps = hb_ot_color_has_png(face) != 0
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        ascender = Int(extents.ascender)
        descender = -Int(extents.descender)
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(face)
    }

    /// The glyph the font's `cmap` maps `scalar` to, or nil if it has none.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// Every code point the face's `cmap` maps, as closed ranges in increasing order.
    func coveredRanges() -> [ClosedRange<UInt32>] {
        let set = hb_set_create()!
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)
        var ranges: [ClosedRange<UInt32>] = []
        var first: hb_codepoint_t = UInt32.max, last: hb_codepoint_t = UInt32.max  // HB_SET_VALUE_INVALID
        while hb_set_next_range(set, &first, &last) != 0 { ranges.append(first...last) }
        return ranges
    }
}
