import TextLayout

/// A rectangle in pt, origin at the top-left, y down.
public struct FrameInPoints: Sendable, Equatable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
    public var maxX: Double { x + width }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
}

/// The seed's settings row (docs/design-facts.md section 10): `HStack(spacing: 16)` of the label, leading,
/// `maxWidth: .infinity`, and the switch (any style's body at its ideal size); `minHeight: 44`
/// pt; both vertically centred. A right-to-left row is mirrored: switch on the left, label on
/// the right. A style that draws its label (`button`, `symbol`) is the row alone, centred. Lengths
/// in pt, relative to the row's top-left corner.
public struct RowLayout: Sendable, Equatable {
    /// Gap between label and switch, pt (the seed's `HStack(spacing: 16)`).
    public static let spacing = 16.0
    /// The row's least height, pt (the seed's `.frame(minHeight: 44)`, Apple's minimum hit target).
    public static let minimumHeight = 44.0

    public let width: Double
    /// `max(44, label height, switch height)`, pt.
    public let height: Double
    /// The label's box: as wide as the row leaves it, as tall as its lines, centred vertically.
    /// Its lines start at the left edge (left to right) or end at the right edge (right to left).
    public let label: FrameInPoints
    /// The switch's track, centred vertically, at the trailing end.
    public let toggle: FrameInPoints
    /// Whether the row is mirrored (right-to-left label or `dir=rtl`).
    public let direction: TextDirection

    /// The widest a label line may be in a row `rowWidth` pt wide with a switch `switchWidth` pt
    /// wide: what is left after the switch and the spacing, never negative.
    public static func labelWidth(rowWidth: Double, switchWidth: Double) -> Double {
        max(0, rowWidth - spacing - switchWidth)
    }

    /// - Parameters:
    ///   - width: the row's width, pt.
    ///   - switchWidth, switchHeight: the style's body, pt (`ToggleStyle.idealSize`; the icon
    ///     switch's track `1.8 h` by `h`, h = 32 pt x factor; `switch` and `tutorial` 51 x 31).
    ///   - labelHeight: the label's lines times the line height, pt.
    ///   - direction: `.rightToLeft` mirrors the row.
    public init(width: Double, switchWidth: Double, switchHeight: Double, labelHeight: Double,
                direction: TextDirection) {
        self.width = width
        self.direction = direction
        height = max(Self.minimumHeight, labelHeight, switchHeight)
        let labelWidth = Self.labelWidth(rowWidth: width, switchWidth: switchWidth)
        let labelY = (height - labelHeight) / 2
        let switchY = (height - switchHeight) / 2
        switch direction {
        case .leftToRight:
            label = FrameInPoints(x: 0, y: labelY, width: labelWidth, height: labelHeight)
            toggle = FrameInPoints(x: width - switchWidth, y: switchY, width: switchWidth, height: switchHeight)
        case .rightToLeft:
            toggle = FrameInPoints(x: 0, y: switchY, width: switchWidth, height: switchHeight)
            label = FrameInPoints(x: width - labelWidth, y: labelY, width: labelWidth, height: labelHeight)
        }
    }

    /// A row whose style draws its label (`button`, `symbol`): the style's body alone, `body` pt,
    /// centred horizontally (as the seed card's `VStack`, alignment `.center`, places a toggle
    /// narrower than the card) and vertically; `label` is the body's frame (the label is in it).
    /// Height `max(44, body height)`.
    public init(width: Double, body: SizeInPoints, direction: TextDirection) {
        self.width = width
        self.direction = direction
        height = max(Self.minimumHeight, body.height)
        toggle = FrameInPoints(x: (width - body.width) / 2, y: (height - body.height) / 2,
                               width: body.width, height: body.height)
        label = toggle
    }

    /// Where the knob's centre goes in a mirrored switch: the left-to-right position `x` reflected
    /// across the track's vertical centre line (iOS mirrors `.leading`/`.trailing`, so on puts the
    /// knob at the left). Identity for left-to-right rows.
    public func knobCenterX(leftToRight x: Double) -> Double {
        direction == .rightToLeft ? 2 * toggle.x + toggle.width - x : x
    }
}

/// The seed demo's card (docs/design-facts.md section 10): rows in a `VStack(spacing: 8)`, padded 20 pt left
/// and right and 12 pt top and bottom, on a continuous-corner card (radius 24 pt) with 20 pt of
/// grouped background around it. Lengths in pt, relative to the image's top-left corner.
public struct CardLayout: Sendable, Equatable {
    /// Background around the card, pt (the seed's outer `.padding(20)`).
    public static let margin = 20.0
    /// Inside the card, left and right, pt.
    public static let horizontalPadding = 20.0
    /// Inside the card, top and bottom, pt.
    public static let verticalPadding = 12.0
    /// Between rows, pt.
    public static let rowSpacing = 8.0
    /// The card's continuous corner radius, pt.
    public static let cornerRadius = 24.0
    /// The image's width when not given, pt: an iPhone's 390.
    public static let defaultWidth = 390.0

    /// The whole image, pt.
    public let width: Double
    public let height: Double
    /// The card's rectangle, pt.
    public let card: FrameInPoints
    /// Each row's rectangle, pt, top to bottom.
    public let rows: [FrameInPoints]

    /// The width left for each row in an image `width` pt wide: `width - 2 x (20 + 20)`.
    public static func rowWidth(imageWidth width: Double) -> Double {
        max(0, width - 2 * (margin + horizontalPadding))
    }

    /// - Parameters:
    ///   - width: the image's width, pt.
    ///   - rowHeights: each row's height (`RowLayout.height`), pt, top to bottom.
    public init(width: Double, rowHeights: [Double]) {
        self.width = width
        let rowWidth = Self.rowWidth(imageWidth: width)
        var y = Self.margin + Self.verticalPadding
        var rows: [FrameInPoints] = []
        for (index, rowHeight) in rowHeights.enumerated() {
            if index > 0 { y += Self.rowSpacing }
            rows.append(FrameInPoints(x: Self.margin + Self.horizontalPadding, y: y, width: rowWidth, height: rowHeight))
            y += rowHeight
        }
        self.rows = rows
        let cardHeight = 2 * Self.verticalPadding + rowHeights.reduce(0, +)
            + Self.rowSpacing * Double(max(0, rowHeights.count - 1))
        card = FrameInPoints(x: Self.margin, y: Self.margin, width: max(0, width - 2 * Self.margin), height: cardHeight)
        height = cardHeight + 2 * Self.margin
    }
}
