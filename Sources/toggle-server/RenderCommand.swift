import Foundation
import ToggleService

/// `toggle-server render`: the same bytes as `GET /toggle` (PNG) or `GET /toggle.svg`, without
/// a server.
///
/// Parameters come as one query string (`'on=1&color=indigo'`) and/or as `--name value` flags;
/// `-o FILE` (or `--output FILE`) picks the output, standard output by default; `--format svg`
/// (or an output name ending in `.svg`) writes SVG. A flag that names no parameter is a usage
/// error (exit 64), as in other command-line tools.
enum RenderCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var queryParts: [String] = []
        var output = "-"
        var format: ImageFormat?
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "-o" || argument == "--output" {
                guard i + 1 < arguments.count else { return fail("\(argument) needs a file name") }
                guard output == "-" else { return fail("only one output file, please (\(argument) given twice)") }
                output = arguments[i + 1]
                i += 2
            } else if argument == "--format" || argument.hasPrefix("--format=") {
                let value = argument == "--format" ? (i + 1 < arguments.count ? arguments[i + 1] : "") : String(argument.dropFirst("--format=".count))
                guard let f = ImageFormat(rawValue: value.lowercased()) else { return fail("--format takes png or svg") }
                format = f
                i += argument == "--format" ? 2 : 1
            } else if argument == "--help" || argument == "-h" {
                Console.line(Usage.text)
                return 0
            } else if argument.hasPrefix("-") {
                let name = String(argument.drop { $0 == "-" })
                let parameter = String(name.prefix { $0 != "=" })
                guard argument.hasPrefix("--"), ToggleQuery.canonicalNames[parameter] != nil else {
                    return fail("unknown option '\(argument)'\n\n\(Usage.text)")
                }
                if let eq = name.firstIndex(of: "=") {
                    queryParts.append(QueryDecoder.percentEncode(String(name[..<eq])) + "=" + QueryDecoder.percentEncode(String(name[name.index(after: eq)...])))
                    i += 1
                } else {
                    guard i + 1 < arguments.count else { return fail("--\(name) needs a value") }
                    queryParts.append(QueryDecoder.percentEncode(name) + "=" + QueryDecoder.percentEncode(arguments[i + 1]))
                    i += 2
                }
            } else {
                queryParts.append(argument.hasPrefix("?") ? String(argument.dropFirst()) : argument)
                i += 1
            }
        }
        let chosen = format ?? (output.lowercased().hasSuffix(".svg") ? .svg : .png)
        let query: ToggleQuery
        do {
            query = try ToggleQuery(rawQuery: queryParts.joined(separator: "&"))
            try query.check(for: chosen)
        } catch {
            return fail("\(error.error): \(error.parameter)=\(error.value); expected \(error.expected)")
        }
        if !query.ignored.isEmpty {
            Console.error("toggle-server: ignored parameters: \(query.ignored.joined(separator: ", "))")
        }
        let bytes: [UInt8]
        do {
            bytes = try ToggleImage.bytes(for: ToggleImage.Picture(query: query, format: chosen))
        } catch {
            return fail("render failed: \(error)")
        }
        if output == "-" {
            if let e = Console.writeAll(fd: 1, bytes) {
                return fail("cannot write to standard output: \(String(cString: strerror(e)))")
            }
        } else if let message = Console.writeFile(output, bytes) {
            return fail(message)
        }
        return 0
    }

    static func fail(_ message: String) -> Int32 {
        Console.error("toggle-server render: \(message)")
        return 64
    }
}
