/// Light or dark appearance (`theme`): picks the palette column of DESIGN.md section 2.
public enum Appearance: String, Sendable, CaseIterable {
    case light
    case dark
}
