/// Dynamic Type categories and the factor `@ScaledMetric(relativeTo: .body)` applies to the
/// track height: the body style's line height at that size divided by its 22 pt at Large
/// (Apple HIG typography tables; docs/design-facts.md section 2).
public enum DynamicTypeSize: String, Sendable, CaseIterable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// Factor applied to the 32 pt track height; 1 at `large`.
    public var factor: Double {
        switch self {
        case .xSmall: return 0.8636
        case .small: return 0.9091
        case .medium: return 0.9545
        case .large: return 1
        case .xLarge: return 1.0909
        case .xxLarge: return 1.1818
        case .xxxLarge: return 1.3182
        case .accessibility1: return 1.5455
        case .accessibility2: return 1.8182
        case .accessibility3: return 2.1818
        case .accessibility4: return 2.5455
        case .accessibility5: return 2.8182
        }
    }

    /// Parses a category name, ignoring case (`xxLarge`, `xxlarge`, `accessibility3`).
    public init?(name: String) {
        let lower = name.lowercased()
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == lower }) else { return nil }
        self = match
    }
}
