import Dispatch
import Foundation
import HTTPServer
import ToggleService
import Observability
import TextLayout
import Utilities

/// `toggle-server serve`: runs the service until SIGTERM, SIGINT or SIGHUP.
enum ServeCommand {
    static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            Console.line(Usage.text)
            return 0
        }
        let options: ServeOptions
        do {
            options = try ServeOptions.parse(arguments, environment: environment)
        } catch {
            Console.error("toggle-server: \(error.message)")
            return 64
        }
        // The fonts, found and loaded once, before serving: a label never waits for fontconfig.
        for line in FontReport.lines(TextLayout.shared.fontSet) { Console.error(line) }
        // Again (main did it first), for a caller other than main: before any thread of the
        // server exists, so every thread inherits the mask.
        blockShutdownSignals()
        let readiness = Readiness()
        // One budget for every cache, split once (`Caches`); the shared ones get theirs here.
        let caches = Caches(totalBytes: options.cacheBytes)
        caches.applyToSharedCaches()
        let cache = caches.images > 0 ? ImageCache(capacityBytes: caches.images) : nil
        // Access log lines go through a writer thread with a bounded buffer: a slow or stalled
        // reader of standard output never blocks serving (drops are counted and reported).
        let accessLog = options.accessLog ? AccessLogWriter(report: { Console.error($0) }) : nil
        let metrics = ServiceMetrics(cache: cache, accessLog: accessLog)
        let observers: [any HTTPServerMetrics] = accessLog.map { writer in
            [metrics, AccessLog(writer: writer)]
        } ?? [metrics]
        let hooks = FanOutMetrics.combining(observers)
        let (server, admin) = makeServers(options, readiness: readiness, cache: cache, metrics: metrics, hooks: hooks)
        // Handlers first, so a SIGTERM that arrives right after the address line is printed
        // drains instead of killing the process.
        installSignalHandlers(servers: [server] + (admin.map { [$0] } ?? []), readiness: readiness,
                              addressFile: options.addressFile, accessLog: accessLog)
        guard let address = start(server, host: options.server.host, port: options.server.port) else { return 1 }
        var adminAddress: BoundAddress?
        if let admin {
            guard let bound = start(admin, host: admin.configuration.host, port: admin.configuration.port) else { return 1 }
            adminAddress = bound
        }
        // Ready before the address line: a client that reads it may ask /readyz at once.
        readiness.markReady()
        // The address file before the address line, so whoever read the line finds the file.
        if let path = options.addressFile {
            AddressFile.write(address, to: path)
        }
        Console.line("listening on \(address)")
        if let adminAddress { Console.line("admin listening on \(adminAddress)") }
        let index = options.responder.publicDirectory + "/index.html"
        if !FileManager.default.fileExists(atPath: index) {
            Console.error("toggle-server: warning: no \(index) (static pages will be 404); "
                          + "set --public-dir or PUBLIC_DIR to the Public folder")
        }
        // Park the main thread rather than calling dispatchMain(), which ends it with pthread_exit:
        // this frame then stays a root for the server and its signal sources, so LeakSanitizer
        // (the AddressSanitizer test run) does not report them at exit. Nothing uses the main
        // queue; the signal handler ends the process with exit().
        while true { pause() }
    }

    /// The public server, and the admin server when `--admin-port` asks for one (one event loop;
    /// `/metrics`, `/healthz` and `/readyz` only, and `/metrics` then off the public port).
    static func makeServers(_ options: ServeOptions, readiness: Readiness, cache: ImageCache?, metrics: ServiceMetrics,
                            hooks: any HTTPServerMetrics) -> (HTTPServer, HTTPServer?) {
        let report: @Sendable (String) -> Void = { Console.error($0) }
        func server(_ configuration: HTTPServerConfiguration, _ listener: ToggleResponder.Listener) -> HTTPServer {
            var responder = options.responder
            responder.listener = listener
            responder.preparedRequestBytes = Caches(totalBytes: options.cacheBytes).preparedRequests
            return HTTPServer(configuration: configuration,
                              responder: ToggleResponder(configuration: responder, cache: cache, metrics: metrics,
                                                         isReady: { readiness.isReady }),
                              metrics: hooks, report: report)
        }
        guard let port = options.adminPort else { return (server(options.server, .all), nil) }
        var configuration = options.server
        configuration.host = options.adminHost ?? options.server.host
        configuration.port = port
        configuration.eventLoopCount = 1
        configuration.maxConnectionsPerClient = nil
        return (server(options.server, .publicPort), server(configuration, .adminPort))
    }

    /// Starts `server` (listening on `host`:`port`), or says why it cannot listen (naming the port
    /// when it is taken) and returns nil.
    static func start(_ server: HTTPServer, host: String, port: Int) -> BoundAddress? {
        do {
            return try server.start()
        } catch {
            var hint = ""
            if case .socket("bind", EADDRINUSE)? = error as? HTTPServerError {
                hint = "; another process has port \(port): stop it or pick another (0: any free port)"
            }
            Console.error("toggle-server: cannot listen on \(host):\(port): \(error)\(hint)")
            return nil
        }
    }

    /// The signals that stop the server with a drain: SIGTERM (what `kill`, Docker and Kubernetes
    /// send), SIGINT (Ctrl-C) and SIGHUP (the terminal hung up; a logrotate `postrotate kill -HUP`
    /// stops the server too, so rotate with `copytruncate` instead: docs/reliability.md).
    static let shutdownSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// Signals whose default action would end the process at once, with no drain and the
    /// buffered access log lost, and that mean nothing to this server: ignored.
    static let ignoredSignals: [Int32] = [SIGUSR1, SIGUSR2]

    /// Blocks `shutdownSignals` in the calling thread, and so in every thread started after it,
    /// and ignores `ignoredSignals`. Call first thing in `main`, before any thread exists:
    /// Dispatch registers a signal source's signalfd asynchronously on its own thread after
    /// `resume()`, and until then a SIGTERM that is ignored and not blocked is discarded, so a
    /// server stopped right after it printed its address went on running. A blocked signal stays
    /// pending until the source reads it.
    static func blockShutdownSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for signo in shutdownSignals { sigaddset(&set, signo) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        for signo in ignoredSignals { signal(signo, SIG_IGN) }
    }

    /// SIGTERM / SIGINT / SIGHUP: readiness off, graceful drain, address file removed, every access log
    /// line written, exit 0; a second signal exits at once. Set up inside a function: Dispatch
    /// signal handlers written in top-level code crash in Swift 6 mode when run on another queue
    /// (docs/design-facts.md section 8).
    /// `servers` drain one after another, in order: the public port first, while the admin port
    /// still answers `/readyz` (503) and `/metrics`.
    static func installSignalHandlers(servers: [HTTPServer], readiness: Readiness, addressFile: String?,
                                      accessLog: AccessLogWriter?) {
        let queue = DispatchQueue(label: "toggle-server.signals")
        let state = SignalState()
        // In the log's order: through the writer when there is one.
        let say: @Sendable (String) -> Void = { line in
            if let accessLog { accessLog.append(line) } else { Console.line(line) }
        }
        for signo in shutdownSignals {
            let source = DispatchSource.makeSignalSource(signal: signo, queue: queue)
            source.setEventHandler {
                if state.received {
                    say("second signal: exiting now")
                    accessLog?.flush(timeout: 1)
                    exit(1)
                }
                state.received = true
                readiness.markDraining()
                say("signal \(signo): draining")
                shutDown(servers[...]) {
                    if let addressFile { AddressFile.remove(addressFile) }
                    say("drained: exiting")
                    if let accessLog, !accessLog.flush(timeout: 10) {
                        // No later count can say it: the lines lost at exit are said here.
                        Console.error("toggle-server: access log: \(accessLog.pendingLines) lines not written at exit: "
                                      + "standard output was not read for 10 s")
                    }
                    exit(0)
                }
            }
            source.resume()
            state.sources.append(source)
        }
    }

    /// Drains `servers` one after another, then calls `completion`.
    static func shutDown(_ servers: ArraySlice<HTTPServer>, completion: @escaping @Sendable () -> Void) {
        guard let first = servers.first else { return completion() }
        let rest = Array(servers.dropFirst())
        first.shutdown { shutDown(rest[...], completion: completion) }
    }

    /// Signal bookkeeping, confined to the signal queue.
    final class SignalState: @unchecked Sendable {
        var received = false
        var sources: [DispatchSourceSignal] = []
    }
}

/// What `/readyz` says: not ready while starting, ready once listening, not ready again for good
/// once draining (a signal during start-up is not undone by `markReady`). Written by the main
/// thread and the signal queue, read by the server's threads.
final class Readiness: @unchecked Sendable {
    private enum State { case starting, ready, draining }
    private let lock = NSLock()
    private var state = State.starting

    var isReady: Bool { lock.withLock { state == .ready } }

    func markReady() { lock.withLock { if state == .starting { state = .ready } } }

    func markDraining() { lock.withLock { state = .draining } }
}
