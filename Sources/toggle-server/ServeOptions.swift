import HTTPServer
import ToggleService
import Utilities

/// `serve` settings from flags over environment variables over defaults.
struct ServeOptions {
    var server = HTTPServerConfiguration()
    var responder = ToggleResponder.Configuration()
    /// Byte budget of every cache together, split by `Caches`; 0 disables caching.
    var cacheBytes = Caches.defaultTotalBytes
    /// Whether to print one JSON line per request.
    var accessLog = true
    /// Where to write the listening address (`http://HOST:PORT` and a newline) once listening, so
    /// that `toggle-server probe` (the container's HEALTHCHECK) finds a port given on the command
    /// line or chosen with `--port 0`; nil (the default, or an empty value) writes nothing.
    var addressFile: String?
    /// The admin listener's port (`/metrics`, `/healthz`, `/readyz`; `/metrics` then leaves the
    /// public port), or nil (the default: one port). 0 picks a free port.
    var adminPort: Int?
    /// The admin listener's address; nil: `server.host`.
    var adminHost: String?

    /// An option's flag, environment variable, what it accepts (for the usage error of a bad
    /// value), and how to apply its value (false if invalid).
    struct Option: Sendable {
        let flag: String
        let environment: String
        var expected: String = ""
        let apply: @Sendable (inout ServeOptions, String) -> Bool

        init(flag: String, environment: String, expected: String = "",
             apply: @escaping @Sendable (inout ServeOptions, String) -> Bool) {
            (self.flag, self.environment, self.expected, self.apply) = (flag, environment, expected, apply)
        }

        /// ": expected ..." for a usage error, or "" when the option says nothing.
        var saysExpected: String { expected.isEmpty ? "" : ": expected " + expected }
    }

