import Utilities

/// The ids of an SVG document's blur filters: `s` + the filter's index + `k` + eight lowercase
/// hexadecimal digits, the document's filter stamp, e.g. `s0k3fa9c20e`.
///
/// Two of our documents inlined in one HTML page share one id space, so ids of the form `s0`
/// alone made the second document's shadows use the first one's filter. The stamp is the low
/// 32 bits of the stable hash (`StableHash`, mixed) of every filter the document defines, in
/// order: documents whose filters differ get different ids (but for a 32-bit hash collision),
/// and two documents that share an id define that filter identically, so either definition
/// draws the same. The stamp depends on nothing else (not the colours), so a document written
/// from a template (`SVGDocumentTemplates`) keeps its template's ids, and the bytes stay a
/// function of the picture.
enum SVGFilterIdentifiers {
    /// Digits of the stamp.
    static let stampDigits = 8

    /// The stamp of `filters` (the document's, in id order), 0 ..< 2^32.
    static func stamp(of filters: [SVGWriter.Body.Filter]) -> UInt64 {
        var hash = StableHash()
        for f in filters {
            hash.combine(word: f.sigma.bitPattern)
            hash.combine(word: UInt64(bitPattern: Int64(f.width)))
            hash.combine(word: UInt64(bitPattern: Int64(f.height)))
            hash.combine(word: UInt64(bitPattern: Int64(f.margin)))
        }
        return StableHash.mixed(hash.value) & 0xffff_ffff
    }

    /// Writes `stamp` over the placeholder at each of `offsets` in `text`.
    static func write(_ stamp: UInt64, at offsets: [Int], in text: inout SVGBytes) {
        for offset in offsets {
            text.overwrite(at: offset, count: stampDigits) { ASCIIDigits.writeHex(stamp, digits: stampDigits, to: $0) }
        }
    }

    /// Appends the id of filter `index` with `stamp` (no quotes).
    static func appendID(_ index: Int, stamp: UInt64, to out: inout SVGBytes) {
        out.append("s")
        SVGText.appendInteger(index, to: &out)
        out.append("k")
        out.write(maximumCount: stampDigits) { ASCIIDigits.writeHex(stamp, digits: stampDigits, to: $0); return stampDigits }
    }
}
