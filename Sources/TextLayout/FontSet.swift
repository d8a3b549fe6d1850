import CHarfBuzz
import Utilities

/// A font of a `FontSet`, by its place in the set's list (Inter is always 0).
public struct FontID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    /// Inter Medium, first in every set.
    public static let inter = FontID(0)
    public static func < (a: FontID, b: FontID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "font \(rawValue)" }
}

/// The fonts labels are set in, loaded once: Inter first, then the system's Noto faces in
/// fallback order (`SystemFonts.notoFaces`), and what to pick for each character.
///
/// Fallback is per grapheme cluster (`font(for:after:region:)`). Which font first maps each code
/// point is indexed when the set is made, so choosing a font is one table look-up and a few
/// `cmap` look-ups for the cluster's other characters.
public final class FontSet: Sendable {
    /// Every font of the set; `FontID(i)` is `fonts[i]`.
    public let fonts: [Font]
    /// The faces of Noto Sans CJK by region, when installed.
    public let hanFaces: [HanRegion: FontID]
    /// Noto Color Emoji, when installed: only clusters presented as emoji take it.
    public let emoji: FontID?
    /// What identifies the fonts' contents: every file's length and CRC-32 (`FileChecksum`) and
    /// every face's index, in order, hashed (FNV-1a with `fmix64`). Two servers with the same
    /// font files have the same fingerprint.
    public let fingerprint: UInt64
    /// For each code point below `indexLimit`, 1 + the index in `fonts` of the first font (in
    /// fallback order, the emoji font left out, Noto Sans CJK as its Japanese face) whose `cmap`
    /// maps it; 0 for none.
    private let firstFont: [UInt8]

    /// Code points at and beyond it (planes 4-16: tags, variation selectors, private use) are
    /// looked up font by font.
    static let indexLimit: UInt32 = 0x40000

    /// - Parameter fonts: Inter first, then the fallbacks in order (at most 254 fonts). The
    ///   faces whose family starts "Noto Sans CJK " are the CJK faces, "Noto Color Emoji" the
    ///   emoji font. Their files are read once for `fingerprint`.
    public init(fonts: [Font]) {
        precondition(!fonts.isEmpty && fonts.count < 255, "1 to 254 fonts")
        self.fonts = fonts
        var han: [HanRegion: FontID] = [:]
        var emoji: FontID? = nil
        for (index, font) in fonts.enumerated() {
            if font.family == SystemFonts.emojiFamily && font.hasColorBitmaps { emoji = emoji ?? FontID(index) }
            if font.family.hasPrefix(SystemFonts.cjkPrefix),
               let region = HanRegion(rawValue: String(font.family.dropFirst(SystemFonts.cjkPrefix.count))) {
                han[region] = han[region] ?? FontID(index)
            }
        }
        hanFaces = han
        self.emoji = emoji
        let representative = han[.japanese] ?? han.values.min()
        var table = [UInt8](repeating: 0, count: Int(Self.indexLimit))
        for index in fonts.indices.reversed() {
            let id = FontID(index)
            guard id != emoji, han.values.contains(id) ? id == representative : true else { continue }
            for range in fonts[index].coveredRanges() where range.lowerBound < Self.indexLimit {
                for code in range.lowerBound...min(range.upperBound, Self.indexLimit - 1) { table[Int(code)] = UInt8(index + 1) }
            }
        }
        firstFont = table
        var checksums: [String: FileChecksum] = [:]
        var hash = StableHash()
        for font in fonts {
            // A collection's faces share one file: read it once.
            let checksum = checksums[font.path] ?? FileChecksum(path: font.path) ?? FileChecksum(length: 0, crc32: 0)
            checksums[font.path] = checksum
            hash.combine(word: UInt64(checksum.length))
            hash.combine(word: UInt64(checksum.crc32) << 32 | UInt64(font.faceIndex))
        }
        fingerprint = StableHash.mixed(hash.value)
    }

    /// Inter from the resources and the system's Noto faces (`SystemFonts.notoFaces`); a face
    /// that cannot be read is left out.
    /// - Throws: `TextLayoutError.fontMissing` when Inter is not in the resource bundle.
    public static func system() throws -> FontSet {
        var fonts = [try BundledFont.load()]
        for face in SystemFonts.notoFaces().prefix(253) {
            if let font = try? Font(path: face.path, faceIndex: face.index, family: face.family) { fonts.append(font) }
        }
        return FontSet(fonts: fonts)
    }

    /// `fingerprint` as 16 lower-case hex digits.
    public var fingerprintText: String {
        let hex = String(fingerprint, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    public subscript(id: FontID) -> Font { fonts[id.rawValue] }

    /// The first font of the set named `family`, if any.
    public func id(family: String) -> FontID? {
        fonts.firstIndex { $0.family == family }.map(FontID.init)
    }

    /// The first font in fallback order (the emoji font left out, Noto Sans CJK as one font) that
    /// maps `scalar`, or nil.
    func firstFont(for scalar: Unicode.Scalar) -> FontID? {
        if scalar.value < Self.indexLimit {
            let entry = firstFont[Int(scalar.value)]
            return entry == 0 ? nil : FontID(Int(entry) - 1)
        }
        return fonts.indices.map(FontID.init).first { $0 != emoji && fonts[$0.rawValue].glyph(for: scalar) != nil }
    }

    /// Whether the CJK face `id` is one of Noto Sans CJK's.
    func isHanFace(_ id: FontID) -> Bool { hanFaces.values.contains(id) }
}
