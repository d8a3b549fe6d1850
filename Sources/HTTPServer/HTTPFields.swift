/// An ordered list of HTTP field lines (RFC 9110 section 5), as received or to be sent.
///
/// Names compare case-insensitively (ASCII); order and duplicates are kept, because RFC 9110
/// gives meaning to repeated fields (e.g. two `Content-Length` lines with different values).
///
/// The fields of a parsed request stay as the head's bytes (already checked by the parser) until
/// something lists or changes them: a lookup by name (`subscript`, `values(for:)`, `contains`)
/// reads those bytes and makes a `String` only for the value it returns, so a request whose
/// fields are never listed costs no `String` and no array per field line.
public struct HTTPFields: Sendable, Equatable, Sequence {
    /// One field line: a name (a token) and a value with optional whitespace already trimmed.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The field lines as `Field`s (made from the received bytes when first asked, for a parsed
    /// request).
    public var fields: [Field] {
        guard let received else { return list }
        return received.map { line in
            let (name, value) = Self.split(line)
            return Field(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
        }
    }

    /// The fields when made or changed here; empty while `received` holds them.
    private var list: [Field] = []
    /// The field lines of a parsed head, each `name: OWS value OWS` checked by `HeadParser`;
    /// nil once the fields were changed (then `list` holds them).
    private var received: HeadParser.FieldLines?

    public init() {}

    public init(_ pairs: [(String, String)]) {
        list = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    /// The fields of checked field lines, read in place.
    init(received lines: HeadParser.FieldLines) {
        received = lines.count == 0 ? nil : lines
    }

    /// Makes room for `count` fields in one allocation (the parser knows how many lines follow).
    package mutating func reserveCapacity(_ count: Int) {
        materialize()
        list.reserveCapacity(count)
    }

    /// Appends a field line, keeping any earlier line of the same name.
    public mutating func append(name: String, value: String) {
        materialize()
        list.append(Field(name: name, value: value))
    }

    /// Replaces every line named `name` by one line with `value` (appended if absent).
    public mutating func set(name: String, value: String) {
        remove(name: name)
        list.append(Field(name: name, value: value))
    }

    /// Removes every line named `name`.
    public mutating func remove(name: String) {
        materialize()
        list.removeAll { Self.namesEqual($0.name, name) }
    }

    /// The value of the first line named `name`, or nil.
    public subscript(name: String) -> String? {
        guard let received else { return list.first { Self.namesEqual($0.name, name) }?.value }
        var found: ArraySlice<UInt8>?
        Self.forEachValue(named: name, in: received) { value in
            found = value
            return false
        }
        return found.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every value of the lines named `name`, in order.
    public func values(for name: String) -> [String] {
        guard let received else { return list.filter { Self.namesEqual($0.name, name) }.map(\.value) }
        var values: [String] = []
        Self.forEachValue(named: name, in: received) { value in
            values.append(String(decoding: value, as: UTF8.self))
            return true
        }
        return values
    }

    public func contains(name: String) -> Bool { self[name] != nil }

    public var count: Int { received?.count ?? list.count }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    public static func == (lhs: HTTPFields, rhs: HTTPFields) -> Bool { lhs.fields == rhs.fields }

    /// ASCII case-insensitive comparison of two field names (RFC 9110 section 5.1).
    public static func namesEqual(_ a: String, _ b: String) -> Bool {
        namesEqual(a.utf8, b)
    }

    private static func namesEqual<C: Collection<UInt8>>(_ a: C, _ b: String) -> Bool {
        let b = b.utf8
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) where x != y && ByteClass.lowercased(x) != ByteClass.lowercased(y) {
            return false
        }
        return true
    }

    /// Calls `body` with the value of each received line named `name` (ASCII case-insensitive),
    /// in order, until it returns false. Compares the name before trimming anything, over the
    /// lines' storage (a lookup reads every line of the head).
    private static func forEachValue(named name: String, in lines: HeadParser.FieldLines,
                                     _ body: (ArraySlice<UInt8>) -> Bool) {
        var name = name
        name.withUTF8 { n in
            // A name with a colon matches no line (a line's name ends at its first colon).
            guard !n.contains(ByteClass.colon) else { return }
            let bytes = lines.bytes
            var lineStart = bytes.startIndex
            while let lf = ByteClass.firstIndex(of: ByteClass.lf, in: bytes[lineStart...]) {
                let line = bytes[lineStart ..< lf - 1]
                lineStart = lf + 1
                guard line.count > n.count, line[line.startIndex + n.count] == ByteClass.colon else { continue }
                let matches = line.withUnsafeBufferPointer { l in
                    for i in 0 ..< n.count where l[i] != n[i] && ByteClass.lowercased(l[i]) != ByteClass.lowercased(n[i]) {
                        return false
                    }
                    return true
                }
                if matches, !body(split(line).value) { return }
            }
        }
    }

    /// Turns received lines into `list` before a change.
    private mutating func materialize() {
        guard received != nil else { return }
        list = fields
        received = nil
    }

    /// A checked field line's name and its value without the optional whitespace around it.
    private static func split(_ line: ArraySlice<UInt8>) -> (name: ArraySlice<UInt8>, value: ArraySlice<UInt8>) {
        let colon = line.firstIndex(of: ByteClass.colon) ?? line.endIndex
        var value = line[Swift.min(colon + 1, line.endIndex)...]
        while let f = value.first, ByteClass.isOWS(f) { value = value.dropFirst() }
        while let l = value.last, ByteClass.isOWS(l) { value = value.dropLast() }
        return (line[line.startIndex ..< colon], value)
    }
}
