import ImageWriters
import Foundation
import ToggleService
import QueryLanguage

/// `toggle-server render`: the same bytes as `GET PATH?QUERY` (`/toggle` by default; `/row`,
/// `/card`, `.png`, `.svg`, `@2x.png`), without a server (`PictureFile`).
///
/// Parameters come as one query string (`'on=1&color=indigo'`), as a path with a query
/// (`'/card?scale=2'`) and/or as `--name value` flags; `-o FILE` (or `--output FILE`) picks the
/// output, standard output by default. The format comes from the path's ending, `--format`, or
/// the output name's `.png` / `.svg`: given twice, they must agree, and an output name with
/// another ending is a usage error. A PNG is not written to a terminal unless `-o -` says so (as
/// curl does). A flag that names no parameter is a usage error (exit 64).
enum RenderCommand {
    /// What the command line asked for: the path, the query's parts, the output (`-`: standard
    /// output; `explicitOutput` when `-o` said so) and the format, if one was named.
    struct Request {
        var path = "/toggle"
        var queryParts: [String] = []
        var output = "-"
        var explicitOutput = false
        var format: ImageFormat?
    }

    static func run(_ arguments: [String]) -> Int32 {
        let request: Request
        switch parse(arguments) {
        case .success(let r): request = r
        case .failure(let exit): return exit.code
        }
        let format: ImageFormat
        switch chosenFormat(request) {
        case .success(let f): format = f
        case .failure(let exit): return exit.code
        }
        if request.output == "-", !request.explicitOutput, format == .png, isatty(1) == 1 {
            return fail("not writing a PNG to a terminal: give -o FILE, or -o - to write it here anyway")
        }
        let made: (bytes: [UInt8], ignored: String?)
        do {
            made = try PictureFile.make(path: request.path, rawQuery: request.queryParts.joined(separator: "&"),
                                        format: format)
        } catch {
            switch error {
            case .unknownPath(let path, let suggestion):
                return fail("no picture at \(path)" + (suggestion.map { ": did you mean \($0)?" } ?? "")
                            + " (pictures: /toggle, /row, /card, with .png or .svg)")
            case .parameter(let e):
                // A near miss's text already reads as a sentence ("did you mean dark? light, ...").
                let accepted = e.expected.hasPrefix("did you mean") ? e.expected : "expected \(e.expected)"
                return fail("\(e.error): \(e.parameter)=\(e.value); \(accepted)")
            case .image(let e): return fail("render failed: \(e)")
            }
        }
        if let ignored = made.ignored { Console.error("toggle-server: ignored parameters: \(ignored)") }
        if request.output == "-" {
            if let e = Console.writeAll(fd: 1, made.bytes) {
                return fail("cannot write to standard output: \(String(cString: strerror(e)))", code: ioError)
            }
        } else if let message = Console.writeFile(request.output, made.bytes) {
            return fail(message, code: cannotCreate)
        }
        return 0
    }

    /// The format the path's ending, `--format` and the output name's ending agree on (PNG when
    /// none names one); a usage error when two disagree or the output's ending is neither.
    static func chosenFormat(_ request: Request) -> Result<ImageFormat, Exit> {
        var named: [(ImageFormat, String)] = []
        if let f = PictureFile.format(of: request.path) { named.append((f, request.path)) }
        if let f = request.format { named.append((f, "--format \(f.rawValue)")) }
        if request.output != "-" {
            let name = request.output.split(separator: "/").last.map(String.init) ?? request.output
            if let dot = name.lastIndex(of: "."), dot != name.startIndex {
                let ending = name[name.index(after: dot)...].lowercased()
                guard let f = ImageFormat(rawValue: ending) else {
                    return .failure(Exit(code: fail("the output name \(request.output) ends in .\(ending): render writes "
                                                    + "PNG (name it .png) or SVG (.svg)")))
                }
                named.append((f, "the output name \(request.output)"))
            }
        }
        guard let first = named.first else { return .success(.png) }
        if let other = named.first(where: { $0.0 != first.0 }) {
            return .failure(Exit(code: fail("\(first.1) asks for \(first.0.rawValue.uppercased()) but \(other.1) for "
                                            + "\(other.0.rawValue.uppercased()): make them agree")))
        }
        return .success(first.0)
    }

