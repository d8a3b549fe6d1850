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
    /// Where to write the listening address (`http://HOST:PORT` and a newline) once listening, so
    /// that `toggle-server probe` (the container's HEALTHCHECK) finds a port given on the command
    /// line or chosen with `--port 0`; nil (the default, or an empty value) writes nothing.
    var addressFile: String?
    /// The admin listener's port (`/metrics`, `/healthz`, `/readyz`; `/metrics` then leaves the
    /// public port), or nil (the default: one port). 0 picks a free port.
    var adminPort: Int?
    /// The admin listener's address; nil: `server.host`.
    var adminHost: String?

    /// An option's flag, environment variable, and how to apply its value (false if invalid).
    struct Option: Sendable {
        let flag: String
        let environment: String
        let apply: @Sendable (inout ServeOptions, String) -> Bool
    }

    static let options: [Option] = [
        Option(flag: "--host", environment: "HOST") { o, v in o.server.host = v; return !v.isEmpty },
        integer("--port", "PORT", \.server.port, 0...65535),
        Option(flag: "--admin-port", environment: "ADMIN_PORT") { o, v in
            if v.isEmpty || v == "off" { o.adminPort = nil; return true }
            guard v.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(v), (0 ... 65535).contains(n) else { return false }
            o.adminPort = n
            return true
        },
        Option(flag: "--admin-host", environment: "ADMIN_HOST") { o, v in o.adminHost = v; return !v.isEmpty },
        Option(flag: "--public-dir", environment: "PUBLIC_DIR") { o, v in o.responder.publicDirectory = v; return !v.isEmpty },
        integer("--max-age", "MAX_AGE", \.responder.maxAge, 0...Int.max),
        seconds("--header-timeout", "HEADER_TIMEOUT", \.server.headerTimeout, allowsZero: false),
        seconds("--idle-timeout", "IDLE_TIMEOUT", \.server.idleTimeout, allowsZero: false),
        seconds("--request-timeout", "REQUEST_TIMEOUT", \.server.requestTimeout, allowsZero: false),
        integer("--max-connections", "MAX_CONNECTIONS", \.server.maxConnections, 1...Int.max),
        Option(flag: "--max-connections-per-client", environment: "MAX_CONNECTIONS_PER_CLIENT") { o, v in
            if v == "off" || v == "0" { o.server.maxConnectionsPerClient = nil; return true }
            guard v.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(v), n >= 1 else { return false }
            o.server.maxConnectionsPerClient = n
            return true
        },
        seconds("--drain-deadline", "DRAIN_DEADLINE", \.server.drainDeadline, allowsZero: true),
        seconds("--max-queue-wait", "MAX_QUEUE_WAIT", \.server.maxResponderQueueWait, allowsZero: false),
        integer("--cache-bytes", "CACHE_BYTES", \.cacheBytes, 0...Int.max),
        Option(flag: "--access-log", environment: "ACCESS_LOG") { o, v in
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
        Option(flag: "--frame-ancestors", environment: "FRAME_ANCESTORS") { o, v in
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

    /// An option taking a decimal integer (ASCII digits only) within `range`.
    static func integer(_ flag: String, _ environment: String,
                        _ field: WritableKeyPath<ServeOptions, Int> & Sendable, _ range: ClosedRange<Int>) -> Option {
        Option(flag: flag, environment: environment) { o, v in
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
        Option(flag: flag, environment: environment) { o, v in
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
