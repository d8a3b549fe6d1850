import TogglePicture

/// `toggle-server --version`.
enum Version {
    /// The service's version; `info.version` of `Public/openapi.json` says the same (a test checks).
    static let number = "1.0.0"

    /// E.g. `toggle-server 1.0.0 (renderer r1)`: the renderer version is part of every ETag.
    static var text: String { "toggle-server \(number) (renderer \(ToggleSpec.rendererVersion))" }
}
