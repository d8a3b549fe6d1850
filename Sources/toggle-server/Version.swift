import TextLayout
import TogglePicture

/// `toggle-server --version`.
enum Version {
    /// The service's version; `info.version` of `Public/openapi.json` says the same (a test checks).
    static let number = "1.0.0"

    /// E.g. `toggle-server 1.0.0 (renderer r3, fonts 3f6a4f4a72f77e8e)`: the renderer version is
    /// part of every ETag, the font set's fingerprint (the contents of the font files in use,
    /// read at start-up) of every ETag of a picture with text.
    static var text: String {
        "toggle-server \(number) (renderer \(ToggleSpec.rendererVersion), fonts \(TextLayout.shared.fontSet.fingerprintText))"
    }
}
