import Foundation
import WidgetRaster

/// Debian's chromium, run headless for the report and gallery tests: one browser per test process, driven
/// over the DevTools protocol (`DevToolsPipe`), a fresh tab per page. `unavailableReason` says why
/// a browser test is skipped (shown by the test runner), so a machine without it never passes silently.
enum HeadlessChromium {
    static let executable: String? = {
        let dirs =
            (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map(String.init) + [
                "/usr/bin"
            ]
        for name in ["chromium", "chromium-browser"] {
            for d in dirs where FileManager.default.isExecutableFile(atPath: d + "/" + name) { return d + "/" + name }
        }
        return nil
    }()

    /// nil when chromium exists and can render a page here; otherwise why not.
    static let unavailableReason: String? = {
        if ProcessInfo.processInfo.environment["EVIDENCE_BROWSER"] == "off" {
            return "EVIDENCE_BROWSER=off: browser tests turned off"
        }
        guard executable != nil else {
            return "chromium is not installed (scripts/ensure-browser.sh installs Debian's chromium)"
        }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent(
            "evidence-probe-\(UUID().uuidString).html")
        try? Data("<!doctype html><p id=probe>ok</p>".utf8).write(to: probe)
        defer { try? FileManager.default.removeItem(at: probe) }
        do {
            guard try dumpDOM(probe).contains("id=\"probe\"") else {
                return "chromium is installed but did not render a probe page headless here"
            }
        } catch {
            return "chromium is installed but cannot render headless here (\(error))"
        }
        return nil
    }()

    static var available: Bool { unavailableReason == nil }

    /// Chromium's switches: headless, no sandbox (containers), pages may read files beside them, and the
    /// DevTools protocol on fds 3 and 4 (`DevToolsPipe`).
    static let flags = [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--allow-file-access-from-files", "--remote-debugging-pipe",
    ]

    /// How long a page's scripts and timers run, in virtual milliseconds (what --virtual-time-budget=5000 gave).
    static let virtualTimeBudget = 5000
    /// How long one call may take before the browser counts as hung.
    static let callTimeout: TimeInterval = 90

    /// The page area of headless chromium's window, as `chromium --headless --window-size=W,H` lays pages
    /// out: W × (H − 143), the window keeping 143 px for its (undrawn) toolbars; 780 × 437 without the flag.
    static func viewport(ofWindow size: (Int, Int)?) -> (Int, Int) {
        size.map { ($0.0, $0.1 - 143) } ?? (780, 437)
    }

    /// The DOM after the page's scripts ran, as --dump-dom prints it: the doctype (if any) and
    /// document.documentElement.outerHTML, each on its own line.
    static func dumpDOM(_ page: URL, fragment: String? = nil, windowSize: (Int, Int)? = nil) throws -> String {
        let url = page.absoluteString + (fragment.map { "#" + $0 } ?? "")
        return try browser.withPage(url, viewport: viewport(ofWindow: windowSize)) {
            pipe, session, deadline in
            let result = try pipe.call(
                "Runtime.evaluate",
                [
                    "expression": """
                    (document.doctype ? new XMLSerializer().serializeToString(document.doctype) + '\\n' : '') +\
                     (document.documentElement ? document.documentElement.outerHTML : '') + '\\n'
                    """,
                    "returnByValue": true,
                ], session: session, deadline: deadline)
            guard let value = (result["result"] as? [String: Any])?["value"] as? String else {
                throw Failed(description: "chromium: reading the DOM of \(page.path) failed: \(result)")
            }
            return value
        }
    }

    /// A PNG screenshot of the page's first `width × height` CSS pixels.
    static func screenshot(_ page: URL, width: Int = 1200, height: Int = 1600) throws -> URL {
        let png = try browser.withPage(page.absoluteString, viewport: (width, height)) { pipe, session, deadline in
            let result = try pipe.call(
                "Page.captureScreenshot", ["format": "png"], session: session, deadline: deadline)
            guard let base64 = result["data"] as? String, let png = Data(base64Encoded: base64) else {
                throw Failed(description: "chromium: Page.captureScreenshot of \(page.path) returned no PNG")
            }
            return png
        }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "evidence-shot-\(UUID().uuidString).png")
        try png.write(to: out)
        return out
    }

    struct Failed: Error, CustomStringConvertible { var description: String }

    /// The test process's one browser, started on first use: a chromium start costs about a second, a new tab
    /// far less.
    static let browser = SharedBrowser()

