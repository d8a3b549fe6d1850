/// Light or dark appearance (`theme`): picks the palette column of docs/design-facts.md section 2.
public enum Appearance: String, Sendable, CaseIterable {
    case light
    case dark
}
