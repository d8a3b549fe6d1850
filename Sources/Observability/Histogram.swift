/// A Prometheus histogram's state: cumulative counts per upper bound, plus sum and count.
public struct Histogram: Sendable {
    /// Upper bounds in seconds, ascending; `+Inf` is implied. Sub-millisecond buckets first,
    /// since a cached image is served in well under a millisecond.
    public static let latencyBounds: [Double] = [
        0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
    ]

    public let bounds: [Double]
    /// Observations per bucket (not cumulative): `counts[i]` for `bounds[i]`, last for `+Inf`.
    public private(set) var counts: [Int]
    public private(set) var sum: Double = 0
    public private(set) var count: Int = 0

    public init(bounds: [Double] = latencyBounds) {
        self.bounds = bounds
        counts = [Int](repeating: 0, count: bounds.count + 1)
    }

    /// A histogram over `latencyBounds` with these counts per bucket (`latencyBounds.count + 1`
    /// of them, not cumulative) and sum; its count is theirs added up.
    init(counts: [Int], sum: Double) {
        precondition(counts.count == Self.latencyBounds.count + 1, "Histogram: one count per bucket")
        bounds = Self.latencyBounds
        self.counts = counts
        self.sum = sum
        count = counts.reduce(0, +)
    }

    public mutating func observe(_ value: Double) {
        var i = 0
        while i < bounds.count && value > bounds[i] { i += 1 }
        counts[i] += 1
        sum += value
        count += 1
    }

    /// Adds `other`'s observations (same bounds) to this histogram's.
    public mutating func merge(_ other: Histogram) {
        precondition(other.bounds == bounds, "Histogram.merge: different bounds")
        for i in counts.indices { counts[i] += other.counts[i] }
        sum += other.sum
        count += other.count
    }

    /// Text exposition lines for metric `name` with extra `labels` (e.g. `route="toggle"`, or "").
    public func lines(name: String, labels: String = "") -> [String] {
        var out: [String] = []
        var cumulative = 0
        let prefix = labels.isEmpty ? "" : labels + ","
        for (i, bound) in bounds.enumerated() {
            cumulative += counts[i]
            out.append("\(name)_bucket{\(prefix)le=\"\(PrometheusText.number(bound))\"} \(cumulative)")
        }
        cumulative += counts[bounds.count]
        out.append("\(name)_bucket{\(prefix)le=\"+Inf\"} \(cumulative)")
        let braces = labels.isEmpty ? "" : "{\(labels)}"
        out.append("\(name)_sum\(braces) \(PrometheusText.number(sum))")
        out.append("\(name)_count\(braces) \(count)")
        return out
    }
}

/// Formatting for the Prometheus text exposition format 0.0.4.
public enum PrometheusText {
    /// The content type of `/metrics`.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// A sample value: integers without a fraction, others in Swift's shortest round-trip form.
    public static func number(_ v: Double) -> String {
        if v.isNaN { return "NaN" }
        if v.isInfinite { return v > 0 ? "+Inf" : "-Inf" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return String(v)
    }

    /// A label value with backslash, double quote and newline escaped.
    public static func labelValue(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out
    }
}
