#if canImport(Glibc)
import Glibc
#endif

/// An ordered list of HTTP field lines (RFC 9110 section 5), as received or to be sent.
///
/// Names compare case-insensitively (ASCII); order and duplicates are kept, because RFC 9110
/// gives meaning to repeated fields (e.g. two `Content-Length` lines with different values).
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

    public private(set) var fields: [Field] = []

    public init() {}

    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    init(fields: [Field]) {
        self.fields = fields
    }

    /// Makes room for `count` fields in one allocation (the parser knows how many lines follow).
    package mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    /// Appends a field line, keeping any earlier line of the same name.
    public mutating func append(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every line named `name` by one line with `value` (appended if absent).
    public mutating func set(name: String, value: String) {
        remove(name: name)
        fields.append(Field(name: name, value: value))
    }

    /// Removes every line named `name`.
    public mutating func remove(name: String) {
        fields.removeAll { Self.namesEqual($0.name, name) }
    }

    /// The value of the first line named `name`, or nil.
    public subscript(name: String) -> String? {
        fields.first { Self.namesEqual($0.name, name) }?.value
    }

    /// Every value of the lines named `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesEqual($0.name, name) }.map(\.value)
    }

    public func contains(name: String) -> Bool { self[name] != nil }

    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// ASCII case-insensitive comparison of two field names (RFC 9110 section 5.1).
    public static func namesEqual(_ a: String, _ b: String) -> Bool {
        let a = a.utf8, b = b.utf8
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) where x != y && ByteClass.lowercased(x) != ByteClass.lowercased(y) {
            return false
        }
        return true
    }
}

/// Lookups in the checked field lines of a received head, in place: a `String` is made only for
/// a value asked for (`HTTPRequest.field(named:)`); `fields` makes the whole list.
extension HeadParser.FieldLines {
    /// Every line as a `Field`, in order.
    var fields: [HTTPFields.Field] {
        var fields: [HTTPFields.Field] = []
        fields.reserveCapacity(count)
        for line in self {
            let (name, value) = Self.split(line)
            fields.append(HTTPFields.Field(name: String(decoding: name, as: UTF8.self),
                                           value: String(decoding: value, as: UTF8.self)))
        }
        return fields
    }

    /// Calls `body` with the value of each line named `name` (ASCII case-insensitive) in `b`, the
    /// storage of checked field lines, in order, until it returns false. Compares the name before
    /// trimming anything (a lookup reads every line of the head).
    static func forEachValue(named name: String, in b: UnsafeBufferPointer<UInt8>,
                             _ body: (UnsafeBufferPointer<UInt8>) -> Bool) {
        var name = name
        name.withUTF8 { n in
            guard let base = b.baseAddress else { return }
            var start = 0
            while start < b.count, let hit = memchr(base + start, Int32(ByteClass.lf), b.count - start) {
                let lf = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
                let lineStart = start
                start = lf + 1
                // `name:` then the value, up to the line's CR.
                guard lf - 1 - lineStart > n.count, b[lineStart + n.count] == ByteClass.colon else { continue }
                var matches = true
                for i in 0 ..< n.count {
                    let x = b[lineStart + i], y = n[i]
                    if x != y && ByteClass.lowercased(x) != ByteClass.lowercased(y) {
                        matches = false
                        break
                    }
                }
                guard matches else { continue }
                // A name with a colon matches no line (a line's name ends at its first colon);
                // asked only here, not per lookup.
                guard !n.contains(ByteClass.colon) else { return }
                var from = lineStart + n.count + 1, to = lf - 1
                while from < to, ByteClass.isOWS(b[from]) { from += 1 }
                while to > from, ByteClass.isOWS(b[to - 1]) { to -= 1 }
                if !body(UnsafeBufferPointer(rebasing: b[from ..< to])) { return }
            }
        }
    }

    /// A checked field line's name and its value without the optional whitespace around it.
    static func split(_ line: ArraySlice<UInt8>) -> (name: ArraySlice<UInt8>, value: ArraySlice<UInt8>) {
        let colon = line.firstIndex(of: ByteClass.colon) ?? line.endIndex
        var value = line[Swift.min(colon + 1, line.endIndex)...]
        while let f = value.first, ByteClass.isOWS(f) { value = value.dropFirst() }
        while let l = value.last, ByteClass.isOWS(l) { value = value.dropLast() }
        return (line[line.startIndex ..< colon], value)
    }
}
