import Foundation

/// The vendored Material Design Icons (`Resources/MDI/icons.tsv`, written by
/// `scripts/vendor-symbols`): every icon's name, author and SVG path data.
///
/// The file is read once, on first use, into one byte buffer; an index maps each name to the
/// byte ranges of its author and path data. Path data is parsed only when an icon is drawn.
struct MDIIconData: Sendable {
    /// One icon line of the file.
    struct Record: Sendable {
        var name: String
        var author: String
        var pathData: Range<Int>
    }

    /// SPDX identifier of the icons' licence.
    static let license = "Apache-2.0"

    let bytes: [UInt8]
    /// Sorted by name.
    let records: [Record]
    private let index: [String: Int]

    /// The data bundled with the target, loaded on first use.
    static let bundled: MDIIconData = {
        guard let url = Bundle.module.url(forResource: "icons", withExtension: "tsv", subdirectory: "MDI"),
              let data = FileManager.default.contents(atPath: url.path) else {
            fatalError("MDI symbol data missing: Resources/MDI/icons.tsv is not in the TogglePicture resource bundle"
                       + " (copy the toggle-image-service_TogglePicture.resources folder next to the executable)")
        }
        return MDIIconData(bytes: [UInt8](data))
    }()

    /// Parses the file's text: `#` comment lines, then `name TAB author TAB path-data` lines.
    /// Malformed lines are skipped (the vendoring script and the tests make sure there are none).
    init(bytes: [UInt8]) {
        self.bytes = bytes
        var records: [Record] = []
        records.reserveCapacity(8192)
        var authors: [Substring: String] = [:]  // one String per distinct author
        let text = bytes
        var lineStart = 0
        let end = text.count
        while lineStart < end {
            var lineEnd = lineStart
            while lineEnd < end && text[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            if lineEnd == lineStart || text[lineStart] == UInt8(ascii: "#") { continue }
            guard let tab1 = text[lineStart..<lineEnd].firstIndex(of: UInt8(ascii: "\t")),
                  let tab2 = text[(tab1 + 1)..<lineEnd].firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let name = String(decoding: text[lineStart..<tab1], as: UTF8.self)
            let authorText = Substring(String(decoding: text[(tab1 + 1)..<tab2], as: UTF8.self))
            let author: String
            if let known = authors[authorText] {
                author = known
            } else {
                author = String(authorText)
                authors[authorText] = author
            }
            records.append(Record(name: name, author: author, pathData: (tab2 + 1)..<lineEnd))
        }
        records.sort { $0.name < $1.name }
        var index: [String: Int] = [:]
        index.reserveCapacity(records.count)
        for (i, record) in records.enumerated() { index[record.name] = i }
        self.records = records
        self.index = index
    }

    func record(named name: String) -> Record? {
        index[name].map { records[$0] }
    }

    /// The SVG path data of an icon, as text.
    func pathData(of record: Record) -> String {
        String(decoding: bytes[record.pathData], as: UTF8.self)
    }
}
