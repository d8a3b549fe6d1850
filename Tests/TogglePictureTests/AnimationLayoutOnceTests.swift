import XCTest
@testable import TogglePicture
import Scene

/// What an animation lays out once for all its frames (a crossfading style's two bodies, a row's
/// label) gives every frame the scene it lays out on its own.
final class AnimationLayoutOnceTests: XCTestCase {
    func testCrossfadeBodiesMadeOnceGiveEveryFramesScene() throws {
        var spec = ToggleSpec()
        spec.style = "button"
        spec.label = "Wi-Fi"
        spec.state = .on
        spec.scale = 2
        let animation = ToggleAnimation(transition: ToggleTransition(spec: spec, from: .off, motion: ToggleMotion()),
                                        loops: true)
        let bodies = CrossfadeBodies()
        let frames = animation.frames
        XCTAssertGreaterThan(frames.count, 10)
        for frame in frames {
            XCTAssertEqual(try frame.scene(bodies: bodies), try frame.scene())
        }
    }

    func testARowsLabelLaidOutOnceGivesEveryFramesScene() throws {
        var spec = ToggleSpec()
        spec.state = .on
        spec.scale = 2
        let row = try LabelledRow(label: "Dark Mode", spec: spec, width: 350)
        let body = row.body(spec)
        let animation = ToggleAnimation(transition: ToggleTransition(spec: body, from: .off, motion: ToggleMotion()))
        let still = try RowScene.stillBodySize(row: row, spec: spec)
        let label = RowScene.labelOperations(row: row, spec: spec)
        XCTAssertFalse(label.isEmpty)
        for frame in animation.frames {
            XCTAssertEqual(try RowScene.scene(row: row, label: "Dark Mode", spec: spec, frame: frame, stillBodySize: still,
                                              labelOperations: label, bodies: CrossfadeBodies()),
                           try RowScene.scene(row: row, label: "Dark Mode", spec: spec, frame: frame, stillBodySize: still))
        }
    }
}
