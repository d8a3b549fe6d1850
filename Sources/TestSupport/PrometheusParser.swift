import Foundation

/// An independent reader of the Prometheus text format 0.0.4, for tests.
public enum PrometheusParser {
    public struct Malformed: Error, CustomStringConvertible { public var description: String }

    /// Sample lines as `name{labels}` -> value.
    public static func parse(_ text: String) throws -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " ") else { throw Malformed(description: String(line)) }
            let value = line[line.index(after: space)...]
            guard let v = value == "+Inf" ? Double.infinity : Double(value) else {
                throw Malformed(description: String(line))
            }
            samples[String(line[..<space])] = v
        }
        return samples
    }

    /// Counters end in `_total`; every histogram's buckets are cumulative and end in `+Inf`
    /// equal to `_count`; every sample's metric has a TYPE line.
    public static func checkRules(_ text: String) throws {
        var types: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("# TYPE ") {
            let parts = line.split(separator: " ")
            types[String(parts[2])] = String(parts[3])
        }
        for (name, type) in types where type == "counter" {
            if !name.hasSuffix("_total") { throw Malformed(description: "counter \(name) must end in _total") }
        }
        let samples = try parse(text)
        for (name, type) in types where type == "histogram" {
            // Group buckets by their other labels.
            var series: [String: [(le: Double, count: Double)]] = [:]
            for (key, value) in samples where key.hasPrefix(name + "_bucket{") {
                let labels = key.dropFirst(name.count + 8).dropLast()
                let parts = labels.components(separatedBy: "le=\"")
                let le = parts[1].dropLast()
                series[parts[0], default: []].append((le == "+Inf" ? .infinity : Double(le) ?? .nan, value))
            }
            if series.isEmpty { throw Malformed(description: "histogram \(name) has no buckets") }
            for (labels, buckets) in series {
                let sorted = buckets.sorted { $0.le < $1.le }
                guard sorted.last?.le == .infinity else { throw Malformed(description: "\(name) lacks +Inf") }
                for (a, b) in zip(sorted, sorted.dropFirst()) where b.count < a.count {
                    throw Malformed(description: "\(name){\(labels)} not cumulative")
                }
                guard sorted.contains(where: { $0.le < 0.001 }) else {
                    throw Malformed(description: "\(name) has no sub-millisecond bucket")
                }
                let other = labels.hasSuffix(",") ? String(labels.dropLast()) : labels
                let countKey = other.isEmpty ? "\(name)_count" : "\(name)_count{\(other)}"
                guard samples[countKey] == sorted.last?.count else {
                    throw Malformed(description: "\(name) +Inf bucket differs from \(countKey)")
                }
            }
        }
    }
}
