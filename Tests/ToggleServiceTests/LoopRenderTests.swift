import ImageWriters
import Dispatch
import Foundation
import HTTPServer
import XCTest
@testable import ToggleService
@testable import QueryLanguage

/// Where a connection makes each answer (`ToggleResponder.plan(for:)` and the cost of its
/// `HTTPWork`): cached answers at once, small still toggles on the event loop, everything larger
/// or slower on a worker, and the loop never waits for another thread's render.
final class LoopRenderTests: XCTestCase {
    func get(_ target: String, headers: HTTPFields = HTTPFields()) -> HTTPRequest {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        return HTTPRequest(method: "GET", target: target, path: parts[0], query: parts.count > 1 ? parts[1] : nil,
                           version: .http1_1, headers: headers)
    }

    func responder(cache: ImageCache? = ImageCache()) -> ToggleResponder {
        ToggleResponder(configuration: .init(), cache: cache)
    }

    /// Where `LoopConnection` runs each step of the answer to `request` ("ready", "loop" or
    /// "worker", in order), as it decides from the cost (`maxLoopWorkSeconds` at its default),
    /// and the answer.
    func places(_ responder: ToggleResponder, _ request: HTTPRequest) -> (places: [String], response: HTTPResponse) {
        let maxLoopWork = HTTPServerConfiguration().maxLoopWorkSeconds
        var plan = responder.plan(for: request)
        var places: [String] = []
        var onLoop = true
        while true {
            switch plan {
            case .answer(let response):
                if places.isEmpty { places.append("ready") }
                return (places, response)
            case .work(let work):
                onLoop = onLoop && work.estimatedSeconds <= maxLoopWork
                places.append(onLoop ? "loop" : "worker")
                plan = work.make(onLoop)
            }
        }
    }

    /// Scale 1 and 2 PNGs and SVGs are parsed and made on the loop, byte for byte and ETag for
    /// ETag what a worker makes (a separate responder without a cache); the next request for the
    /// same target is answered at once from the cache.
    func testSmallStillTogglesAreMadeOnTheLoopAsAWorkerMakesThem() throws {
        let loop = responder(), worker = responder(cache: nil)
        for target in ["/toggle?on=1&color=red", "/toggle?on=0&sym=moon.fill&scale=2", "/toggle.svg?on=1&scale=2",
                       "/toggle@2x.png?on=1&theme=dark", "/toggle.svg?on=0&theme=auto", "/toggle?style=button&label=Go&on=1"] {
            let (where1, made) = places(loop, get(target))
            XCTAssertEqual(where1, ["loop", "loop"], target)
            let reference = worker.respond(to: get(target))
            XCTAssertEqual(made.status, 200, target)
            XCTAssertEqual(made.body, reference.body, target)
            XCTAssertFalse(made.body.isEmpty, target)
            XCTAssertEqual(made.headers["ETag"], reference.headers["ETag"], target)
            XCTAssertEqual(made.headers["Content-Type"], reference.headers["Content-Type"], target)
            XCTAssertEqual(made.annotations["cache"], "miss", target)
            let (where2, again) = places(loop, get(target))
            XCTAssertEqual(where2, ["ready"], target)
            XCTAssertEqual(again.body, made.body, target)
            XCTAssertEqual(again.annotations["cache"], "hit", target)
        }
    }

    /// Animations and large pictures are parsed on the loop and drawn on a worker; rows, cards,
    /// long targets, `/symbols`, `/metrics` and static files go to a worker at once.
    func testLargeOrSlowRequestsGoToAWorker() {
        let loop = responder()
        for target in ["/toggle?on=1&animate=1", "/toggle.svg?on=1&animate=1", "/toggle?on=1&scale=4",
                       "/toggle?on=1&scale=2&pad=40", "/toggle@4x.png?on=1", "/toggle?on=1&scale=3",
                       "/toggle?style=button&label=Dark%20Mode&on=1&scale=2", "/toggle.svg?on=1&scale=3"] {
            let (steps, response) = places(loop, get(target))
            XCTAssertEqual(steps, ["loop", "worker"], target)
            XCTAssertEqual(response.status, 200, target)
        }
        let long = "/toggle?on=1&label=" + String(repeating: "a", count: PreparedPictures.maxTargetBytes)
        for target in ["/row?label=Wi-Fi&on=1", "/card?row1.label=A", "/symbols", "/metrics", "/index.html", long] {
            XCTAssertEqual(places(loop, get(target)).places.first, "worker", target)
        }
    }

