import Raster
import Scene
import SceneRaster
@testable import TogglePicture
import XCTest

/// The fill cache replays coverage instead of rasterizing: toggles drawn through it, on a miss
/// and then on hits in other colours, must have exactly the bytes of toggles rasterized afresh.
final class FillCacheRenderTests: XCTestCase {
    func testCachedFillsGiveTheBytesOfFreshOnesForEveryStyleStateAndColour() throws {
        let cache = FillCache()
        let tints: [ColorSpecifier] = [.named(.green), .named(.indigo), .fixed(RGBAColor(red: 18, green: 171, blue: 52)),
                                       .fixed(RGBAColor(red: 255, green: 136, blue: 0, alpha: 0.5))]
        var compared = 0
        for style in ToggleStyles.names {
            for state in ToggleState.allCases {
                for (scale, appearance) in [(1.0, Appearance.light), (2, .dark), (3, .light)] {
                    for tint in tints {
                        var spec = ToggleSpec()
                        spec.style = style
                        spec.state = state
                        spec.scale = scale
                        spec.appearance = appearance
                        spec.tint = tint
                        spec.label = "Wi-Fi"
                        spec.disabled = tint == tints[3]
                        let fresh = try SceneRasterizer.render(ToggleScene.scene(for: spec), shadows: .shared, fills: nil)
                        let cached = try SceneRasterizer.render(ToggleScene.scene(for: spec), shadows: .shared, fills: cache)
                        XCTAssertTrue(cached.pixels == fresh.pixels, "\(style) \(state) @\(scale)x \(appearance) \(tint)")
                        compared += 1
                    }
                }
            }
        }
        // Colours do not change the geometry: most renders above were hits.
        XCTAssertGreaterThan(cache.count, 0)
        XCTAssertLessThan(cache.count, compared)
    }

    func testAFullCacheStillDrawsAndKeepsNothing() throws {
        let cache = FillCache(capacityBytes: 0)
        let spec = ToggleSpec()
        XCTAssertEqual(try SceneRasterizer.render(ToggleScene.scene(for: spec), shadows: .shared, fills: cache).pixels, try SceneRasterizer.render(ToggleScene.scene(for: spec), shadows: .shared, fills: nil).pixels)
        XCTAssertEqual(cache.count, 0)
    }
}