    final class SharedBrowser: @unchecked Sendable {
        private let lock = NSLock()
        private var pipe: DevToolsPipe?

        /// Opens `url` in a new tab of a new browser context (nothing shared with other calls), its page
        /// area `viewport` CSS pixels, lets its scripts and timers run for the virtual-time budget, then
        /// hands the tab to `body`. A call that takes longer than `callTimeout` or loses the browser fails
        /// and kills it; the next call starts a new one.
        func withPage<T>(
            _ url: String, viewport: (Int, Int), _ body: (DevToolsPipe, String, Date) throws -> T
        ) throws -> T {
            lock.lock()
            defer { lock.unlock() }
            let deadline = Date().addingTimeInterval(callTimeout)
            do {
                let pipe = try self.pipe ?? start()
                self.pipe = pipe
                defer { pipe.forgetEvents() }
                let context = try pipe.string(
                    "browserContextId", of: "Target.createBrowserContext", [:], deadline: deadline)
                defer {
                    _ = try? pipe.call(
                        "Target.disposeBrowserContext", ["browserContextId": context], deadline: deadline)
                }
                let target = try pipe.string(
                    "targetId", of: "Target.createTarget", ["url": "about:blank", "browserContextId": context],
                    deadline: deadline)
                defer { _ = try? pipe.call("Target.closeTarget", ["targetId": target], deadline: deadline) }
                let session = try pipe.string(
                    "sessionId", of: "Target.attachToTarget", ["targetId": target, "flatten": true], deadline: deadline)
                try pipe.call(
                    "Emulation.setDeviceMetricsOverride",
                    ["width": viewport.0, "height": viewport.1, "deviceScaleFactor": 1, "mobile": false],
                    session: session, deadline: deadline)
                // The page loads on the real clock (as with --virtual-time-budget, whose timings the report's
                // bench line reads), then its timers run on virtual time, which advances only while no fetch
                // is pending.
                try pipe.call("Page.enable", session: session, deadline: deadline)
                let navigated = try pipe.call("Page.navigate", ["url": url], session: session, deadline: deadline)
                if let error = navigated["errorText"] as? String {
                    throw Failed(description: "chromium could not load \(url): \(error)")
                }
                try pipe.event("Page.loadEventFired", session: session, deadline: deadline)
                try pipe.call(
                    "Emulation.setVirtualTimePolicy",
                    ["policy": "pauseIfNetworkFetchesPending", "budget": virtualTimeBudget], session: session,
                    deadline: deadline)
                try pipe.event("Emulation.virtualTimeBudgetExpired", session: session, deadline: deadline)
                return try body(pipe, session, deadline)
            } catch let error as DevToolsPipe.Failed where error.browserLost {
                // A hung or dead browser: kill it so the next call starts afresh.
                pipe?.stop()
                pipe = nil
                runningBrowser = 0
                throw Failed(
                    description: "\(error.description) (loading \(url), \(Int(callTimeout)) s limit); chromium was"
                        + " stopped and the next call starts a new one")
            } catch let error as DevToolsPipe.Failed {
                throw Failed(description: "\(error.description) (loading \(url))")
            }
        }

        private func start() throws -> DevToolsPipe {
            guard let exe = executable else { throw Failed(description: "no chromium") }
            try? FileManager.default.removeItem(atPath: profile)
            let pipe = try DevToolsPipe(executable: exe, arguments: ["--user-data-dir=\(profile)"] + flags)
            runningBrowser = pipe.pid
            _ = stopsAtExit
            return pipe
        }
    }
}

/// The profile folder of this test process's browser.
private let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
    "evidence-chromium-\(getpid())"
).path

/// The pid of the browser `stopAtExit` kills (0: none); read at exit without the browser's lock, which a
/// hung call may hold.
nonisolated(unsafe) private var runningBrowser: pid_t = 0

/// Registers `stopAtExit` once, when the first browser starts.
private let stopsAtExit: Void = { _ = atexit { stopAtExit() } }()

/// Kills the browser when the test process exits (it would also quit on its own when its pipe closes, but
/// leave its profile folder behind).
private func stopAtExit() {
    guard runningBrowser > 0 else { return }
    kill(runningBrowser, SIGKILL)
    var status: Int32 = 0
    waitpid(runningBrowser, &status, 0)
    runningBrowser = 0
    try? FileManager.default.removeItem(atPath: profile)
}
