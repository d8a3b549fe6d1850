import XCTest
import Geometry
import Scene
@testable import SceneRaster

/// The fill and shadow caches' keys hash every coordinate in one mix: equal keys (0.0 and -0.0
/// are equal) hash alike, and keys that differ in one coordinate or one field are told apart.
final class CacheKeyHashTests: XCTestCase {
    func testEqualKeysHashAlikeAndDifferentOnesRarelyCollide() {
        let circle = Path.circle(center: Point(16, 16), radius: 13)
        var zero = Path(), negativeZero = Path()
        zero.move(to: Point(0, 1)); zero.line(to: Point(2, 0)); zero.close()
        negativeZero.move(to: Point(-0.0, 1)); negativeZero.line(to: Point(2, -0.0)); negativeZero.close()
        let a = FillCache.Key(width: 58, height: 32, path: zero, transform: .identity, fillRule: .nonZero, tolerance: 0.002)
        let b = FillCache.Key(width: 58, height: 32, path: negativeZero, transform: .identity, fillRule: .nonZero, tolerance: 0.002)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hashValue, b.hashValue)
        var hashes = Set<Int>()
        for i in 0..<200 {
            let key = FillCache.Key(width: 58, height: 32, path: circle.applying(.translation(Double(i) * 0.001, 0)),
                                    transform: .identity, fillRule: i % 2 == 0 ? .nonZero : .evenOdd, tolerance: 0.002)
            hashes.insert(key.hashValue)
        }
        XCTAssertEqual(hashes.count, 200)
        let s1 = ShadowCache.Key(width: 58, height: 32, path: circle, placement: .identity, sigma: 2, hiddenUnder: nil)
        let s2 = ShadowCache.Key(width: 58, height: 32, path: circle, placement: .identity, sigma: 2,
                                 hiddenUnder: Disc(center: Point(16, 16), radius: 13))
        XCTAssertNotEqual(s1.hashValue, s2.hashValue)
        XCTAssertEqual(s2.hashValue, ShadowCache.Key(width: 58, height: 32, path: circle, placement: .identity, sigma: 2,
                                                     hiddenUnder: Disc(center: Point(16, -0.0 + 16), radius: 13)).hashValue)
    }
}
