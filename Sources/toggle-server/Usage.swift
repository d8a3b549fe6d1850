import ToggleService
import QueryLanguage

/// The text of `toggle-server --help`.
enum Usage {
    static let text: String = """
    toggle-server: renders the SwiftUI "Icon Switch Toggle Style" as PNG or SVG over HTTP/1.1.

    USAGE
      toggle-server [serve] [options]      run the HTTP service
      toggle-server render [PATH?QUERY | QUERY] [--NAME VALUE ...] [--format png|svg] [-o FILE]
                                           write the picture GET PATH?QUERY answers with (PATH
                                           /toggle by default) to FILE (default: standard output,
                                           not a terminal for PNG unless -o -)
      toggle-server --version              print the version and exit
      toggle-server fonts                  list the font files labels are drawn with, one face a line
                                           (path, face index, family), as fontconfig found them
      toggle-server probe [--url http://127.0.0.1:8080/healthz | --host H --port P --path /p] [--timeout S]
                                           GET a URL (default: /healthz on the port in ADDRESS_FILE
                                           if set, else on PORT); exit 0 on 2xx, else 1

    SERVE OPTIONS (flag, then environment variable, then default)
      --host HOST            HOST            address to bind (default 0.0.0.0)
      --port PORT            PORT            TCP port, 0 for any free port (default 8080)
      --public-dir DIR       PUBLIC_DIR      static files (default Public)
      --admin-port PORT      ADMIN_PORT      a second listener for /metrics, /healthz and /readyz;
                                             /metrics then leaves the public port (default off: one port)
      --admin-host HOST      ADMIN_HOST      address of the admin listener (default: --host)
      --max-age SECONDS      MAX_AGE         Cache-Control max-age of images (default 86400)
      --header-timeout S     HEADER_TIMEOUT  seconds to receive a request head (default 10)
      --idle-timeout S       IDLE_TIMEOUT    seconds a keep-alive connection may idle (default 60)
      --max-queue-wait S     MAX_QUEUE_WAIT  seconds a render may wait for a worker before 503 (default 5)
      --request-timeout S    REQUEST_TIMEOUT seconds for a whole request, head and body (default 30)
      --max-connections N    MAX_CONNECTIONS open connections at most (default 10000)
      --max-connections-per-client N  MAX_CONNECTIONS_PER_CLIENT  open connections per IPv4 address or
                                             IPv6 /64 (default off; for a server not behind a proxy)
      --drain-deadline S     DRAIN_DEADLINE  seconds in-flight requests get on SIGTERM (default 10)
      --cache-bytes N        CACHE_BYTES     budget of all caches in bytes, 0 to disable (default 67108864)
      --access-log on|off    ACCESS_LOG      one JSON line per request on stdout (default on)
      --address-file FILE    ADDRESS_FILE    write http://HOST:PORT to FILE once listening, for
                                             `probe` (default none; the container image sets one)
      --frame-ancestors SRC  FRAME_ANCESTORS who may frame the pages (CSP frame-ancestors sources,
                                             e.g. "'self' https://docs.example"; default 'none')
      --max-target-bytes N   MAX_TARGET_BYTES  longest request target, else 414 (default 8192)
      --max-header-bytes N   MAX_HEADER_BYTES  largest header section, else 431 (default 16384)
      --max-header-fields N  MAX_HEADER_FIELDS most header fields, else 431 (default 100)
      --max-body-bytes N     MAX_BODY_BYTES  largest request body read and discarded, else 413 (default 1048576)
      --event-loops N        EVENT_LOOPS     epoll event loop threads, 1 to 1024 (default: the CPUs this
                                             process may use: its affinity, capped by a cgroup CPU limit)
      --help                                 this text

    The first line printed on stdout is the address listened on, e.g. `listening on http://127.0.0.1:8080`.

    RENDER
      toggle-server render 'on=1&color=indigo&scale=2' -o on.png
      toggle-server render --on 1 --color indigo --scale 2 > on.png
      toggle-server render 'on=1&theme=auto' -o on.svg
      toggle-server render '/card?scale=2' -o card.png
      toggle-server render '/row.svg?label=Hi' -o row.svg
    PATH is /toggle, /row or /card, with .png, .svg or (/toggle) @2x.png; the format is the
    path's, --format's or FILE's ending (.png, .svg), which must agree. /row also takes width,
    /card rowN.NAME. For /toggle it takes the same parameters as GET /toggle, as a query or as
    --NAME VALUE flags:
    \(renderParameters)
    See README.md, section API, for their values; a bad one exits 64 with what is accepted, an
    output file that cannot be written 73.
    """

    /// Every `GET /toggle` parameter, from `ToggleQuery.parameters` (the table the server parses
    /// with, so this list cannot drift from it), aliases in parentheses, wrapped to 96 columns
    /// and indented by 2.
    static var renderParameters: String {
        let items = ToggleQuery.parameters.map { p in
            p.aliases.isEmpty ? p.name : p.name + " (or " + p.aliases.joined(separator: ", ") + ")"
        }
        var lines: [String] = []
        var line = ""
        for (index, item) in items.enumerated() {
            let piece = item + (index == items.count - 1 ? "" : ",")
            if !line.isEmpty, line.count + 1 + piece.count > 94 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + piece
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { "  " + $0 }.joined(separator: "\n")
    }
}
