// swift-tools-version:6.0
// libFuzzer targets for every input the gate reads (issue #24 "Proof in the repo"). A package of
// its own so the root package's `swift build` / `swift test` never need the fuzzer runtime:
// `scripts/fuzz.sh [SECONDS]` builds these with `-sanitize=fuzzer,address` and runs each one on
// its committed seed corpus (`Fuzz/Corpus/<target>/`). Each harness is one call of its body in
// `FuzzEntry` (the root package's FuzzEntries library, `Sources/FuzzEntries/`), which feeds a public
// entry point of WidgetRaster — so a parser rewritten behind that entry point is fuzzed unchanged,
// and FuzzCorpusTests replays the committed corpora through the very same functions.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which differs between clones and worktrees.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = root.lastPathComponent.lowercased()

/// target name → what it feeds (the corpus folder has the same name).
let harnesses = [
    "FuzzSnapshotRender",  // snapshot JSON → decode → timeline frames → Android + iOS scenes → pixels
    "FuzzPNG",  // a golden's bytes → PNGCodec.decode
    "FuzzTokenXML",  // colors_widget.xml (values/ and values-night/) → AndroidTokens.load
    "FuzzColorSet",  // a colorset's Contents.json → AssetCatalogTokens.parseColorSet
    "FuzzResultReport",  // a saved `verify --json` result → HTML report + JUnit
    "FuzzManifest",  // Goldens/manifest.json → Manifest.loadChecked
    "FuzzKnownFindings",  // known-findings.json → KnownFindings.parse
]

let package = Package(
    name: "evidence-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "WidgetRaster", package: rootIdentity),
                .product(name: "FuzzEntries", package: rootIdentity),
            ])
    ]
        + harnesses.map { name in
            .executableTarget(
                name: name, dependencies: ["FuzzSupport", .product(name: "WidgetRaster", package: rootIdentity)])
        },
    swiftLanguageModes: [.v6]
)
