/// The state of a toggle that stands for several boolean sources (SwiftUI's
/// `Toggle(sources:isOn:)`, seed 001): on when every source is on, off when every source is off,
/// mixed (`isMixed`) otherwise (docs/design-facts.md section 11).
public enum MultiValueState {
    /// The most sources a toggle takes (`sources=`).
    public static let maximumCount = 12

    /// On, off or mixed for `sources` (1 to `maximumCount` values; callers check the count).
    public static func state(of sources: [Bool]) -> ToggleState {
        precondition(!sources.isEmpty, "a multi-value toggle needs at least one source")
        if sources.allSatisfy({ $0 }) { return .on }
        if sources.allSatisfy({ !$0 }) { return .off }
        return .mixed
    }
}
