import Geometry
import Scene
import TextLayout
import XCTest
@testable import TogglePicture

/// Rows and cards as scenes: what every backend draws.
final class RowSceneTests: XCTestCase {
    func testRowSceneIsLabelThenTheSwitchAtWholePixels() throws {
        var spec = ToggleSpec()
        spec.state = .on
        spec.scale = 2
        let row = try LabelledRow(label: "Dark Mode", size: .large, width: 350)
        let scene = try RowScene.scene(row: row, label: "Dark Mode", spec: spec)
        XCTAssertEqual(scene.width, 700)
        XCTAssertEqual(scene.height, 88)
        XCTAssertEqual(scene.title, "Dark Mode, switch, on")
        // The label first, in the light label colour; then the lone toggle's operations, moved.
        guard case .fill(let label) = scene.operations.first else { return XCTFail("\(scene.operations)") }
        XCTAssertEqual(label.color, LabelColors.label(.light, disabled: false))
        var lone = spec
        lone.padding = 0
        let toggle = try ToggleScene.scene(for: lone)
        XCTAssertEqual(scene.operations.count, 1 + toggle.operations.count)
        // The switch's origin: (350 - 57.6) x 2 = 584.8 -> 585 px, 6 x 2 = 12 px.
        guard case .fill(let track) = scene.operations[1], case .fill(let loneTrack) = toggle.operations[0] else {
            return XCTFail()
        }
        let p = track.transform.apply(Point(0, 0)), q = loneTrack.transform.apply(Point(0, 0))
        XCTAssertEqual(p.x - q.x, 585)
        XCTAssertEqual(p.y - q.y, 12)
    }

    func testCardSceneHasTheBackgroundsAndEveryRowsTitle() throws {
        var on = ToggleSpec()
        on.state = .on
        let rows = try ["Wi-Fi", "Bluetooth"].map { label in
            (row: try LabelledRow(label: label, size: .large, width: CardLayout.rowWidth(imageWidth: 390)),
             label: label, spec: on)
        }
        let scene = try RowScene.scene(card: rows, width: 390, scale: 1, appearance: .dark)
        XCTAssertEqual(scene.title, "Wi-Fi, switch, on; Bluetooth, switch, on")
        XCTAssertEqual(scene.height, 20 + 12 + 44 + 8 + 44 + 12 + 20)
        guard case .paint(let screen) = scene.operations[0], case .fill(let card) = scene.operations[1] else {
            return XCTFail()
        }
        XCTAssertEqual(screen, GroupedBackgrounds.screen(.dark))
        XCTAssertEqual(card.color, GroupedBackgrounds.card(.dark))
    }
}
