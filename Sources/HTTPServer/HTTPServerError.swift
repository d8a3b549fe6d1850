/// Why `HTTPServer.start()` failed.
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// getaddrinfo could not resolve `host` (its gai error text).
    case addressResolution(host: String, message: String)
    /// A socket call failed: `operation` is the call (`socket`, `bind`, `listen`), `errno` its error.
    case socket(operation: String, errno: Int32)
    /// `start()` was called twice, or after `shutdown`.
    case alreadyStarted

    public var description: String {
        switch self {
        case .addressResolution(let host, let message): return "cannot resolve \(host): \(message)"
        case .socket(let operation, let errno):
            // strerror's text, lowercased as it reads mid-sentence: "address already in use".
            let text = String(cString: strerror(errno))
            return "\(operation) failed: \(text.prefix(1).lowercased() + text.dropFirst()) (errno \(errno))"
        case .alreadyStarted: return "server already started"
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
