import EvidenceCore
import Foundation
import Testing
import WidgetScene

@testable import WidgetRaster

/// Issue #53, "any folder means any folder": outside a project the commands that need none draw with
/// the tokens compiled into evidence (the same bytes as Tokens/) and say so once; those that need one
/// exit 2 naming --root and the folder they searched from, writing nothing.
@Suite struct AnyFolderTests {
    /// An empty folder with no evidence.json or Goldens/ at or above it.
    static func emptyFolder() throws -> URL {
        let dir = PipelineTests.tempDir("anyfolder")
        expectTrue(Project.findRoot(from: dir) == nil)
        return dir
    }

    /// The embedded files are Tokens/' files, byte for byte, and parse to the same token sets.
    @Test func theBundledTokensAreTokensFolder() throws {
        let tokens = PackagePaths.tokens
        let onDisk = try FileManager.default.subpathsOfDirectory(atPath: tokens.path).filter { p in
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: tokens.appendingPathComponent(p).path, isDirectory: &isDir)
                && !isDir.boolValue && p != "README.md"
        }.sorted()
        expectTrue(
            BundledTokens.all.map(\.path).sorted() == onDisk,
            "Sources/CBundledFonts/bundled_tokens.c must #embed exactly Tokens/' files")
        for file in BundledTokens.all {
            expectTrue(
                Array(file.bytes) == Array(try Data(contentsOf: tokens.appendingPathComponent(file.path))),
                "\(file.path) differs from its embedded copy")
        }
        let android = try AndroidTokens.load(resDirectory: BundledTokens.androidRes)
        let disk = try AndroidTokens.load(resDirectory: tokens.appendingPathComponent("android/res"))
        expectTrue(
            android.light == disk.light && android.night == disk.night
                && android.source == "evidence:Tokens/android/res")
        let ios = try AssetCatalogTokens.load(directory: BundledTokens.iosAssets).tokens
        let iosDisk = try AssetCatalogTokens.load(directory: tokens.appendingPathComponent("ios/Assets.xcassets"))
            .tokens
        expectTrue(ios.light == iosDisk.light && ios.night == iosDisk.night)
        // A path the binary does not hold is refused, as a missing folder is.
        #expect(throws: InputError.self) {
            try AndroidTokens.load(resDirectory: URL(string: BundledTokens.prefix + "android/nothing")!)
        }
    }

    /// The commands that need no project run in an empty folder, say once where the tokens come from,
    /// and a fixture drawn there is its golden, byte for byte.
    @Test func commandsThatNeedNoProjectUseTheBundledTokens() throws {
        let dir = try Self.emptyFolder()
        let key = "android/small/default-some-notyet/stones/kindling/light"
        let render = try PipelineTests.sh("evidence render --fixture \(key) -o fixture.png", in: dir)
        expectTrue(render.code == 0, "\(render.err)")
        let note =
            "evidence render: no project at or above \(dir.standardizedFileURL.path); using the bundled tokens (give "
            + "--root DIR for a project's)"
        expectTrue(render.err.split(separator: "\n").map(String.init) == [note], "\(render.err)")
        expectTrue(
            try Data(contentsOf: dir.appendingPathComponent("fixture.png"))
                == Data(contentsOf: PipelineTests.golden(key, in: PackagePaths.root)))
        for command in [
            "evidence list --filter 'android/small/*'", "evidence plan --state all-done --habits 3 --done 3",
            "evidence resolve --no-snapshot --as-of 2026-09-17T08:30:00+02:00 --time-zone Europe/Berlin",
            "evidence strings", "evidence render --platform ios --family systemSmall -o ios.png",
        ] {
            let r = try PipelineTests.sh(command, in: dir)
            expectTrue(r.code == 0, "\(command): \(r.err)")
            expectTrue(
                r.err.components(separatedBy: "using the bundled tokens").count == 2,
                "\(command): say it once: \(r.err)")
        }
        // A command told which folder to read looks for no project and says nothing of one.
        for command in [
            "evidence contrast --android-res '\(PackagePaths.tokens.path)/android/res'",
            "evidence verify --goldens '\(PackagePaths.goldens.path)' --filter 'android/small/empty/*' --quiet "
                + "--report r",
        ] {
            let r = try PipelineTests.sh(command, in: dir)
            expectTrue(r.code == 0 && !r.err.contains("project"), "\(command): \(r.err)")
        }
        let version = try PipelineTests.sh("evidence version", in: dir)
        expectTrue(
            version.code == 0
                && version.out.contains(
                    "tokens (from the binary (bundled)): evidence:Tokens/android/res, "
                        + "evidence:Tokens/ios/Assets.xcassets"
                ), "\(version.out)")
        expectTrue(!version.err.contains("bundled tokens"))
    }

    /// The commands that need a project exit 2 in one line naming --root and the folder searched
    /// from, and write nothing there.
    @Test func commandsThatNeedAProjectNameRootAndTheFolder() throws {
        let dir = try Self.emptyFolder()
        let sub = dir.appendingPathComponent("deep/er")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        for command in [
            "verify", "verify --filter 'android/small/*' --html page", "record", "record --dry-run",
            "pin --state all-done --name mine", "sheet -o s.png", "gallery -o g", "bench", "contrast",
            "contrast --rendered",
            "contrast --colour-alone",
        ] {
            let r = try PipelineTests.sh("evidence \(command)", in: sub)
            let line =
                "evidence \(command.split(separator: " ")[0]): --root: no project at or above "
                + "\(sub.standardizedFileURL.path) (no evidence.json or Goldens/); "
            expectTrue(
                r.code == 2 && r.err.hasPrefix(line) && r.err.contains("give --root DIR")
                    && r.err.split(separator: "\n").count == 1, "\(command): \(r.err)")
            expectTrue(
                try FileManager.default.contentsOfDirectory(atPath: sub.path).isEmpty,
                "\(command) wrote into \(sub.path)")
        }
        // --root names the checkout from the same folder.
        let r = try PipelineTests.sh(
            "evidence verify --filter 'android/small/empty/*' --quiet --root '\(PackagePaths.root.path)' --report "
                + "\"$R\"",
            in: sub,
            env: ["R": PipelineTests.tempDir("r").appendingPathComponent("report").path])
        expectTrue(r.code == 0 && !r.err.contains("bundled"), "\(r.err)")
    }
}
