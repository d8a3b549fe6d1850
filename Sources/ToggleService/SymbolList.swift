import TogglePicture
import Utilities

extension SymbolCatalog {
    /// The `/symbols` body: `entries` as a JSON array of objects
    /// `{"name":...,"icon":...,"license":...,"author":...,"slashed":...}`, newline-terminated,
    /// built once.
    static let entriesJSON: [UInt8] = {
        var json = "["
        for (i, e) in entries.enumerated() {
            if i > 0 { json += ",\n" }
            json += "{\"name\":\(JSON.string(e.name)),\"icon\":\(JSON.string(e.icon)),"
                + "\"license\":\(JSON.string(e.license)),\"author\":\(JSON.string(e.author)),"
                + "\"slashed\":\(e.slashed)}"
        }
        json += "]\n"
        return Array(json.utf8)
    }()

    /// Strong entity tag of `entriesJSON`.
    static let entriesEntityTag = EntityTag.strong(hashing: entriesJSON)
}
