import Geometry
import ImageWriters
import TogglePicture

/// Why a picture could not be made: the layout or the encoding, each with its own typed error.
public enum ToggleImageError: Error, Equatable, Sendable {
    case render(ToggleRenderError)
    /// The canvas could not be made (`RasterError`).
    case raster(RasterError)
    case encoding(PNGEncodingError)
    case svg(SVGWriterError)

    init(_ error: SceneEncodingError) {
        switch error {
        case .raster(let e): self = .raster(e)
        case .png(let e): self = .encoding(e)
        case .svg(let e): self = .svg(e)
        }
    }
}
