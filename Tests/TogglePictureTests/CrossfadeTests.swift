import XCTest
@testable import TogglePicture
import Geometry
import Scene

/// `Crossfade.scene`: what the two pictures share is drawn once, the rest fades, in an order
/// that a transition and its reverse share.
final class CrossfadeTests: XCTestCase {
    func square(_ x: Double, _ color: RGBAColor, opacity: Double = 1) -> SceneOperation {
        .fill(PathFill(Path.polygon([Point(x, 0), Point(x + 4, 0), Point(x + 4, 4), Point(x, 4)]), color: color, opacity: opacity))
    }

    func opacities(_ scene: Scene) -> [Double] {
        scene.operations.map { if case .fill(let f) = $0 { return f.opacity } else { return -1 } }
    }

    func testSharedOperationsAreDrawnOnceAndTheRestFades() {
        let background = SceneOperation.paint(.white)
        let label = square(20, .black)
        let a = Scene(width: 30, height: 10, title: "off", operations: [background, square(0, .black), label])
        let b = Scene(width: 30, height: 10, title: "on", operations: [background, square(8, .black), label])
        let mid = Crossfade.scene(from: a, to: b, progress: 0.25, fromIsBelow: true, keepsHiddenLayers: false)
        XCTAssertEqual(mid.operations.count, 4, "background, outgoing, incoming, label")
        XCTAssertEqual(mid.operations.first, background)
        XCTAssertEqual(mid.operations.last, label)
        XCTAssertEqual(Array(opacities(mid)[1...2]), [0.75, 0.25])
        XCTAssertEqual(mid.title, "on")
        // The ends are the two pictures themselves; with keepsHiddenLayers the faded-out one stays at 0.
        XCTAssertEqual(Crossfade.scene(from: a, to: b, progress: 0, fromIsBelow: true, keepsHiddenLayers: false).operations, a.operations)
        XCTAssertEqual(Crossfade.scene(from: a, to: b, progress: 1, fromIsBelow: true, keepsHiddenLayers: false).operations, b.operations)
        let kept = Crossfade.scene(from: a, to: b, progress: 1, fromIsBelow: true, keepsHiddenLayers: true)
        XCTAssertEqual(opacities(kept)[1], 0)
        XCTAssertEqual(kept.operations.count, 4)
    }

    /// The reverse transition (b to a, outgoing below) draws the same operations in the same order.
    func testReverseKeepsTheOrder() {
        let a = Scene(width: 10, height: 10, title: "", operations: [square(0, .black)])
        let b = Scene(width: 10, height: 10, title: "", operations: [square(2, .white)])
        let forward = Crossfade.scene(from: a, to: b, progress: 0.5, fromIsBelow: true, keepsHiddenLayers: true)
        let back = Crossfade.scene(from: b, to: a, progress: 0.5, fromIsBelow: false, keepsHiddenLayers: true)
        XCTAssertEqual(forward.operations, back.operations)
    }

    /// A body added on top (the symbol style's mixed border) only fades in; pictures of
    /// different sizes are centred in the larger canvas at whole pixels.
    func testAddedLayerAndDifferentSizes() {
        let base = square(0, .black)
        let a = Scene(width: 10, height: 10, title: "", operations: [base])
        let b = Scene(width: 14, height: 10, title: "", operations: [base, square(4, RGBAColor(red: 255, green: 0, blue: 0))])
        let mid = Crossfade.scene(from: a, to: b, progress: 0.5, fromIsBelow: true, keepsHiddenLayers: false)
        XCTAssertEqual(mid.width, 14)
        // a's square moved by (14 - 10) / 2 = 2 px differs from b's: both fade.
        XCTAssertEqual(opacities(mid), [0.5, 0.5, 0.5])
        guard case .fill(let moved) = mid.operations[0] else { return XCTFail() }
        XCTAssertEqual(moved.transform, AffineTransform.translation(2, 0))
        let same = Crossfade.scene(from: a, to: Scene(width: 10, height: 10, title: "", operations: [base, square(4, RGBAColor(red: 255, green: 0, blue: 0))]),
                                   progress: 0.5, fromIsBelow: true, keepsHiddenLayers: false)
        XCTAssertEqual(opacities(same), [1, 0.5], "the shared square once, the border fading in")
    }
}