    /// An exit status the parse ended with (0 after `--help`, 64 after a usage error, already said).
    struct Exit: Error { let code: Int32 }

    /// Reads `arguments`: `-o`/`--output FILE`, `--format png|svg`, `--help`, `--NAME VALUE` or
    /// `--NAME=VALUE` for a parameter, a picture path with its query (`/row?label=Hi`), and query
    /// strings (a leading `?` allowed).
    static func parse(_ arguments: [String]) -> Result<Request, Exit> {
        var request = Request()
        var pathGiven = false
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "-o" || argument == "--output" {
                guard i + 1 < arguments.count else { return .failure(Exit(code: fail("\(argument) needs a file name"))) }
                guard !request.explicitOutput else {
                    return .failure(Exit(code: fail("only one output file, please (\(argument) given twice)")))
                }
                request.output = arguments[i + 1]
                request.explicitOutput = true
                i += 2
            } else if argument == "--format" || argument.hasPrefix("--format=") {
                let value = argument == "--format" ? (i + 1 < arguments.count ? arguments[i + 1] : "") : String(argument.dropFirst("--format=".count))
                guard let f = ImageFormat(rawValue: value.lowercased()) else { return .failure(Exit(code: fail("--format takes png or svg"))) }
                request.format = f
                i += argument == "--format" ? 2 : 1
            } else if argument == "--help" || argument == "-h" {
                Console.line(Usage.text)
                return .failure(Exit(code: 0))
            } else if argument.hasPrefix("/") {
                guard !pathGiven else { return .failure(Exit(code: fail("one picture path, please (\(argument) is a second)"))) }
                pathGiven = true
                let parts = argument.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
                request.path = String(parts[0])
                if parts.count == 2, !parts[1].isEmpty { request.queryParts.append(String(parts[1])) }
                i += 1
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
    /// arguments it used; a usage error, on one line, for a flag that names no parameter (a
    /// `/toggle` one, or `width` and a card's `rowN.` ones, which their routes check).
    static func parameterFlag(_ arguments: [String], at i: Int) -> Result<(String, Int), Exit> {
        let argument = arguments[i]
        let name = String(argument.drop { $0 == "-" })
        let parameter = String(name.prefix { $0 != "=" })
        let known = ToggleQuery.canonicalNames[parameter] != nil || parameter == "width" || parameter.hasPrefix("row")
        guard argument.hasPrefix("--"), known else {
            let hint = ToggleQuery.nearestParameterName(to: parameter).map { ": did you mean --\($0)?" } ?? ""
            return .failure(Exit(code: fail("unknown option '\(argument)'\(hint) (toggle-server render --help lists them)")))
        }
        if let eq = name.firstIndex(of: "=") {
            return .success((QueryDecoder.percentEncode(String(name[..<eq])) + "="
                             + QueryDecoder.percentEncode(String(name[name.index(after: eq)...])), 1))
        }
        guard i + 1 < arguments.count else { return .failure(Exit(code: fail("--\(name) needs a value"))) }
        return .success((QueryDecoder.percentEncode(name) + "=" + QueryDecoder.percentEncode(arguments[i + 1]), 2))
    }

    /// Exit statuses from sysexits.h: a usage error (EX_USAGE), an output file that cannot be
    /// created or written (EX_CANTCREAT), and a failed write to standard output (EX_IOERR).
    static let usageError: Int32 = 64, cannotCreate: Int32 = 73, ioError: Int32 = 74

    static func fail(_ message: String, code: Int32 = usageError) -> Int32 {
        Console.error("toggle-server render: \(message)")
        return code
    }
}
