import Foundation
import ToggleService
import QueryLanguage

/// `toggle-server render`: the same bytes as `GET /toggle` (PNG) or `GET /toggle.svg`, without
/// a server.
///
/// Parameters come as one query string (`'on=1&color=indigo'`) and/or as `--name value` flags;
/// `-o FILE` (or `--output FILE`) picks the output, standard output by default; `--format svg`
/// (or an output name ending in `.svg`) writes SVG. A flag that names no parameter is a usage
/// error (exit 64), as in other command-line tools.
enum RenderCommand {
    /// What the command line asked for: the query's parts, the output (`-`: standard output)
    /// and the format, if one was named.
    struct Request {
        var queryParts: [String] = []
        var output = "-"
        var format: ImageFormat?
    }

    static func run(_ arguments: [String]) -> Int32 {
        let request: Request
        switch parse(arguments) {
        case .success(let r): request = r
        case .failure(let exit): return exit.code
        }
        let chosen = request.format ?? (request.output.lowercased().hasSuffix(".svg") ? .svg : .png)
        let query: ToggleQuery
        do {
            query = try ToggleQuery(rawQuery: request.queryParts.joined(separator: "&"))
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
        if request.output == "-" {
            if let e = Console.writeAll(fd: 1, bytes) {
                return fail("cannot write to standard output: \(String(cString: strerror(e)))")
            }
        } else if let message = Console.writeFile(request.output, bytes) {
            return fail(message)
        }
        return 0
    }

    /// An exit status the parse ended with (0 after `--help`, 64 after a usage error, already said).
    struct Exit: Error { let code: Int32 }

    /// Reads `arguments`: `-o`/`--output FILE`, `--format png|svg`, `--help`, `--NAME VALUE` or
    /// `--NAME=VALUE` for a `/toggle` parameter, and query strings (a leading `?` allowed).
    static func parse(_ arguments: [String]) -> Result<Request, Exit> {
        var request = Request()
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "-o" || argument == "--output" {
                guard i + 1 < arguments.count else { return .failure(Exit(code: fail("\(argument) needs a file name"))) }
                guard request.output == "-" else {
                    return .failure(Exit(code: fail("only one output file, please (\(argument) given twice)")))
                }
                request.output = arguments[i + 1]
                i += 2
            } else if argument == "--format" || argument.hasPrefix("--format=") {
                let value = argument == "--format" ? (i + 1 < arguments.count ? arguments[i + 1] : "") : String(argument.dropFirst("--format=".count))
                guard let f = ImageFormat(rawValue: value.lowercased()) else { return .failure(Exit(code: fail("--format takes png or svg"))) }
                request.format = f
                i += argument == "--format" ? 2 : 1
            } else if argument == "--help" || argument == "-h" {
                Console.line(Usage.text)
                return .failure(Exit(code: 0))
            } else if argument.hasPrefix("-") {
                switch parameterFlag(arguments, at: i) {
                case .success(let (part, used)): request.queryParts.append(part); i += used
                case .failure(let exit): return .failure(exit)
                }
            } else {
                request.queryParts.append(argument.hasPrefix("?") ? String(argument.dropFirst()) : argument)
                i += 1
            }
        }
        return .success(request)
    }

    /// `--NAME VALUE` or `--NAME=VALUE` at `arguments[i]` as an encoded query part, and how many
    /// arguments it used; a usage error for a flag that names no `/toggle` parameter.
    static func parameterFlag(_ arguments: [String], at i: Int) -> Result<(String, Int), Exit> {
        let argument = arguments[i]
        let name = String(argument.drop { $0 == "-" })
        let parameter = String(name.prefix { $0 != "=" })
        guard argument.hasPrefix("--"), ToggleQuery.canonicalNames[parameter] != nil else {
            let hint = ToggleQuery.nearestParameterName(to: parameter).map { ": did you mean --\($0)?" } ?? ""
            return .failure(Exit(code: fail("unknown option '\(argument)'\(hint)\n\n\(Usage.text)")))
        }
        if let eq = name.firstIndex(of: "=") {
            return .success((QueryDecoder.percentEncode(String(name[..<eq])) + "="
                             + QueryDecoder.percentEncode(String(name[name.index(after: eq)...])), 1))
        }
        guard i + 1 < arguments.count else { return .failure(Exit(code: fail("--\(name) needs a value"))) }
        return .success((QueryDecoder.percentEncode(name) + "=" + QueryDecoder.percentEncode(arguments[i + 1]), 2))
    }

    static func fail(_ message: String) -> Int32 {
        Console.error("toggle-server render: \(message)")
        return 64
    }
}
