// swift-tools-version:6.0
import PackageDescription

// The release binary links the Swift runtime and Foundation in: resolving their symbols at every
// start was a fifth of a one-fixture verify (issue #37). Only the executable: debug (the tests) and
// Fuzz/'s harnesses, which link WidgetRaster themselves, stay dynamic.
let staticRuntime = ["-static-stdlib"]
let debugOptimised = ["-O"]

let package = Package(
    name: "evidence",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "evidence", targets: ["evidence"]),
        .library(name: "WidgetRaster", targets: ["WidgetRaster"]),
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
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate")]),
        // Pixel loops in C so the compiler vectorises them: Cairo's premultiplied pixels to straight
        // RGBA, the contrast scan's skip over known colours, packing the painter's kept frames.
        .target(name: "CPixels"),
        // openat2 (a variadic syscall Swift cannot call): a golden opened in one step, never through a link.
        .target(name: "CFiles"),
        // Fonts/ compiled into the binary (#embed), so a copied or installed evidence needs no clone.
        .target(name: "CBundledFonts"),
        // Optimised in the debug build too (issue #37): the suite's sweeps plan and draw tens of
        // thousands of widgets, and unoptimised they took 420 s of CPU where -O takes 145 s, for
        // about 115 s more of building from scratch. The tests still build with testing enabled.
        .target(name: "WidgetRaster", dependencies: ["CairoShim", "CFriBidi", "CLibXML2", "CPNG", "CPixels", "CFiles", "CBundledFonts"],
                swiftSettings: [.unsafeFlags(debugOptimised, .when(configuration: .debug))]),
        .target(name: "FuzzEntries", dependencies: ["WidgetRaster"]),
        .executableTarget(name: "evidence", dependencies: ["WidgetRaster"],
                          swiftSettings: [.unsafeFlags(staticRuntime, .when(configuration: .release))],
                          linkerSettings: [.unsafeFlags(staticRuntime, .when(configuration: .release))]),
        .testTarget(name: "WidgetRasterTests", dependencies: ["WidgetRaster", "evidence", "FuzzEntries"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
