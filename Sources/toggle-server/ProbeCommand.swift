import HTTPServer
import Utilities
#if canImport(Glibc)
import Glibc
#endif

/// `toggle-server probe`: one HTTP GET over a plain socket, for container health checks that
/// have no curl. Exits 0 on a 2xx answer, 1 on anything else (refused, timed out, non-2xx),
/// 64 on a usage mistake.
///
///     toggle-server probe                                   # http://127.0.0.1:$PORT/healthz
///     toggle-server probe --url http://127.0.0.1:8080/readyz
///     toggle-server probe --port 9000 --path /readyz --timeout 1
///     ADDRESS_FILE=/tmp/a toggle-server probe               # the port `serve` wrote to /tmp/a
enum ProbeCommand {
    struct Target: Equatable {
        var host = "127.0.0.1"
        var port = 8080
        var path = "/healthz"
        var timeout = 2.0
        /// Where `serve --address-file` wrote its address; read by `run` before connecting.
        /// Nil when none is set or when `--url`, `--host` or `--port` name the server outright.
        var addressFile: String?
    }

    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        var target: Target
        do {
            target = try parse(arguments, environment: environment)
        } catch {
            Console.error("toggle-server probe: \(error.message)")
            return 64
        }
        if let path = target.addressFile {
            do {
                (target.host, target.port) = try AddressFile.read(path)
            } catch {
                Console.error("probe: \(error.message)")
                return 1
            }
        }
        let host = target.host.contains(":") ? "[\(target.host)]" : target.host
        let url = "http://\(host):\(target.port)\(target.path)"
        switch get(target) {
        case .success(let status):
            if (200..<300).contains(status) {
                Console.line("probe \(url): \(status)")
                return 0
            }
            Console.error("probe \(url): \(status)")
            return 1
        case .failure(let failure):
            Console.error("probe \(url): \(failure.message)")
            return 1
        }
    }

    /// Flags (`--url`, `--host`, `--port`) over the address file (`--address-file` or
    /// `ADDRESS_FILE`, non-empty) over environment (`PORT`, and `HOST` unless it is a wildcard
    /// address) over defaults.
    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Target {
        var target = Target()
        var namesServer = false
        if let file = environment["ADDRESS_FILE"], !file.isEmpty {
            target.addressFile = file
        }
        if let host = environment["HOST"], !host.isEmpty, host != "0.0.0.0", host != "::" {
            target.host = host
        }
        if let port = environment["PORT"] {
            guard let p = parsePort(port) else { throw UsageError("invalid value '\(port)' for environment variable PORT") }
            target.port = p
        }
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--help" || argument == "-h" {
                throw UsageError("usage: toggle-server probe [--url URL] [--host HOST] [--port PORT] [--address-file FILE] [--path PATH] [--timeout S]")
            }
            var flag = argument
            var value: String
            let known = ["--url", "--host", "--port", "--address-file", "--path", "--timeout"]
            guard known.contains(String(argument.prefix { $0 != "=" })) else {
                throw UsageError("unknown option '\(argument)'")
            }
            if let eq = argument.firstIndex(of: "=") {
                flag = String(argument[..<eq])
                value = String(argument[argument.index(after: eq)...])
            } else {
                guard i + 1 < arguments.count else { throw UsageError("option \(argument) needs a value") }
                i += 1
                value = arguments[i]
            }
            try apply(flag, value, to: &target, namesServer: &namesServer)
            i += 1
        }
        if namesServer { target.addressFile = nil }
        return target
    }

    /// Sets the part of `target` one flag names; `namesServer` records a flag that names the
    /// server (so the address file is not read).
    static func apply(_ flag: String, _ value: String, to target: inout Target,
                      namesServer: inout Bool) throws(UsageError) {
        switch flag {
        case "--url":
            guard let parsed = parseURL(value) else { throw UsageError("invalid URL '\(value)' (expected http://HOST:PORT/PATH)") }
            target.host = parsed.host
            target.port = parsed.port
            target.path = parsed.path
            namesServer = true
        case "--host":
            guard !value.isEmpty else { throw UsageError("invalid value '' for --host") }
            target.host = value
            namesServer = true
        case "--port":
            guard let p = parsePort(value) else { throw UsageError("invalid value '\(value)' for --port") }
            target.port = p
            namesServer = true
        case "--address-file":
            target.addressFile = value.isEmpty ? nil : value
        case "--path":
            guard value.hasPrefix("/") else { throw UsageError("invalid value '\(value)' for --path (must start with /)") }
            target.path = value
        case "--timeout":
            guard let s = Double(value), s > 0, s <= 60 else { throw UsageError("invalid value '\(value)' for --timeout") }
            target.timeout = s
        default:
            throw UsageError("unknown option '\(flag)'")
        }
    }

    static func parsePort(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let p = Int(text), (1...65535).contains(p) else {
            return nil
        }
        return p
    }

    /// `http://host[:port][/path]`; IPv6 hosts in brackets.
    static func parseURL(_ text: String) -> (host: String, port: Int, path: String)? {
        guard text.hasPrefix("http://") else { return nil }
        let rest = text.dropFirst("http://".count)
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<slash]
        let path = slash == rest.endIndex ? "/" : String(rest[slash...])
        var host = Substring(authority)
        var port = 80
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let p = parsePort(String(after.dropFirst())) else { return nil }
                port = p
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            guard let p = parsePort(String(authority[authority.index(after: colon)...])) else { return nil }
            port = p
        }
        guard !host.isEmpty, !path.contains(where: { $0 == " " || $0 == "\r" || $0 == "\n" }) else { return nil }
        return (String(host), port, path)
    }

    struct Failure: Error { let message: String }

    /// Sends `GET path` with `Connection: close` and returns the status code, all within the timeout.
    static func get(_ target: Target) -> Result<Int, Failure> {
        let deadline = MonotonicClock.now() + target.timeout
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(target.host, String(target.port), &hints, &list)
        guard rc == 0, let first = list else {
            return .failure(Failure(message: "cannot resolve \(target.host): \(String(cString: gai_strerror(rc)))"))
        }
        defer { freeaddrinfo(list) }

        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { lastError = "socket: \(errorText())"; continue }
            defer { close(fd) }
            let flags = fcntl(fd, F_GETFL)
            _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
            if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) != 0 {
                guard errno == EINPROGRESS else { lastError = "connect: \(errorText())"; continue }
                guard wait(fd, events: Int16(POLLOUT), until: deadline) else { lastError = "connect: timed out"; continue }
                var soError: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(fd, SOL_SOCKET, SO_ERROR, &soError, &length)
                guard soError == 0 else { lastError = "connect: \(String(cString: strerror(soError)))"; continue }
            }
            let hostHeader = (target.host.contains(":") ? "[\(target.host)]" : target.host) + ":\(target.port)"
            let request = Array("GET \(target.path) HTTP/1.1\r\nHost: \(hostHeader)\r\nUser-Agent: toggle-server-probe\r\nConnection: close\r\n\r\n".utf8)
            var sent = 0
            while sent < request.count {
                let n = request.withUnsafeBytes { send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
                if n > 0 { sent += n; continue }
                if n < 0 && (errno == EAGAIN || errno == EINTR), wait(fd, events: Int16(POLLOUT), until: deadline) { continue }
                return .failure(Failure(message: n < 0 ? "send: \(errorText())" : "send: timed out"))
            }
            var response: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 512)
            while !response.contains(10) && response.count < 4096 {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
                if n > 0 { response += buffer[0..<n]; continue }
                if n == 0 { break }
                if (errno == EAGAIN || errno == EINTR), wait(fd, events: Int16(POLLIN), until: deadline) { continue }
                return .failure(Failure(message: errno == EAGAIN ? "read: timed out" : "read: \(errorText())"))
            }
            return statusCode(response).map { .success($0) }
                ?? .failure(Failure(message: "not an HTTP response"))
        }
        return .failure(Failure(message: lastError))
    }

    /// The status code of an `HTTP/1.x NNN ...` status line.
    static func statusCode(_ bytes: [UInt8]) -> Int? {
        let line = bytes.prefix { $0 != 13 && $0 != 10 }
        let text = String(decoding: line, as: UTF8.self)
        let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let code = Int(parts[1]) else { return nil }
        return code
    }

    private static func wait(_ fd: Int32, events: Int16, until deadline: Double) -> Bool {
        while true {
            let remaining = deadline - MonotonicClock.now()
            guard remaining > 0 else { return false }
            var pfd = pollfd(fd: fd, events: events, revents: 0)
            let n = poll(&pfd, 1, Int32(max(1, (remaining * 1000).rounded(.up))))
            if n > 0 { return true }
            if n == 0 { return false }
            if errno != EINTR { return false }
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
