import XCTest
@testable import HTTPServer

/// Who counts as one client for `maxConnectionsPerClient`: an IPv4 address, an IPv6 /64, an
/// IPv4-mapped IPv6 address as its IPv4 address (RFC 4291 section 2.5.5.2).
final class ClientKeyTests: XCTestCase {
    private func ipv6(_ text: String) -> [UInt8] {
        var address = in6_addr()
        XCTAssertEqual(inet_pton(AF_INET6, text, &address), 1, text)
        return withUnsafeBytes(of: address) { Array($0) }
    }

    func testAnIPv6Slash64IsOneClient() {
        XCTAssertEqual(ClientKey(ipv6: ipv6("2001:db8:1:2::1")), ClientKey(ipv6: ipv6("2001:db8:1:2:ffff:ffff:ffff:ffff")))
        XCTAssertNotEqual(ClientKey(ipv6: ipv6("2001:db8:1:2::1")), ClientKey(ipv6: ipv6("2001:db8:1:3::1")))
        XCTAssertEqual(ClientKey(ipv6: ipv6("2001:db8:1:2::1")), .ipv6Prefix64(0x2001_0db8_0001_0002))
    }

    func testAnIPv4MappedAddressIsItsIPv4Address() {
        XCTAssertEqual(ClientKey(ipv6: ipv6("::ffff:192.0.2.7")), .ipv4(0xC000_0207))
        XCTAssertNotEqual(ClientKey(ipv6: ipv6("::ffff:192.0.2.7")), ClientKey(ipv6: ipv6("::ffff:192.0.2.8")))
    }

    func testSocketAddressesOfBothFamilies() {
        var storage = sockaddr_storage()
        withUnsafeMutableBytes(of: &storage) { raw in
            var v4 = sockaddr_in()
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_addr.s_addr = inet_addr("198.51.100.9")
            raw.storeBytes(of: v4, as: sockaddr_in.self)
        }
        XCTAssertEqual(ClientKey(storage), .ipv4(0xC633_6409))
        var unix = sockaddr_storage()
        unix.ss_family = sa_family_t(AF_UNIX)
        XCTAssertEqual(ClientKey(unix), .other)
    }

    func testPauseMessagesNameTheCauseAndTheLimit() {
        XCTAssertTrue(HTTPServer.pauseMessage(.emfile, open: 10, limit: 64).contains("EMFILE, RLIMIT_NOFILE 64"))
        XCTAssertTrue(HTTPServer.pauseMessage(.enfile, open: 10, limit: nil).contains("ENFILE"))
        XCTAssertTrue(HTTPServer.pauseMessage(.descriptorBudget, open: 3, limit: 48).contains("3 open connections"))
        XCTAssertEqual(AcceptPause(errno: EMFILE), .emfile)
        XCTAssertEqual(AcceptPause(errno: ENOMEM), .enomem)
        XCTAssertNil(AcceptPause(errno: ECONNABORTED))
    }
}
