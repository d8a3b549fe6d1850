import Dispatch
import Foundation
import HTTPServer
import XCTest
@testable import ToggleService
@testable import QueryLanguage

/// Small still toggles are made on the event loop
/// (`ToggleResponder.respondOnLoop`), everything larger or slower on a worker, and the loop never
/// waits for another thread's render.
final class LoopRenderTests: XCTestCase {
    func get(_ target: String, headers: HTTPFields = HTTPFields()) -> HTTPRequest {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        return HTTPRequest(method: "GET", target: target, path: parts[0], query: parts.count > 1 ? parts[1] : nil,
                           version: .http1_1, headers: headers)
    }

    func responder(cache: ImageCache? = ImageCache()) -> ToggleResponder {
        ToggleResponder(configuration: .init(), cache: cache)
    }

    /// Scale 1 and 2 PNGs and SVGs are made on the loop, byte for byte and ETag for ETag what a
    /// worker makes (a separate responder without a cache).
    func testSmallStillTogglesAreMadeOnTheLoopAsAWorkerMakesThem() throws {
        let loop = responder(), worker = responder(cache: nil)
        for target in ["/toggle?on=1&color=red", "/toggle?on=0&sym=moon.fill&scale=2", "/toggle.svg?on=1&scale=2",
                       "/toggle@2x.png?on=1&theme=dark", "/toggle.svg?on=0&theme=auto", "/toggle?style=button&label=Go&on=1"] {
            let request = get(target)
            XCTAssertTrue(loop.mayRespondOnLoop(to: request), target)
            let made = try XCTUnwrap(loop.respondOnLoop(to: request), target)
            let reference = worker.respond(to: request)
            XCTAssertEqual(made.status, 200, target)
            XCTAssertEqual(made.body, reference.body, target)
            XCTAssertFalse(made.body.isEmpty, target)
            XCTAssertEqual(made.headers["ETag"], reference.headers["ETag"], target)
            XCTAssertEqual(made.headers["Content-Type"], reference.headers["Content-Type"], target)
            XCTAssertEqual(made.annotations["cache"], "miss", target)
            // Made once: the next request is a cache hit, answered inline.
            XCTAssertEqual(loop.respondImmediately(to: request)?.body, made.body, target)
        }
    }

    /// Animations, large pictures and long targets go to a worker; other routes are never queued.
    func testLargeOrSlowRequestsGoToAWorker() {
        let loop = responder()
        for target in ["/toggle?on=1&animate=1", "/toggle.svg?on=1&animate=1", "/toggle?on=1&scale=4",
                       "/toggle?on=1&scale=2&pad=40", "/toggle@4x.png?on=1", "/toggle?on=1&scale=3",
                       "/toggle?style=button&label=Dark%20Mode&on=1&scale=2", "/toggle.svg?on=1&scale=3"] {
            XCTAssertTrue(loop.mayRespondOnLoop(to: get(target)), target)
            XCTAssertNil(loop.respondOnLoop(to: get(target)), target)
            // The worker answers it, from the query parsed on the loop.
            XCTAssertEqual(loop.respond(to: get(target)).status, 200, target)
        }
        let long = "/toggle?on=1&label=" + String(repeating: "a", count: ToggleResponder.loopTargetLimit)
        for target in ["/row?label=Wi-Fi&on=1", "/card?row1.label=A", "/symbols", "/metrics", "/index.html", long] {
            XCTAssertFalse(loop.mayRespondOnLoop(to: get(target)), target)
            XCTAssertNil(loop.respondOnLoop(to: get(target)), target)
        }
    }

    /// Parameter errors and 304s of small toggles are answered on the loop too, except an unknown
    /// symbol's 400, whose "did you mean" search (1 ms) goes to a worker with the same text.
    func testErrorsAndNotModifiedAreAnsweredOnTheLoop() throws {
        let loop = responder(), reference = responder(cache: nil)
        let bad = try XCTUnwrap(loop.respondOnLoop(to: get("/toggle?on=1&color=nocolor")))
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(bad.body, reference.respond(to: get("/toggle?on=1&color=nocolor")).body)
        for target in ["/toggle?on=1&sym=moonfill", "/toggle.svg?on=0&off_sym=moon.fil&scale=2",
                       "/toggle?sym=moonfill&color=nocolor", "/toggle?on_sym=weather-night"] {
            XCTAssertNil(loop.respondOnLoop(to: get(target)), target)
            XCTAssertFalse(SuggestionSearch.isDeferred, target)
            let answer = loop.respond(to: get(target))
            XCTAssertEqual(answer.status, 400, target)
            XCTAssertEqual(answer.body, reference.respond(to: get(target)).body, target)
            XCTAssertTrue(String(decoding: answer.body, as: UTF8.self).contains("did you mean"), target)
        }
        // An error met before the symbol (parameters apply in the table's order: style first) is the
        // loop's to answer, as a worker would.
        let first = try XCTUnwrap(loop.respondOnLoop(to: get("/toggle?sym=moonfill&style=nostyle")))
        XCTAssertEqual(first.body, reference.respond(to: get("/toggle?sym=moonfill&style=nostyle")).body)
        let tag = try XCTUnwrap(loop.respond(to: get("/toggle?on=1&color=teal")).headers["ETag"])
        var fields = HTTPFields()
        fields.append(name: "If-None-Match", value: tag)
        XCTAssertEqual(loop.respondOnLoop(to: get("/toggle?on=1&color=teal", headers: fields))?.status, 304)
    }

    /// The size the query's check computed and kept with the prepared toggle (which decides
    /// between the loop and a worker) is the picture's size laid out again, for implied scales,
    /// labelled styles, padding, sizes and SVG alike.
    func testKeptStillSizeIsThePictureSize() throws {
        let loop = responder(cache: nil)
        for target in ["/toggle?on=1", "/toggle@3x.png?on=0&sym=moon.fill", "/toggle.svg?style=button&label=Dark%20Mode&scale=2",
                       "/toggle?pad=4.5&size=accessibility3&scale=1.5", "/toggle.svg?theme=auto&style=switch&label=Wi-Fi"] {
            let request = get(target)
            let route = try XCTUnwrap(ToggleRoute.route(for: request.path))
            guard case .toggle(let format, let implied) = route.target else { return XCTFail(target) }
            let prepared = try loop.prepareToggle(request, format: format, impliedScale: implied)
            let size = try XCTUnwrap(prepared.stillSize, target)
            let again = PictureSize.of(prepared.picture.spec)
            XCTAssertEqual(size.width, again.width, target)
            XCTAssertEqual(size.height, again.height, target)
        }
    }

    /// While another thread makes the same image the loop declines (nil) at once rather than
    /// wait; the worker it hands the request to then waits for that render.
    func testTheLoopDeclinesAnImageAnotherThreadIsMaking() throws {
        let cache = ImageCache()
        let loop = responder(cache: cache)
        let request = get("/toggle?on=1&color=orange")
        // Parse it (memoized) to know its key, then hold that key's render open on another thread.
        _ = try? loop.prepareToggle(request, format: .png, impliedScale: nil)
        let key = try XCTUnwrap(loop.prepared.entry(for: request)?.cacheKey?.text)
        let making = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let other = DispatchGroup()
        DispatchQueue.global().async(group: other) {
            _ = cache.value(for: key) { making.signal(); release.wait(); return [1, 2, 3] }
        }
        making.wait()
        let start = Date()
        XCTAssertNil(loop.respondOnLoop(to: request))
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
        release.signal()
        other.wait()
        XCTAssertEqual(loop.respondOnLoop(to: request)?.body, [1, 2, 3])
    }
}
