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

/// Minimal JSON text helpers (RFC 8259).
public enum JSON {
    /// `s` as a JSON string literal: quotes, backslash and every control character escaped.
    public static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7f || (scalar.value >= 0x80 && scalar.value < 0xa0)
                || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
