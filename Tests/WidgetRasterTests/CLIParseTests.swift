import Foundation
import Testing
@testable import evidence
@testable import WidgetRaster

/// The CLI's argument parsing: plain values first, validation second, each a pure function.
@Suite struct CLIParseTests {
    @Test func gateOptionsDefaultsAndFlags() throws {
        let a = try ArgumentParser.parse(["--filter", "android/small/*", "--jobs=1", "--compare", "perceptual", "--threshold", "0.2"],
                                         valued: GateArguments.valued, switches: ["json"])
        let o = try GateArguments.options(a)
        #expect(o.filter == "android/small/*" && o.jobs == 1)
        #expect(o.comparison == .perceptual(threshold: 0.2))
        let d = try GateArguments.options(ArgumentParser.parse([], valued: GateArguments.valued, switches: []))
        #expect(d.comparison == .automatic && d.goldens == PackagePaths.goldens && d.perceptualThreshold == 0.1)
    }

    @Test(arguments: [["--jobs", "0"], ["--jobs", "x"], ["--compare", "fuzzy"], ["--threshold", "2"], ["--threshold", "-0.1"]])
    func badGateOptions(args: [String]) {
        #expect(throws: InputError.self) {
            try GateArguments.options(ArgumentParser.parse(args, valued: GateArguments.valued, switches: []))
        }
    }

    @Test func unknownFilterIsAnError() {
        #expect(throws: InputError.self) { try GateArguments.fixtures("no/such/*") }
    }

    @Test func planDefaultsAreTheReferenceCase() throws {
        let o = try PlanCommand.parse([])
        guard case .android(let r) = o.target, case .synthetic(let w) = o.input.source else { Issue.record("not android/synthetic"); return }
        #expect(!o.json && r.widthDp == 230 && r.heightDp == 330 && r.fontScale == 1 && r.family == .auto)
        #expect(w.streak == 12 && w.longest == 21 && w.habits == 5 && w.done == 0 && w.extendedToday == false && w.kindling
                && w.state == .defaultProgress && w.motif == .stones)
    }

    @Test(arguments: [["--width", "0"], ["--width", "100000"], ["--font-scale", "0"], ["--streak", "-3"],
                      ["--habits", "3", "--done", "9"], ["--state", "bogus"], ["--kindling", "maybe"],
                      ["--state", "newDay", "--snapshot", "s.json"], ["-o", "x.png"], ["--platform", "ios", "--font-scale", "2"]])
    func badPlanOptions(args: [String]) {
        #expect(throws: InputError.self) { try PlanCommand.parse(args) }
    }

    static let renderBase = ["--as-of", "2026-11-30T20:00:00Z", "--time-zone", "UTC", "-o", "x.png"]
    static func renderArgs(_ extra: [String]) throws -> AdHocRenderOptions {
        try AdHocRenderOptions.parse(ArgumentParser.parse(extra + renderBase, valued: AdHocRenderOptions.valued,
                                                          switches: AdHocRenderOptions.switches))
    }

    @Test func onBadSnapshotDefaultsToFailAndTakesFallback() throws {
        #expect(try Self.renderArgs(["--snapshot", "s.json"]).onBadSnapshot == .fail)
        #expect(try Self.renderArgs(["--snapshot", "s.json", "--on-bad-snapshot", "fallback"]).onBadSnapshot == .fallback)
        #expect(throws: InputError.self) { try Self.renderArgs(["--snapshot", "s.json", "--on-bad-snapshot", "ignore"]) }
        #expect(throws: InputError.self) { try Self.renderArgs(["--no-snapshot", "--on-bad-snapshot", "fallback"]) }
    }

    @Test func iosTargetDefaultsAndFlags() throws {
        func target(_ args: [String]) throws -> IOSRenderRequest {
            let o = try PlanCommand.parse(["--platform", "ios"] + args)
            guard case .ios(let r) = o.target else { throw InputError("test", "not ios") }
            return r
        }
        let d = try target([])
        #expect(d.family == .systemMedium && d.size == Size(338, 158) && d.scale == 2 && d.deviceClass == "393x852" && d.textSize == .large)
        let c = try target(["--family", "systemLarge", "--device-class", "375x667", "--scale", "3", "--text-size", "AX3"])
        #expect(c.size == Size(321, 324) && c.scale == 3 && c.textSize == .accessibility3)
        let e = try target(["--family", "systemSmall", "--width", "200", "--height", "180"])
        #expect(e.size == Size(200, 180) && e.deviceClass == nil)
        // The accessories default to the 430 × 932 class (the seed's 172 × 76 pt rectangular).
        let a = try target(["--family", "accessoryRectangular"])
        #expect(a.family == .accessoryRectangular && a.size == Size(172, 76) && a.deviceClass == "430x932" && a.hostMode == .full)
        #expect(try target(["--family", "accessoryCircular", "--device-class", "375x667"]).size == Size(68, 68))
        #expect(try target(["--family", "accessoryInline"]).size == Size(257, 26))
        #expect(try target(["--family", "systemSmall", "--host-mode", "night"]).hostMode == .night)
        #expect(throws: InputError.self) { try PlanCommand.parse(["--host-mode", "tinted"]) }  // Android has no host modes
    }

    @Test(arguments: [["--device-class", "1x1"], ["--device-class", "393x852", "--width", "100"], ["--width", "100"],
                      ["--scale", "4"], ["--scale", "1"], ["--font-scale", "1.3"], ["--family", "small"], ["--text-size", "huge"],
                      ["--family", "accessoryCircular", "--host-mode", "tinted"], ["--family", "accessoryInline", "--device-class", "320x568"],
                      ["--host-mode", "dim"]])
    func badIOSOptions(args: [String]) {
        #expect(throws: InputError.self) { try PlanCommand.parse(["--platform", "ios"] + args) }
    }
}
