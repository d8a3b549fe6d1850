import TextLayout
import Scene
import Geometry

extension ToggleSpec {
    /// Bumped whenever the bytes sent for the same spec change (the pixels drawn, or how they
    /// are encoded), so that a strong ETag never names two representations; part of every ETag.
    public static let rendererVersion = "r3"

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
    /// Written through a pointer into stack memory sized for the longest text the fields can
    /// give, then appended in one piece, not a byte at a time into the array
    /// (Benchmarks/profile/svg-callgrind.sh).
    public func appendCanonicalKey(to key: inout [UInt8]) {
        // Fixed text, separators and small names: under 200 bytes; four colours of at most
        // "255,255,255," and a number; four more numbers; the strings the spec holds. The font
        // set's fingerprint only with a label, the one key that writes it: making it reads
        // every font file once, which a picture without text need never do.
        let numbers = 8 * KeyCursor.maximumDescriptionBytes
        let fonts = label.isEmpty ? 0 : CanonicalKey.fontsPart.utf8.count
        let capacity = 400 + numbers + symbolName.utf8.count + style.utf8.count + label.utf8.count
            + LanguageTag.maximumLength + fonts
            + size.rawValue.utf8.count + state.rawValue.utf8.count + appearance.rawValue.utf8.count
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var cursor = KeyCursor(buffer.baseAddress!)
            writeCanonicalKey(to: &cursor)
            precondition(cursor.count <= capacity)
            key.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress, count: cursor.count))
        }
    }

    private func writeCanonicalKey(to key: inout KeyCursor) {
        let semicolon = UInt8(ascii: ";")
        let (trackColor, symbolColor) = resolvedColors
        let bg = background?.resolved(in: appearance) ?? .clear
        key.put(Self.rendererVersion)
        key.put(semicolon)
        key.put(state.rawValue)
        key.put(semicolon)
        key.put(symbolName)
        key.put(semicolon)
        Self.put(trackColor, to: &key)
        key.put(semicolon)
        Self.put(symbolColor, to: &key)
        key.put(semicolon)
        key.put(description: scale)
        key.put(semicolon)
        key.put(size.rawValue)
        key.put(semicolon)
        key.put(disabled ? UInt8(ascii: "d") : UInt8(ascii: "e"))
        key.put(semicolon)
        Self.put(bg.alpha == 0 ? .clear : bg, to: &key)
        key.put(semicolon)
        key.put(description: padding)
        if mirrored && state != .mixed { key.put(";rtl") }
        // The default style without a label keeps the key (and ETags) it always had; any other
        // style adds its name, the label, both track colours and the theme (styles draw the
        // label and their own fixed colours per theme), the direction (a mirrored mixed switch
        // or button differs too) and the width offered to a wrapping label.
        guard style != ToggleStyles.defaultName || !label.isEmpty || proposedWidth != nil else { return }
        writeStyleKey(to: &key)
    }

    /// What a style other than the default, a label or a width adds to the key: style, tint,
    /// off colour, theme, direction, width, the label with its byte count, contrast, language, fonts.
    private func writeStyleKey(to key: inout KeyCursor) {
        let semicolon = UInt8(ascii: ";")
        key.put(semicolon)
        key.put(style)
        key.put(semicolon)
        Self.put(tint.resolved(in: appearance), to: &key)
        key.put(semicolon)
        if let offColor { Self.put(offColor.resolved(in: appearance), to: &key) } else { key.put(UInt8(ascii: "-")) }
        key.put(semicolon)
        key.put(appearance.rawValue)
        key.put(semicolon)
        key.put(mirrored ? "rtl" : "ltr")
        key.put(semicolon)
        if let proposedWidth {
            key.put(UInt8(ascii: "w"))
            key.put(description: proposedWidth)
        } else {
            key.put(UInt8(ascii: "-"))
        }
        key.put(semicolon)
        key.put(decimal: label.utf8.count)
        key.put(UInt8(ascii: ":"))
        key.put(label)
        // The tutorial style's symbol takes the track's colour, which the key has, raised or not.
        if raisesSymbolContrast { key.put(";contrast") }
        // The label's language picks its shaping and Han forms (none: the key as before).
        if let language, !label.isEmpty {
            key.put(";lang=")
            key.put(language.canonical)
        }
        // A style that draws its label draws it in the font set's fonts.
        if !label.isEmpty && ToggleStyles.style(of: self).needsLabel {
            key.put(semicolon)
            key.put(CanonicalKey.fontsPart)
        }
    }

    /// The track's and the symbol's colours as drawn: the tint for both when on or mixed; when
    /// off, `off_color` (or secondary at 0.35) for the track and gray for the symbol (3.3:1 on
    /// the knob). With `raisesSymbolContrast`, the symbol's tint raised to 3:1 against the knob.
    /// The renderer and `canonicalKey` both use this, so equal keys always mean equal pictures.
    public var resolvedColors: (track: RGBAColor, symbol: RGBAColor) {
        switch state {
        case .on, .mixed:
            let tint = tint.resolved(in: appearance)
            return (tint, raisesSymbolContrast ? SymbolContrast.raised(tint, on: StyleColors.knob) : tint)
        case .off:
            return (offColor?.resolved(in: appearance) ?? StyleColors.offTrack(appearance), StyleColors.offSymbol)
        }
    }

    /// `red,green,blue,alpha`, as `"\(c.red),\(c.green),\(c.blue),\(c.alpha)"`.
    private static func put(_ c: RGBAColor, to key: inout KeyCursor) {
        key.put(decimal: c.red)
        key.put(UInt8(ascii: ","))
        key.put(decimal: c.green)
        key.put(UInt8(ascii: ","))
        key.put(decimal: c.blue)
        key.put(UInt8(ascii: ","))
        key.put(description: c.alpha)
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
