/// The file formats a picture route can answer in, chosen by the path (`/toggle.png`,
/// `/toggle.svg`); both are drawn from the same scene.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, svg

    /// The response's Content-Type.
    public var contentType: String {
        switch self {
        case .png: return "image/png"
        case .svg: return "image/svg+xml; charset=utf-8"
        }
    }
}
