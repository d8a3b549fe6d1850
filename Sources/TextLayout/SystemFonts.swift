import CFontconfig

/// One face of a font file as fontconfig lists it.
public struct SystemFontFace: Sendable, Hashable {
    /// The family's first name: "Noto Sans Thai", "Noto Sans CJK JP".
    public var family: String
    public var path: String
    public var index: Int
}

/// The system's fonts, listed by fontconfig (Debian's libfontconfig) once at start-up. The set
/// taken is Debian's Noto families at Regular weight (docs/scripts.md says which package holds
/// which script): "Noto Sans" and every "Noto Sans <script>" (`fonts-noto-core`; not its UI,
/// Mono, Display or other width and weight variants), the five faces of Noto Sans CJK
/// (`fonts-noto-cjk`), Noto Color Emoji (`fonts-noto-color-emoji`). Whatever else is installed is
/// left alone, so the set, and with it every picture, depends only on those packages.
public enum SystemFonts {
    /// Families that cover generic symbols and letters of other scripts; they come after every
    /// script's own font.
    static let lastFamilies = ["Noto Sans Symbols", "Noto Sans Symbols2", "Noto Sans Math"]
    static let emojiFamily = "Noto Color Emoji"
    static let cjkPrefix = "Noto Sans CJK "

    /// The Noto faces fontconfig finds, in fallback order: "Noto Sans", the script families by
    /// name, `lastFamilies`, the CJK faces, Noto Color Emoji. Empty when fontconfig cannot start
    /// or finds none.
    public static func notoFaces() -> [SystemFontFace] {
        let listed = list().filter { isDefaultSetFamily($0.family) }
        var byFamily: [String: SystemFontFace] = [:]
        for face in listed where byFamily[face.family] == nil { byFamily[face.family] = face }
        func rank(_ family: String) -> (Int, String) {
            if family == "Noto Sans" { return (0, family) }
            if let last = lastFamilies.firstIndex(of: family) { return (2, String(last)) }
            if family.hasPrefix(cjkPrefix) { return (3, family) }
            if family == emojiFamily { return (4, family) }
            return (1, family)
        }
        return byFamily.values.sorted { rank($0.family) < rank($1.family) }
    }

    static func isDefaultSetFamily(_ family: String) -> Bool {
        if family == emojiFamily || family == "Noto Sans" { return true }
        guard family.hasPrefix("Noto Sans ") else { return false }
        let words = family.split(separator: " ")
        return !words.contains { ["UI", "Mono", "Display"].contains($0) }
    }

    /// Every upright face of normal width at Regular weight that fontconfig lists.
    static func list() -> [SystemFontFace] {
        guard let config = FcInitLoadConfigAndFonts() else { return [] }
        defer { FcConfigDestroy(config) }
        let pattern = FcPatternCreate()!
        defer { FcPatternDestroy(pattern) }
        FcPatternAddInteger(pattern, FC_WEIGHT, FC_WEIGHT_REGULAR)
        FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN)
        FcPatternAddInteger(pattern, FC_WIDTH, FC_WIDTH_NORMAL)
        let objects = FcObjectSetCreate()!
        defer { FcObjectSetDestroy(objects) }
        for name in [FC_FAMILY, FC_FILE, FC_INDEX] { FcObjectSetAdd(objects, name) }
        guard let set = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        var faces: [SystemFontFace] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var family: UnsafeMutablePointer<FcChar8>? = nil, file: UnsafeMutablePointer<FcChar8>? = nil
            var index: Int32 = 0
            guard FcPatternGetString(font, FC_FAMILY, 0, &family) == FcResultMatch,
                  FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let family, let file else { continue }
            if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
            faces.append(SystemFontFace(family: String(cString: family), path: String(cString: file), index: Int(index)))
        }
        // fontconfig's own order depends on its cache; sorting makes the list the same everywhere.
        return faces.sorted { ($0.family, $0.path, $0.index) < ($1.family, $1.path, $1.index) }
    }
}
