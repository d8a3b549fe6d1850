import TextLayout

/// What the server says about its fonts at start-up, before the address line: the font set is
/// found once, then (fontconfig, every face mapped and indexed), never per request.
enum FontReport {
    /// Two lines: how many faces and the set's fingerprint; which families came from where, or a
    /// warning naming the packages when fontconfig found no Noto fonts.
    static func lines(_ fonts: FontSet) -> [String] {
        let families = fonts.fonts.map(\.family)
        let script = families.filter { $0.hasPrefix("Noto Sans ") && !$0.hasPrefix("Noto Sans CJK ") }.count
        let han = fonts.hanFaces.keys.map(\.rawValue).sorted { a, b in
            HanRegion.allCases.firstIndex { $0.rawValue == a }! < HanRegion.allCases.firstIndex { $0.rawValue == b }!
        }
        var found = ["\(families[0]) (bundled)"]
        if families.contains("Noto Sans") || script > 0 {
            found.append("Noto Sans and \(script) script families (fonts-noto-core)")
        }
        if !han.isEmpty { found.append("Noto Sans CJK \(han.joined(separator: " ")) (fonts-noto-cjk)") }
        if fonts.emoji != nil { found.append("Noto Color Emoji (fonts-noto-color-emoji)") }
        var lines = ["toggle-server: fonts: \(fonts.fonts.count) faces, font set \(fonts.fingerprintText)",
                     "toggle-server: fonts: " + found.joined(separator: "; ")]
        if fonts.fonts.count == 1 {
            lines.append("toggle-server: warning: fontconfig found no Noto fonts: labels outside Latin, Greek and "
                         + "Cyrillic are 400s; install fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji")
        }
        return lines
    }

    /// `toggle-server fonts`: each face of the set on a line, "PATH<TAB>INDEX<TAB>FAMILY" (the
    /// container build copies exactly these files).
    static func runFontsCommand(_ arguments: [String]) -> Int32 {
        guard arguments.isEmpty else {
            Console.error("toggle-server: fonts takes no arguments")
            return 64
        }
        for font in TextLayout.shared.fontSet.fonts { Console.line("\(font.path)\t\(font.faceIndex)\t\(font.family)") }
        return 0
    }
}
