import ImageWriters
import QueryLanguage
import Scene
import TogglePicture

/// `/toggle`, `/toggle.png`, `/toggle@Nx.png`, `/toggle.svg`: the picture of `spec` in `format`,
/// following the viewer's colour scheme when `followsColorScheme` (`theme=auto`, SVG only: `spec`
/// then holds the light theme), animated into `spec`'s state when `animation` is set (`animate=1`).
public struct ToggleRequest: PictureRequest {
    public let spec: ToggleSpec
    public let format: ImageFormat
    public let followsColorScheme: Bool
    public let animation: ToggleAnimation?
    public let stillPixels: Int?
    public let ignoredFieldValue: String?
    /// How hard zlib works on the still PNG (`ToggleQuery.compression`).
    public let compression: StillCost.Compression

    public init(query: ToggleQuery, format: ImageFormat) {
        let size = query.stillSize ?? (query.animation == nil ? PictureSize.of(query.spec) : nil)
        self.init(spec: query.spec, format: format, followsColorScheme: query.followsColorScheme,
                  animation: query.animation, stillPixels: size.map { $0.width * $0.height },
                  ignoredFieldValue: query.ignoredFieldValue, compression: query.compression)
    }

    public init(spec: ToggleSpec, format: ImageFormat, followsColorScheme: Bool = false, animation: ToggleAnimation? = nil,
         stillPixels: Int? = nil, ignoredFieldValue: String? = nil, compression: StillCost.Compression = .best) {
        self.spec = spec
        self.format = format
        self.followsColorScheme = followsColorScheme
        self.animation = animation
        self.stillPixels = stillPixels
        self.compression = compression
        self.ignoredFieldValue = ignoredFieldValue
    }

    public var route: PictureRoute { .toggle }

    public var canonicalKey: [UInt8] {
        CanonicalKey.toggle(spec, format: format.rawValue, followsColorScheme: followsColorScheme, animation: animation)
    }

    /// The still's scene (both themes' for `theme=auto`), or every frame laid out by its style at
    /// its time (`ToggleAnimation.Frame.scene()`). A PNG's Title is the SVG's `<title>`
    /// (`ToggleScene.accessibilityText`), its Description the same words and what the picture
    /// shows (style, symbol, tint); an SVG carries neither, so they are not made for one.
    public func scenes() throws(ToggleRenderError) -> PictureScenes {
        if let animation {
            let (w, h) = try animation.canvasSize()
            let bodies = CrossfadeBodies()
            let frames = try animation.sceneAnimation(for: format, width: w, height: h) { frame throws(ToggleRenderError) in
                try frame.scene(bodies: bodies)
            }
            return words(.animation(frames), spec: animation.transition.spec)
        }
        guard followsColorScheme else {
            // Made whole: setting a field of the returned scenes copied them through their value
            // witness, on every still (Benchmarks/profile/svg-callgrind.sh).
            return words(.still(try ToggleScene.scene(for: spec)), spec: spec, tintVariants: tintVariants)
        }
        var light = spec, dark = spec
        light.appearance = .light
        dark.appearance = .dark
        return words(.lightAndDark(light: try ToggleScene.scene(for: light), dark: try ToggleScene.scene(for: dark)),
                     spec: spec)
    }

    /// For a still PNG that draws its tint (on or mixed) in an opaque colour: the key of its
    /// geometry (the canonical key with the tint set to the first probe tint) and the picture in
    /// other tints; nil otherwise (an off toggle's PNG already shares its image data across
    /// tints, as its tint is not drawn).
    var tintVariants: TintVariants? {
        guard format == .png, animation == nil, !followsColorScheme, spec.state != .off,
              spec.tint.resolved(in: spec.appearance).alpha == 1 else { return nil }
        var probe = spec
        probe.tint = .fixed(PaletteClasses.probeTints[0])
        var key: [UInt8] = []
        probe.appendCanonicalKey(to: &key)
        let spec = spec
        return TintVariants(key: key) { tints in
            try? tints.map { tint throws(ToggleRenderError) in
                var probe = spec
                probe.tint = .fixed(tint)
                return try ToggleScene.scene(for: probe)
            }
        }
    }

    /// `content` with the PNG's words for `spec` (an SVG's are its scenes' titles) and, for a PNG,
    /// `tintVariants`.
    func words(_ content: PictureScenes.Content, spec: ToggleSpec, tintVariants: TintVariants? = nil) -> PictureScenes {
        guard format == .png else { return PictureScenes(content, kind: .toggle, title: "", description: "", scale: spec.scale) }
        return PictureScenes(content, kind: .toggle, title: ToggleScene.accessibilityText(spec),
                             description: animation?.accessibilityDescription ?? spec.accessibilityDescription,
                             scale: spec.scale, tintVariants: tintVariants, compression: compression)
    }
}
