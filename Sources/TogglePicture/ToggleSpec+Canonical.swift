import Scene
import Geometry
import Raster

extension ToggleSpec {
    /// Bumped whenever the pixels drawn for the same spec change; part of every ETag.
    public static let rendererVersion = "r1"

    /// A string that is equal for two specs exactly when they draw the same picture:
    /// colours resolved for the theme, only the symbol actually shown, only the track colour in
    /// use. `on=1` and `state=on`, or `color=green` and `color=34c759`, share it.
    ///
    /// Its text (hashed into every ETag) is fields joined by `;`: renderer version, state, symbol,
    /// track and symbol colours, scale, size, `d`/`e` (disabled), background, padding, then `;rtl`
    /// for a mirrored switch that is not mixed; colours as `red,green,blue,alpha` and numbers as
    /// Swift's `description` writes them (`2.0`, `0.35`). Written as bytes by
    /// `appendCanonicalKey(to:)`.
    public var canonicalKey: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(96)
        appendCanonicalKey(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `canonicalKey`'s UTF-8 to `key` (for a key of which the spec's is one part).
    public func appendCanonicalKey(to key: inout [UInt8]) {
        let semicolon = UInt8(ascii: ";")
        let (trackColor, symbolColor) = resolvedColors
        let bg = background?.resolved(in: appearance) ?? .clear
        KeyText.append(Self.rendererVersion, to: &key)
        key.append(semicolon)
        KeyText.append(state.rawValue, to: &key)
        key.append(semicolon)
        KeyText.append(symbolName, to: &key)
        key.append(semicolon)
        Self.append(trackColor, to: &key)
        key.append(semicolon)
        Self.append(symbolColor, to: &key)
        key.append(semicolon)
        KeyText.append(description: scale, to: &key)
        key.append(semicolon)
        KeyText.append(size.rawValue, to: &key)
        key.append(semicolon)
        key.append(disabled ? UInt8(ascii: "d") : UInt8(ascii: "e"))
        key.append(semicolon)
        Self.append(bg.alpha == 0 ? .clear : bg, to: &key)
        key.append(semicolon)
        KeyText.append(description: padding, to: &key)
        if mirrored && state != .mixed { KeyText.append(";rtl", to: &key) }
        // The default style without a label keeps the key (and ETags) it always had; any other
        // style adds its name, the label, both track colours and the theme (styles draw the
        // label and their own fixed colours per theme), the direction (a mirrored mixed switch
        // or button differs too) and the width offered to a wrapping label.
        guard style != ToggleStyles.defaultName || !label.isEmpty || proposedWidth != nil else { return }
        key.append(semicolon)
        KeyText.append(style, to: &key)
        key.append(semicolon)
        Self.append(tint.resolved(in: appearance), to: &key)
        key.append(semicolon)
        if let offColor { Self.append(offColor.resolved(in: appearance), to: &key) } else { key.append(UInt8(ascii: "-")) }
        key.append(semicolon)
        KeyText.append(appearance.rawValue, to: &key)
        key.append(semicolon)
        KeyText.append(mirrored ? "rtl" : "ltr", to: &key)
        key.append(semicolon)
        if let proposedWidth {
            key.append(UInt8(ascii: "w"))
            KeyText.append(description: proposedWidth, to: &key)
        } else {
            key.append(UInt8(ascii: "-"))
        }
        key.append(semicolon)
        KeyText.append(decimal: label.utf8.count, to: &key)
        key.append(UInt8(ascii: ":"))
        KeyText.append(label, to: &key)
    }

    /// The track's and the symbol's colours as drawn: the tint for both when on or mixed; when
    /// off, `off_color` (or secondary at 0.35) for the track and gray for the symbol. The renderer
    /// and `canonicalKey` both use this, so equal keys always mean equal pictures.
    public var resolvedColors: (track: RGBAColor, symbol: RGBAColor) {
        switch state {
        case .on, .mixed:
            let tint = tint.resolved(in: appearance)
            return (tint, tint)
        case .off:
            return (offColor?.resolved(in: appearance) ?? StyleColors.offTrack(appearance), StyleColors.offSymbol)
        }
    }

    /// `red,green,blue,alpha`, as `"\(c.red),\(c.green),\(c.blue),\(c.alpha)"`.
    private static func append(_ c: RGBAColor, to key: inout [UInt8]) {
        KeyText.append(decimal: c.red, to: &key)
        key.append(UInt8(ascii: ","))
        KeyText.append(decimal: c.green, to: &key)
        key.append(UInt8(ascii: ","))
        KeyText.append(decimal: c.blue, to: &key)
        key.append(UInt8(ascii: ","))
        KeyText.append(description: c.alpha, to: &key)
    }

    /// Human-readable summary for the PNG Description chunk and alt text: the SVG's words
    /// (`ToggleScene.accessibilityText`: "Switch, on", "Bold, toggle button, on", "..., dimmed"),
    /// then what the picture shows beside them: the style when not the default, the symbol of a
    /// style that draws one, and the tint when the picture uses it (the switches when on or
    /// mixed, the button in every state, the symbol style never), e.g. "Switch, on, symbol
    /// moon.fill, tint indigo" or "Wi-Fi, switch, on, style switch, tint blue". The tint is named
    /// by the colour drawn (a SwiftUI name when it is one in this theme, else `#rrggbbaa`), not
    /// by how it was written, so specs with equal `canonicalKey`s (`color=orange`, `color=ff9500`,
    /// `color=rgb(255,149,0)`) give byte-identical PNGs, as their shared strong ETag promises.
    public var accessibilityDescription: String {
        // Appended to one string (parts joined by ", "; no array, no `joined`), the style told by
        // its name rather than by dynamic casts.
        var text = ToggleScene.accessibilityText(self)
        let drawn = ToggleStyles.style(of: self)
        if style != ToggleStyles.defaultName {
            text += ", style "
            text += style
        }
        if !symbolName.isEmpty && drawn.symbols != nil {
            text += ", symbol "
            text += symbolName
        }
        let drawnName = drawn.name
        let usesTint = drawnName == SymbolToggleStyle().name ? false : (drawnName == ButtonToggleStyle().name || state != .off)
        if usesTint {
            let drawn = tint.resolved(in: appearance)
            let name = NamedColor.allCases.first { $0.resolved(in: appearance) == drawn }
            text += ", tint "
            text += name.map { ColorSpecifier.named($0) }?.canonical ?? ColorSpecifier.fixed(drawn).canonical
        }
        return text
    }
}
