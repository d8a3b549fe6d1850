import HTTPServer
import TogglePicture
import QueryLanguage

/// Small still toggles made on the event loop thread (`HTTPResponder.respondOnLoop`), in the
/// loop's work queue: at scales 1 and 2 a PNG costs about 0.1-0.4 ms and an SVG about 0.06 ms, and
/// handing one to a Dispatch worker and its answer back cost about two context switches per
/// request (`perf stat -e context-switches`; docs/performance.md, "Where an uncached request's
/// time goes").
/// Everything larger goes to a worker.
extension ToggleResponder {
    /// The largest picture made on the event loop, px (width x height): 12,000 admits scales 1
    /// and 2 of the switch styles at the default Dynamic Type size with a few pt of padding (the
    /// default icon switch at scale 2 is 115 x 64 = 7,360 px, about 1.3 million instructions
    /// uncached, some 0.3 ms). What a picture costs grows with its image data, and faster than
    /// the pixels once zlib's level steps up with the size (`ToggleImage.encoder`): scale 3
    /// (173 x 96 = 16,608 px) costs 4.6 million instructions and scale 4 (230 x 128) 20 million
    /// (`SCALES="3 4" Benchmarks/profile/uncached-callgrind.sh`), many times one turn's budget of
    /// loop work (0.25 ms). Those, accessibility sizes, big padding and labelled styles at scale 2
    /// (`button` with "Dark Mode" is 279 x 68) go to a worker. SVGs are held to the same bound
    /// (their cost grows with the label, not the pixels, but the bound keeps long labels off the
    /// loop as well).
    static let loopPixelLimit = 12_000

    /// The longest target (path and query, bytes) answered on the event loop: the prepared-query
    /// memo's (`PreparedToggles.maxTargetBytes`), so parsing stays short and a request declined
    /// after parsing is parsed only once (the worker finds it in the memo). A misspelt symbol's
    /// 400 is not made here: its "did you mean" search over every name costs about 3.2 million
    /// instructions, 1 ms (`QUERY='on=1&sym=moonfill' Benchmarks/profile/uncached-callgrind.sh`),
    /// so the loop parses without it and hands the request to a worker (`SuggestionSearch`).
    static let loopTargetLimit = PreparedToggles.maxTargetBytes

    /// A `/toggle` (PNG or SVG, any implied scale) whose target is at most `loopTargetLimit`
    /// bytes; by path and length only, no parsing.
    public func mayRespondOnLoop(to request: HTTPRequest) -> Bool {
        guard request.targetUTF8.count <= Self.loopTargetLimit, request.method != "OPTIONS",
              let route = ToggleRoute.route(for: request), case .toggle = route.target else { return false }
        return true
    }

    /// The answer to a small still `/toggle`, or nil for a worker: an animation, a picture over
    /// `loopPixelLimit`, an image another thread is making now (waiting for it would block the
    /// loop), or an unknown symbol (its 400's suggestions are searched on the worker). Other
    /// parameter errors and 304s are answered here too (parsing is bounded by the target's
    /// length).
    public func respondOnLoop(to request: HTTPRequest) -> HTTPResponse? {
        guard request.targetUTF8.count <= Self.loopTargetLimit,
              let route = ToggleRoute.route(for: request),
              case .toggle(let format, let impliedScale) = route.target else { return nil }
        let prepared: PreparedToggle
        let (outcome, searchNeeded) = SuggestionSearch.deferring { () -> Result<PreparedToggle, EarlyAnswer> in
            do throws(EarlyAnswer) { return .success(try prepareToggle(request, format: format, impliedScale: impliedScale)) } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let p): prepared = p
        case .failure(let answer):
            // An unknown symbol's "did you mean" search (1 ms) is a worker's (`SuggestionSearch`).
            return searchNeeded ? nil : answer.response
        }
        guard prepared.picture.animation == nil else { return nil }
        let (width, height) = prepared.stillSize ?? PictureSize.of(prepared.picture.spec)
        guard width * height <= Self.loopPixelLimit else { return nil }
        return image(for: prepared, waiting: false)
    }
}
