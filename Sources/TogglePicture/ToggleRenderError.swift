/// Errors that stop a toggle (or a row or card around one) from being laid out as a scene.
public enum ToggleRenderError: Error, Equatable, Sendable {
    case unknownSymbol(String)
    /// The symbol's bundled icon data does not parse (see `SymbolError.corruptIcon`).
    case corruptSymbol(name: String, SymbolError)
}
