import Utilities

/// A request parameter that cannot be accepted: becomes a 400 whose JSON body names the
/// parameter, the value given and what is accepted (docs/design-facts.md section 4).
public struct ParameterError: Error, Equatable, Sendable {
    /// Short description, e.g. "invalid value" or "repeated parameter".
    public var error: String
    /// The parameter's name as sent (or the raw query component for decoding errors).
    public var parameter: String
    /// The value as sent (decoded where decoding succeeded).
    public var value: String
    /// What would have been accepted.
    public var expected: String

    public init(error: String, parameter: String, value: String, expected: String) {
        self.error = error
        self.parameter = parameter
        self.value = value
        self.expected = expected
    }

    /// `{"error":...,"parameter":...,"value":...,"expected":...}`
    public var json: String {
        "{\"error\":\(JSON.string(error)),\"parameter\":\(JSON.string(parameter)),"
            + "\"value\":\(JSON.string(value)),\"expected\":\(JSON.string(expected))}"
    }
}