    static let options: [Option] = [
        Option(flag: "--host", environment: "HOST", expected: "an address to bind, e.g. 127.0.0.1 or 0.0.0.0") { o, v in
            o.server.host = v
            return !v.isEmpty
        },
        integer("--port", "PORT", \.server.port, 0...65535, expected: "a port number from 0 to 65535 (0: any free port)"),
        Option(flag: "--admin-port", environment: "ADMIN_PORT",
               expected: "a port number from 0 to 65535, or off") { o, v in
            if v.isEmpty || v == "off" { o.adminPort = nil; return true }
            guard v.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(v), (0 ... 65535).contains(n) else { return false }
            o.adminPort = n
            return true
        },
        Option(flag: "--admin-host", environment: "ADMIN_HOST", expected: "an address to bind, e.g. 127.0.0.1") { o, v in
            o.adminHost = v
            return !v.isEmpty
        },
        Option(flag: "--public-dir", environment: "PUBLIC_DIR", expected: "a directory") { o, v in
            o.responder.publicDirectory = v
            return !v.isEmpty
        },
        integer("--max-age", "MAX_AGE", \.responder.maxAge, 0...Int.max),
        seconds("--header-timeout", "HEADER_TIMEOUT", \.server.headerTimeout, allowsZero: false),
        seconds("--idle-timeout", "IDLE_TIMEOUT", \.server.idleTimeout, allowsZero: false),
        seconds("--request-timeout", "REQUEST_TIMEOUT", \.server.requestTimeout, allowsZero: false),
        integer("--max-connections", "MAX_CONNECTIONS", \.server.maxConnections, 1...Int.max),
        Option(flag: "--max-connections-per-client", environment: "MAX_CONNECTIONS_PER_CLIENT",
               expected: "a whole number, 1 or more, or off (or 0)") { o, v in
            if v == "off" || v == "0" { o.server.maxConnectionsPerClient = nil; return true }
            guard v.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(v), n >= 1 else { return false }
            o.server.maxConnectionsPerClient = n
            return true
        },
        seconds("--drain-deadline", "DRAIN_DEADLINE", \.server.drainDeadline, allowsZero: true),
        seconds("--max-queue-wait", "MAX_QUEUE_WAIT", \.server.maxResponderQueueWait, allowsZero: false),
        integer("--cache-bytes", "CACHE_BYTES", \.cacheBytes, 0...Int.max),
        Option(flag: "--access-log", environment: "ACCESS_LOG", expected: "on or off (or 1, 0, true, false)") { o, v in
            switch v {
            case "on", "1", "true": o.accessLog = true
            case "off", "0", "false": o.accessLog = false
            default: return false
            }
            return true
        },
        Option(flag: "--address-file", environment: "ADDRESS_FILE") { o, v in
            o.addressFile = v.isEmpty ? nil : v
            return true
        },
        Option(flag: "--frame-ancestors", environment: "FRAME_ANCESTORS",
               expected: "CSP frame-ancestors sources without ; or , (e.g. 'self' https://docs.example)") { o, v in
            // CSP source expressions: a value that could end the directive is refused.
            guard !v.isEmpty, v.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ";")
                                                   && $0 != UInt8(ascii: ",") }) else { return false }
            o.responder.frameAncestors = v
            return true
        },
        integer("--max-target-bytes", "MAX_TARGET_BYTES", \.server.maxRequestTargetBytes, 16...Int.max),
        integer("--max-header-bytes", "MAX_HEADER_BYTES", \.server.maxHeaderBytes, 64...Int.max),
        integer("--max-header-fields", "MAX_HEADER_FIELDS", \.server.maxHeaderFields, 1...Int.max),
        integer("--max-body-bytes", "MAX_BODY_BYTES", \.server.maxBodyBytes, 0...Int.max),
        integer("--event-loops", "EVENT_LOOPS", \.server.eventLoopCount, 1...1024),
    ]

    /// An option taking a decimal integer (ASCII digits only) within `range`; `expected` says
    /// so unless given.
    static func integer(_ flag: String, _ environment: String,
                        _ field: WritableKeyPath<ServeOptions, Int> & Sendable, _ range: ClosedRange<Int>,
                        expected: String? = nil) -> Option {
        let said = expected ?? (range.upperBound == Int.max ? "a whole number, \(range.lowerBound) or more"
                                : "a whole number from \(range.lowerBound) to \(range.upperBound)")
        return Option(flag: flag, environment: environment, expected: said) { o, v in
            guard !v.isEmpty, v.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(v), range.contains(n) else {
                return false
            }
            o[keyPath: field] = n
            return true
        }
    }

    /// An option taking a finite number of seconds, positive (or zero if `allowsZero`).
    static func seconds(_ flag: String, _ environment: String,
                        _ field: WritableKeyPath<ServeOptions, Double> & Sendable, allowsZero: Bool) -> Option {
        Option(flag: flag, environment: environment,
               expected: allowsZero ? "a number of seconds, 0 or more" : "a number of seconds, more than 0") { o, v in
            guard let s = Double(v), s.isFinite, s > 0 || (allowsZero && s == 0) else { return false }
            o[keyPath: field] = s
            return true
        }
    }

    /// Parses `arguments` (`--flag value` or `--flag=value`) over `environment`.
    /// - Throws: a message naming the flag or variable and its bad value.
    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> ServeOptions {
        var result = ServeOptions()
        for option in options {
            if let value = environment[option.environment], !option.apply(&result, value) {
                throw UsageError("invalid value '\(value)' for environment variable \(option.environment)"
                                 + option.saysExpected)
            }
        }
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            let (flag, inlineValue): (String, String?) = {
                guard let eq = argument.firstIndex(of: "=") else { return (argument, nil) }
                return (String(argument[..<eq]), String(argument[argument.index(after: eq)...]))
            }()
            guard let option = options.first(where: { $0.flag == flag }) else {
                let hint = nearestFlag(to: flag).map { ": did you mean \($0)?" } ?? ""
                throw UsageError("unknown option '\(argument)'\(hint)")
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                i += 1
                guard i < arguments.count else { throw UsageError("option \(flag) needs a value") }
                value = arguments[i]
            }
            guard option.apply(&result, value) else {
                throw UsageError("invalid value '\(value)' for \(flag)" + option.saysExpected)
            }
            i += 1
        }
        return result
    }
}

extension ServeOptions {
    /// The serve flag (or `--help`) `flag` is probably a misspelling of (`--prot`: `--port`),
    /// by optimal string alignment distance ignoring case: within 1 edit for flags of up to 6
    /// characters, else 2; the nearest wins, the earlier among equals. Nil when none is that close.
    static func nearestFlag(to flag: String) -> String? {
        let key = EditDistance.lowercasedASCII(flag)
        guard key.count > 2, key.count <= 64 else { return nil }
        let bound = key.count <= 6 ? 1 : 2
        var rows: [Int] = []
        var best: (distance: Int, flag: String)?
        for candidate in options.map(\.flag) + ["--help", "--version"] {
            let d = EditDistance.distance(key, EditDistance.lowercasedASCII(candidate), bound: bound, rows: &rows)
            if d != Int.max, d < (best?.distance ?? Int.max) { best = (d, candidate) }
        }
        return best?.flag
    }
}

/// A command-line mistake, reported on standard error with exit status 64 (EX_USAGE).
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
