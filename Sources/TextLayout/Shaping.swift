import CHarfBuzz

/// One glyph as HarfBuzz placed it. Lengths in pt at the run's size.
public struct ShapedGlyph: Sendable, Equatable {
    /// Glyph id in the run's font.
    public var glyph: UInt32
    /// Index of the first Unicode scalar of the run that this glyph came from.
    public var cluster: Int
    /// How far the pen moves after this glyph, pt (kerning included).
    public var advance: Double
    /// Offset of the glyph from the pen position, pt, x to the right.
    public var xOffset: Double
    /// Offset of the glyph from the pen position, pt, y UP (HarfBuzz's and the font's sense).
    public var yOffset: Double
}

/// A run of text in one font and one direction, shaped. Glyphs are in visual order (left to
/// right), as HarfBuzz returns them for both directions.
public struct ShapedRun: Sendable {
    public let font: FontID
    /// Font size, pt (the em square is `size` pt tall).
    public let size: Double
    public let direction: TextDirection
    /// The BCP 47 tag HarfBuzz shaped it with.
    public let language: String
    public let glyphs: [ShapedGlyph]

    /// Sum of the advances, pt.
    public var width: Double { glyphs.reduce(0) { $0 + $1.advance } }
}

/// Positions are computed at a scale of 64 units per pt (26.6 fixed point, FreeType's and
/// `hb-shape --font-size=N*64`'s convention), so shaping at a size is exactly what HarfBuzz's own
/// tools print for that size, to 1/64 pt.
let subunitsPerPoint = 64.0

extension Font {
    /// Shapes `scalars` with HarfBuzz (`hb_shape`, default features: kerning, ligatures, Arabic
    /// joining, marks) at `size` pt in `direction`, script guessed from the text, language from
    /// `language` (a BCP 47 tag).
    func shape(_ scalars: [Unicode.Scalar], size: Double, direction: TextDirection,
               language: String, as font: FontID) -> ShapedRun {
        // A font of its own on the face, not a sub-font: a sub-font would ask the parent at units
        // per em and round again when scaling, 1/64 pt off hb-shape's answer now and then.
        let sized = hb_font_create(face)!
        defer { hb_font_destroy(sized) }
        let scale = Int32((size * subunitsPerPoint).rounded())
        hb_font_set_scale(sized, scale, scale)

        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        let codepoints = scalars.map { $0.value }
        hb_buffer_add_codepoints(buffer, codepoints, Int32(codepoints.count), 0, Int32(codepoints.count))
        hb_buffer_set_direction(buffer, direction.harfBuzz)
        hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(sized, buffer, nil, 0)

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            let p = positions[i]
            glyphs.append(ShapedGlyph(glyph: infos[i].codepoint, cluster: Int(infos[i].cluster),
                                      advance: Double(p.x_advance) / subunitsPerPoint,
                                      xOffset: Double(p.x_offset) / subunitsPerPoint,
                                      yOffset: Double(p.y_offset) / subunitsPerPoint))
        }
        return ShapedRun(font: font, size: size, direction: direction, language: language, glyphs: glyphs)
    }
}
