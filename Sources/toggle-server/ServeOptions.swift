import HTTPServer
import ToggleService

/// `serve` settings from flags over environment variables over defaults.
struct ServeOptions {
    var server = HTTPServerConfiguration()
    var responder = ToggleResponder.Configuration()
    /// Byte budget of the image cache; 0 disables it.
    var cacheBytes = 64 << 20
    /// Whether to print one JSON line per request.
    var accessLog = true

    /// An option's flag, environment variable, and how to apply its value (false if invalid).
    struct Option: Sendable {
        let flag: String
        let environment: String
        let apply: @Sendable (inout ServeOptions, String) -> Bool
    }

    static let options: [Option] = [
        Option(flag: "--host", environment: "HOST") { o, v in o.server.host = v; return !v.isEmpty },
        Option(flag: "--port", environment: "PORT") { o, v in
            guard let p = Int(v), v.allSatisfy(\.isNumber), (0...65535).contains(p) else { return false }
            o.server.port = p; return true
        },
        Option(flag: "--public-dir", environment: "PUBLIC_DIR") { o, v in o.responder.publicDirectory = v; return !v.isEmpty },
        Option(flag: "--max-age", environment: "MAX_AGE") { o, v in
            guard let n = Int(v), n >= 0 else { return false }
            o.responder.maxAge = n; return true
        },
        Option(flag: "--header-timeout", environment: "HEADER_TIMEOUT") { o, v in
            guard let s = Double(v), s > 0, s.isFinite else { return false }
            o.server.headerTimeout = s; return true
        },
        Option(flag: "--idle-timeout", environment: "IDLE_TIMEOUT") { o, v in
            guard let s = Double(v), s > 0, s.isFinite else { return false }
            o.server.idleTimeout = s; return true
        },
        Option(flag: "--max-connections", environment: "MAX_CONNECTIONS") { o, v in
            guard let n = Int(v), n > 0 else { return false }
            o.server.maxConnections = n; return true
        },
        Option(flag: "--drain-deadline", environment: "DRAIN_DEADLINE") { o, v in
            guard let s = Double(v), s >= 0, s.isFinite else { return false }
            o.server.drainDeadline = s; return true
        },
        Option(flag: "--cache-bytes", environment: "CACHE_BYTES") { o, v in
            guard let n = Int(v), n >= 0 else { return false }
            o.cacheBytes = n; return true
        },
        Option(flag: "--access-log", environment: "ACCESS_LOG") { o, v in
            switch v {
            case "on", "1", "true": o.accessLog = true
            case "off", "0", "false": o.accessLog = false
            default: return false
            }
            return true
        },
        Option(flag: "--max-target-bytes", environment: "MAX_TARGET_BYTES") { o, v in
            guard let n = Int(v), n >= 16 else { return false }
            o.server.maxRequestTargetBytes = n; return true
        },
        Option(flag: "--max-header-bytes", environment: "MAX_HEADER_BYTES") { o, v in
            guard let n = Int(v), n >= 64 else { return false }
            o.server.maxHeaderBytes = n; return true
        },
        Option(flag: "--max-header-fields", environment: "MAX_HEADER_FIELDS") { o, v in
            guard let n = Int(v), n >= 1 else { return false }
            o.server.maxHeaderFields = n; return true
        },
        Option(flag: "--max-body-bytes", environment: "MAX_BODY_BYTES") { o, v in
            guard let n = Int(v), n >= 0 else { return false }
            o.server.maxBodyBytes = n; return true
        },
    ]

    /// Parses `arguments` (`--flag value` or `--flag=value`) over `environment`.
    /// - Throws: a message naming the flag or variable and its bad value.
    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> ServeOptions {
        var result = ServeOptions()
        for option in options {
            if let value = environment[option.environment], !option.apply(&result, value) {
                throw UsageError("invalid value '\(value)' for environment variable \(option.environment)")
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
                throw UsageError("unknown option '\(argument)'")
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                i += 1
                guard i < arguments.count else { throw UsageError("option \(flag) needs a value") }
                value = arguments[i]
            }
            guard option.apply(&result, value) else { throw UsageError("invalid value '\(value)' for \(flag)") }
            i += 1
        }
        return result
    }
}

/// A command-line mistake, reported on standard error with exit status 64 (EX_USAGE).
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
