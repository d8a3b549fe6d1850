// toggle-server: `serve` (the default) runs the HTTP service; `render` writes one PNG;
// `probe` checks a running server (the container's health check); `fonts` lists the font files.
import Foundation

// Before anything opens a descriptor: a closed 0, 1 or 2 would be handed to the first one.
StandardDescriptors.openClosedOnDevNull()

let arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "serve"
let rest = arguments.first == command ? Array(arguments.dropFirst()) : arguments

if arguments.first == "--version" || arguments.first == "version" {
    Console.line(Version.text)
    exit(0)
}

switch command {
case "serve":
    ServeCommand.blockShutdownSignals()
    exit(ServeCommand.run(rest, environment: ProcessInfo.processInfo.environment))
case "render":
    exit(RenderCommand.run(rest))
case "probe":
    exit(ProbeCommand.run(rest, environment: ProcessInfo.processInfo.environment))
case "fonts":
    exit(FontReport.runFontsCommand(rest))
case "help":
    Console.line(Usage.text)
    exit(0)
default:
    Console.error("toggle-server: unknown command '\(command)'\n\n\(Usage.text)")
    exit(64)
}
