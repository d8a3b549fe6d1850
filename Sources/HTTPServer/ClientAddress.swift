#if canImport(Glibc)
import Glibc
#endif

/// Who a connection counts against for `HTTPServerConfiguration.maxConnectionsPerClient`: one
/// IPv4 address, or one IPv6 /64 (the prefix a single site or host is usually given, RFC 6177, so
/// that a client cannot escape the limit by picking new addresses within its own network).
/// An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, a dual-stack listener) is its IPv4 address.
public enum ClientKey: Hashable, Sendable {
    case ipv4(UInt32)
    /// The first 64 bits of the address, in network order.
    case ipv6Prefix64(UInt64)
    /// Not an internet address (never limited).
    case other

    /// The key of the peer address `storage` as accept(2) filled it in.
    init(_ storage: sockaddr_storage) {
        var storage = storage
        switch Int32(storage.ss_family) {
        case AF_INET:
            self = withUnsafeBytes(of: &storage) { raw in
                let address = raw.load(as: sockaddr_in.self)
                return .ipv4(UInt32(bigEndian: address.sin_addr.s_addr))
            }
        case AF_INET6:
            self = withUnsafeBytes(of: &storage) { raw in
                let address = raw.load(as: sockaddr_in6.self)
                let bytes = withUnsafeBytes(of: address.sin6_addr) { Array($0) }
                return Self(ipv6: bytes)
            }
        default:
            self = .other
        }
    }

    /// The key of a 16-byte IPv6 address.
    init(ipv6 bytes: [UInt8]) {
        precondition(bytes.count == 16)
        let mapped = bytes[0 ..< 10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
        if mapped {
            self = .ipv4(bytes[12 ..< 16].reduce(0) { $0 << 8 | UInt32($1) })
        } else {
            self = .ipv6Prefix64(bytes[0 ..< 8].reduce(0) { $0 << 8 | UInt64($1) })
        }
    }
}
