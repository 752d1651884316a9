import Foundation
import WidgetRaster

/// Debian's chromium, run headless for the report and gallery tests. `unavailableReason` says why
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
        guard let dom = try? dumpDOM(probe), dom.contains("id=\"probe\"") else {
            return "chromium is installed but cannot render headless here (--headless --no-sandbox --dump-dom failed)"
        }
        return nil
    }()

    static var available: Bool { unavailableReason == nil }

    static let flags = [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--allow-file-access-from-files", "--virtual-time-budget=5000",
    ]

    /// The DOM after the page's scripts ran.
    static func dumpDOM(_ page: URL, fragment: String? = nil, windowSize: (Int, Int)? = nil) throws -> String {
        let size = windowSize.map { ["--window-size=\($0.0),\($0.1)"] } ?? []
        return String(
            decoding: try run(flags + size + ["--dump-dom", page.absoluteString + (fragment.map { "#" + $0 } ?? "")]),
            as: UTF8.self)
    }

    /// A PNG screenshot of the page's first `width × height` CSS pixels.
    static func screenshot(_ page: URL, width: Int = 1200, height: Int = 1600) throws -> URL {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "evidence-shot-\(UUID().uuidString).png")
        _ = try run(flags + ["--window-size=\(width),\(height)", "--screenshot=\(out.path)", page.absoluteString])
        return out
    }

    struct Failed: Error, CustomStringConvertible { var description: String }

    /// Runs chromium with its own profile folder; stdout back, a hung browser killed after 90 s.
    static func run(_ args: [String]) throws -> Data {
        guard let exe = executable else { throw Failed(description: "no chromium") }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "evidence-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = ["--user-data-dir=\(profile.path)"] + args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let timer = DispatchWorkItem { if p.isRunning { p.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: timer)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        timer.cancel()
        guard p.terminationStatus == 0 else { throw Failed(description: "chromium exited \(p.terminationStatus)") }
        return data
    }
}