    /// A row or card the memo and the cache know is answered at once, as a toggle is, with the
    /// bytes and ETag a worker made.
    func testCachedRowsAndCardsAreReadyAnswers() {
        let loop = responder()
        for target in ["/row?label=Dark%20Mode&on=1&on_sym=moon.fill&color=indigo&scale=2", "/card?scale=2",
                       "/row.svg?label=Wi-Fi", "/card.svg?theme=auto"] {
            let (first, made) = places(loop, get(target))
            XCTAssertEqual(first, ["worker", "worker"], target)
            let (second, again) = places(loop, get(target))
            XCTAssertEqual(second, ["ready"], target)
            XCTAssertEqual(again.body, made.body, target)
            XCTAssertEqual(again.headers["ETag"], made.headers["ETag"], target)
            XCTAssertEqual(again.annotations, ["route": target.hasPrefix("/row") ? "row" : "card", "cache": "hit"], target)
        }
    }

    /// Parameter errors and 304s of small toggles are answered on the loop too, except an unknown
    /// symbol's 400, whose "did you mean" search (1 ms) goes to a worker with the same text.
    func testErrorsAndNotModifiedAreAnsweredOnTheLoop() throws {
        let loop = responder(), reference = responder(cache: nil)
        let (steps, bad) = places(loop, get("/toggle?on=1&color=nocolor"))
        XCTAssertEqual(steps, ["loop"])
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(bad.body, reference.respond(to: get("/toggle?on=1&color=nocolor")).body)
        for target in ["/toggle?on=1&sym=moonfill", "/toggle.svg?on=0&off_sym=moon.fil&scale=2",
                       "/toggle?sym=moonfill&color=nocolor", "/toggle?on_sym=weather-night"] {
            let (steps, answer) = places(loop, get(target))
            XCTAssertEqual(steps, ["loop", "worker"], target)
            XCTAssertFalse(SuggestionSearch.isDeferred, target)
            XCTAssertEqual(answer.status, 400, target)
            XCTAssertEqual(answer.body, reference.respond(to: get(target)).body, target)
            XCTAssertTrue(String(decoding: answer.body, as: UTF8.self).contains("did you mean"), target)
        }
        // An error met before the symbol (parameters apply in the table's order: style first) is the
        // loop's to answer, as a worker would.
        let (firstSteps, first) = places(loop, get("/toggle?sym=moonfill&style=nostyle"))
        XCTAssertEqual(firstSteps, ["loop"])
        XCTAssertEqual(first.body, reference.respond(to: get("/toggle?sym=moonfill&style=nostyle")).body)
        let tag = try XCTUnwrap(reference.respond(to: get("/toggle?on=1&color=teal")).headers["ETag"])
        var fields = HTTPFields()
        fields.append(name: "If-None-Match", value: tag)
        let (notModifiedSteps, notModified) = places(loop, get("/toggle?on=1&color=teal", headers: fields))
        XCTAssertEqual(notModifiedSteps, ["loop"])
        XCTAssertEqual(notModified.status, 304)
        // Known to the memo now: the next 304 is ready at once.
        XCTAssertEqual(places(loop, get("/toggle?on=1&color=teal", headers: fields)).places, ["ready"])
    }

    /// The size the query's check computed (which prices the drawing) is the picture's size laid
    /// out again, for implied scales, labelled styles, padding, sizes and SVG alike.
    func testKeptStillSizeIsThePictureSize() throws {
        for (query, format, implied) in [("on=1", ImageFormat.png, nil), ("on=0&sym=moon.fill", .png, 3.0),
                                         ("style=button&label=Dark%20Mode&scale=2", .svg, nil),
                                         ("pad=4.5&size=accessibility3&scale=1.5", .png, nil),
                                         ("theme=auto&style=switch&label=Wi-Fi", .svg, nil)] as [(String, ImageFormat, Double?)] {
            let parsed = try ToggleQuery(rawQuery: query, impliedScale: implied)
            let size = PictureSize.of(parsed.spec)
            XCTAssertEqual(ToggleRequest(query: parsed, format: format).stillPixels, size.width * size.height, query)
        }
    }

    /// While another thread makes the same image the loop hands the drawing on at once rather
    /// than wait; the worker then waits for that render.
    func testTheLoopDeclinesAnImageAnotherThreadIsMaking() throws {
        let cache = ImageCache()
        let loop = responder(cache: cache)
        let request = get("/toggle?on=1&color=orange")
        // Parse it (memoized) to know its key, then hold that key's render open on another thread.
        _ = try loop.pictures.prepare(request, route: .toggle, format: .png, impliedScale: nil)
        let entry = try XCTUnwrap(loop.pictures.memo.entry(for: request))
        let key = try XCTUnwrap(entry.cacheKey?.text)
        let making = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let other = DispatchGroup()
        DispatchQueue.global().async(group: other) {
            _ = cache.value(for: key) { making.signal(); release.wait(); return [1, 2, 3] }
        }
        making.wait()
        let start = Date()
        guard case .work(let handedOn) = loop.pictures.drawing(entry).make(true) else { return XCTFail("answered") }
        XCTAssertEqual(handedOn.estimatedSeconds, .infinity)
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
        release.signal()
        other.wait()
        XCTAssertEqual(handedOn.answer().body, [1, 2, 3])
    }
}
