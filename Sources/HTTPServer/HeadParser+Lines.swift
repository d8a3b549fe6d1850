/// A head split into its request line and field lines, in place.
extension HeadParser {
    /// The lines of a head without their CRLF, the final empty line dropped: the request line and
    /// the field lines, found in place (no array of lines is made per request). CRLF was already
    /// checked by the scanner for every LF; a CR elsewhere is caught later as a control byte.
    struct Lines {
        var requestLine: ArraySlice<UInt8>
        var fieldLines: FieldLines
    }

    /// The field lines of a head, each without its CRLF, in order; `count` of them.
    struct FieldLines: Sequence {
        /// From the first field line through the CRLF of the last (empty when there are none).
        var bytes: ArraySlice<UInt8>
        var count: Int

        struct Iterator: IteratorProtocol {
            var rest: ArraySlice<UInt8>
            mutating func next() -> ArraySlice<UInt8>? {
                guard let lf = ByteClass.firstIndex(of: ByteClass.lf, in: rest) else { return nil }
                let line = rest[rest.startIndex ..< lf - 1]
                rest = rest[(lf + 1)...]
                return line
            }
        }

        func makeIterator() -> Iterator { Iterator(rest: bytes) }
    }

    /// Splits a head into its request line and field lines: at least a request line and the final
    /// empty line, else 400.
    static func lines(of head: ArraySlice<UInt8>) throws(RequestRejection) -> Lines {
        var count = 0
        var lineStart = head.startIndex
        var lastLineStart = head.startIndex
        var lastLineEmpty = false
        var requestLine = head[head.startIndex ..< head.startIndex]
        var fieldsStart = head.startIndex
        while let i = ByteClass.firstIndex(of: ByteClass.lf, in: head[lineStart...]) {
            let line = head[lineStart ..< i - 1]
            if count == 0 {
                requestLine = line
                fieldsStart = i + 1
            }
            lastLineEmpty = line.isEmpty
            lastLineStart = lineStart
            count += 1
            lineStart = i + 1
        }
        guard count >= 2, lastLineEmpty else { throw bad() }
        return Lines(requestLine: requestLine,
                     fieldLines: FieldLines(bytes: head[fieldsStart ..< lastLineStart], count: count - 2))
    }
}
