import CHarfBuzz
import Foundation

/// One loaded font: a HarfBuzz face and a font object at the face's own units per em, made
/// immutable after creation (HarfBuzz documents immutable fonts as safe to share across threads,
/// so this type is `Sendable`).
///
/// Metrics are in font units (y up, as in the font); `TextLayout` scales them to pt.
public final class Font: @unchecked Sendable {
    /// Units per em of the face (`head.unitsPerEm`).
    public let unitsPerEm: Int
    /// Distance from the baseline up to the top of the line box, font units, positive:
    /// `OS/2.sTypoAscender` when the font sets `USE_TYPO_METRICS`, else `hhea.ascender`
    /// (HarfBuzz's `hb_font_get_h_extents`).
    public let ascender: Int
    /// Distance from the baseline down to the bottom of the line box, font units, positive
    /// (the font's descender, which is negative, with its sign flipped).
    public let descender: Int

    let face: OpaquePointer
    /// At scale = units per em, so positions and outlines come in font units.
    let hbFont: OpaquePointer

    /// Loads a font file's bytes (OpenType/TrueType, face index 0).
    /// - Throws: `TextLayoutError.fontUnreadable` when HarfBuzz finds no glyphs in it.
    public init(data: Data, name: String) throws {
        let blob: OpaquePointer = data.withUnsafeBytes { raw in
            // HB_MEMORY_MODE_DUPLICATE: HarfBuzz keeps its own copy of the bytes.
            hb_blob_create(raw.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(raw.count),
                           HB_MEMORY_MODE_DUPLICATE, nil, nil)
        }
        defer { hb_blob_destroy(blob) }
        let face = hb_face_create(blob, 0)!
        guard hb_face_get_glyph_count(face) > 0 else {
            hb_face_destroy(face)
            throw TextLayoutError.fontUnreadable(name: name)
        }
        hb_face_make_immutable(face)
        let font = hb_font_create(face)!
        hb_font_make_immutable(font)
        self.face = face
        self.hbFont = font
        unitsPerEm = Int(hb_face_get_upem(face))
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

    /// Loads one of the bundled fonts from the target's resources.
    /// - Throws: `TextLayoutError.fontMissing` when the resource bundle lacks the file.
    public static func load(_ font: BundledFont) throws -> Font {
        let name = font.rawValue
        let dot = name.lastIndex(of: ".")!
        guard let url = Bundle.module.url(forResource: String(name[..<dot]),
                                          withExtension: String(name[name.index(after: dot)...]),
                                          subdirectory: "Fonts"),
              let data = FileManager.default.contents(atPath: url.path) else {
            throw TextLayoutError.fontMissing(name: name)
        }
        return try Font(data: data, name: name)
    }
}
