import Geometry
import Raster
import Scene
import SceneRaster
@testable import TogglePicture
import XCTest

/// `SceneRasterizer.operationAlphas(of:)`: each operation's source alpha per pixel, and the fact
/// the PNG encoder's coverage classes rest on: pixels with the same operations' colours and
/// alphas (from the last alpha of 255 on, zeros left out) are drawn in one colour, checked
/// against whole pictures drawn in many tints.
final class OperationAlphaTests: XCTestCase {
    /// Toggles of every style, on and mixed, at scales 1 and 2, some disabled or dark.
    static let specs: [ToggleSpec] = ToggleStyles.names.flatMap { style in
        [(ToggleState.on, 1.0, false), (.mixed, 2, false), (.on, 2, true)].map { state, scale, disabled in
            var spec = ToggleSpec()
            spec.style = style
            spec.state = state
            spec.scale = scale
            spec.disabled = disabled
            spec.appearance = disabled ? .dark : .light
            spec.label = "Wi-Fi"
            return spec
        }
    }

    /// Opaque tints from a fixed generator (no two runs differ), and the ends of the range.
    static let tints: [RGBAColor] = {
        var generator = SeededBytes(seed: 7)
        return (0..<24).map { _ in
            RGBAColor(red: generator.byte(), green: generator.byte(), blue: generator.byte())
        } + [.white, .black]
    }()

    /// A fill's plane is its colour's alpha times its opacity times the coverage the mask
    /// rasterizer (`Rasterizer.coverage`, not the fill path) gives, quantized to 1/255.
    func testAFillsAlphaIsItsQuantizedCoverage() throws {
        for spec in Self.specs.prefix(6) {
            let scene = try ToggleScene.scene(for: spec)
            let planes = try XCTUnwrap(try SceneRasterizer.operationAlphas(of: scene))
            let count = scene.width * scene.height
            XCTAssertEqual(planes.count, count * scene.operations.count)
            for (k, operation) in scene.operations.enumerated() {
                guard case .fill(let fill) = operation else { continue }
                let mask = try Rasterizer.coverage(of: fill.path, transform: fill.transform, width: scene.width,
                                                   height: scene.height, fillRule: fill.fillRule,
                                                   tolerance: fill.flatteningTolerance ?? Flattening.defaultTolerance)
                let alpha = Float(fill.color.alpha * fill.opacity)
                for i in 0..<count {
                    let expected = UInt8(min(255, (alpha * mask.values[i] * 255).rounded()))
                    XCTAssertEqual(planes[k * count + i], expected, "\(spec.style) operation \(k) pixel \(i)")
                }
            }
        }
    }

    /// Pixels whose (colour, alpha) pairs agree from the last 255 on have one colour in every tint.
    func testPixelsWithTheSameAlphasHaveOneColourInEveryTint() throws {
        for spec in Self.specs {
            let scene = try ToggleScene.scene(for: spec)
            let planes = try XCTUnwrap(try SceneRasterizer.operationAlphas(of: scene))
            let count = scene.width * scene.height, operations = scene.operations.count
            // Each operation's colour: ones drawn in the tint stay equal to each other in any tint.
            let colours = scene.operations.map { operation -> [UInt8] in
                switch operation {
                case .fill(let fill): return [fill.color.red, fill.color.green, fill.color.blue]
                case .shadow(let shadow): return [shadow.color.red, shadow.color.green, shadow.color.blue]
                case .paint(let color): return [color.red, color.green, color.blue]
                case .layer, .image: return []
                }
            }
            var classOf: [[UInt8]: Int] = [:]
            let classes = (0..<count).map { i -> Int in
                // (colour, alpha) from the last alpha of 255 on, alphas of 0 left out.
                let alphas = (0..<operations).map { planes[$0 * count + i] }
                let from = alphas.lastIndex(of: 255) ?? 0
                let key = (from..<operations).filter { alphas[$0] > 0 }.flatMap { colours[$0] + [alphas[$0]] }
                if let known = classOf[key] { return known }
                classOf[key] = classOf.count
                return classOf.count - 1
            }
            XCTAssertLessThan(classOf.count, count / 4, "\(spec.style): the alphas should group the pixels")
            for tint in Self.tints {
                var tinted = spec
                tinted.tint = .fixed(tint)
                let pixels = try SceneRasterizer.render(ToggleScene.scene(for: tinted)).pixels
                var colour = [UInt32?](repeating: nil, count: classOf.count)
                for i in 0..<count {
                    let word = pixels.withUnsafeBytes { $0.load(fromByteOffset: i * 4, as: UInt32.self) }
                    if let seen = colour[classes[i]] {
                        XCTAssertEqual(seen, word, "\(spec.style) \(spec.state) @\(spec.scale)x in \(tint): pixel \(i)")
                    } else {
                        colour[classes[i]] = word
                    }
                }
            }
        }
    }

    /// A layer is composited as a picture, not at one alpha a pixel: no planes.
    func testASceneWithALayerHasNoPlanes() throws {
        let inner = Scene(width: 4, height: 4, title: "", operations: [.paint(.white)])
        let scene = Scene(width: 8, height: 8, title: "", operations: [.paint(.black), .layer(SceneLayer(inner, x: 2, y: 2))])
        XCTAssertNil(try SceneRasterizer.operationAlphas(of: scene))
    }
}

/// Bytes from SplitMix64 (Steele, Lea and Flood), seeded: tints that are the same in every run.
struct SeededBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func byte() -> UInt8 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt8(truncatingIfNeeded: (z ^ (z >> 31)) >> 56)
    }
}
