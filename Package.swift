// swift-tools-version:6.0
import PackageDescription

// The modules in pipeline order, each importing only those before it (issue #57): the file and
// pixel kit, the widget's data and copy, text, layout (plans), scenes and their painter, then the
// gate, the checks and the review. The relocatable binary links the Swift runtime in through
// `--static-swift-stdlib` (scripts/build-release.sh), and the README's two commands share one
// debug build with the tests (scripts/verify.sh, scripts/test.sh): no unsafe flags here.
let layers = ["EvidenceCore", "WidgetModel", "WidgetText", "WidgetLayout", "WidgetScene", "WidgetRaster"]

let package = Package(
    name: "evidence",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "evidence", targets: ["evidence"]),
        .library(name: "WidgetRaster", targets: layers),
        // The fuzz targets' bodies: Fuzz/'s libFuzzer harnesses and FuzzCorpusTests call the same functions.
        .library(name: "FuzzEntries", targets: ["FuzzEntries"]),
    ],
    targets: [
        // Cairo, cairo-ft, FreeType, HarfBuzz, libpng and xxHash from Debian's -dev packages.
        .systemLibrary(
            name: "CairoShim",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libcairo2-dev", "libfreetype-dev", "libharfbuzz-dev", "libpng-dev", "libxxhash-dev"])]
        ),
        // GNU FriBidi: paragraph direction and bidi levels for mixed-direction habit titles.
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        // libxml2: Android token XML read by the well-kept parser itself (no network, no entities),
        // where FoundationXML's XMLParser trapped on invalid UTF-8 and on `<?x?>`.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // libpng behind setjmp (libpng reports errors by longjmp, which Swift cannot catch); the
        // goldens are encoded through libdeflate (Debian's libdeflate-dev, scripts/ensure-deps.sh).
        .target(
            name: "CPNG", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate")]),
        // Pixel loops in C so the compiler vectorises them: Cairo's premultiplied pixels to straight
        // RGBA, the contrast scan's skip over known colours, packing the painter's kept frames.
        .target(name: "CPixels"),
        // openat2 (a variadic syscall Swift cannot call): a golden opened in one step, never through a link.
        .target(name: "CFiles"),
        // Fonts/ compiled into the binary (#embed), so a copied or installed evidence needs no clone.
        .target(name: "CBundledFonts"),
        // Files, paths, errors, geometry, colour, PNG and pixel grids.
        .target(name: "EvidenceCore", dependencies: ["CairoShim", "CPNG", "CFiles"]),
        // The snapshot, its resolution into a widget state, and every line of copy.
        .target(name: "WidgetModel", dependencies: ["EvidenceCore"]),
        // Fonts, shaping, wrapping and measuring.
        .target(name: "WidgetText", dependencies: ["WidgetModel", "CairoShim", "CFriBidi", "CBundledFonts"]),
        // Plans: each family's frames, shedding and the family table, in layout units.
        .target(name: "WidgetLayout", dependencies: ["WidgetText"]),
        // Scenes built from plans, the tokens they are inked with, and the Cairo painter.
        .target(
            name: "WidgetScene", dependencies: ["WidgetLayout", "CairoShim", "CLibXML2", "CPixels", "CBundledFonts"]),
        // The gate: fixtures, checks, goldens, verify and record, the review page and the map.
        .target(name: "WidgetRaster", dependencies: ["WidgetScene", "CairoShim", "CFiles", "CPixels"]),
        .target(name: "FuzzEntries", dependencies: ["WidgetRaster"]),
        .executableTarget(name: "evidence", dependencies: ["WidgetRaster", "CFiles"]),
        .testTarget(
            name: "WidgetRasterTests", dependencies: ["WidgetRaster", "evidence", "FuzzEntries"],
            exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
