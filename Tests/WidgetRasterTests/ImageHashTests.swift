import EvidenceCore
import Foundation
import Testing

@testable import WidgetRaster

@Suite struct ImageHashTests {
    @Test func knownXXH3Vectors() {
        // XXH3-128 of the empty input (xxHash's published value, seed 0).
        expectTrue(Hash128.of([UInt8]()).hex == "99aa06d3014798d86001c324468d497f")
        expectTrue(Hash128.of("evidence").hex == Hash128.of(Array("evidence".utf8)).hex)
        expectTrue(Hash128.of("evidence") != Hash128.of("evidencf"))
    }

    @Test func pinnedHashes() {
        // Pinned: if these move, every manifest hash moves with them.
        expectTrue(Hash128.of("evidence").hex == "68982958522a4c01f8d47e9e7af64a25")
        expectTrue(ImageFixtures.pattern(width: 7, height: 5).pixelHash.hex == "40f604b13585b2bda71810575b165064")
    }

    @Test func pixelHashCoversSize() {
        let a = RGBAImage(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6, 7, 8])
        let b = RGBAImage(width: 1, height: 2, pixels: [1, 2, 3, 4, 5, 6, 7, 8])
        expectTrue(a.pixelHash != b.pixelHash)
        expectTrue(a.pixelHash == RGBAImage(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6, 7, 8]).pixelHash)
        var c = a
        c.pixels[7] = 9
        expectTrue(a.pixelHash != c.pixelHash)
    }

    @Test func codableAsHexString() throws {
        let h = Hash128(high: 0x0123_4567_89AB_CDEF, low: 0x0000_0000_0000_00FF)
        expectTrue(h.description == "0123456789abcdef00000000000000ff")
        let json = try JSONEncoder().encode([h])
        expectTrue(String(decoding: json, as: UTF8.self) == "[\"0123456789abcdef00000000000000ff\"]")
        expectTrue(try JSONDecoder().decode([Hash128].self, from: json) == [h])
        expectTrue(Hash128(hex: "0123456789ABCDEF00000000000000FF") == h)
        expectTrue(Hash128(hex: "xyz") == nil)
        expectTrue(Hash128(hex: "0123456789abcdef00000000000000f") == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Hash128].self, from: Data("[\"nope\"]".utf8)) }
    }
}
