import EvidenceCore
import WidgetScene

/// Which colour tokens a pixel change lies in (issue #54 item 3): the roll-up counts a fixture whose
/// pixels moved only inside the nodes of a token under that token's cause, so one token edit is one
/// cause line with every fixture it moved — not a token line plus an unattributed "pixels" line.
enum MovedTokens {
    /// The tokens whose nodes hold every changed pixel, by name; empty when a changed pixel lies in
    /// no node (a moved frame) or no one token's nodes hold them all (a font or renderer change
    /// spreads over several tokens' text), so nothing is attributed to a token it did not come
    /// from. Backdrops (a decorative node over half the card: its fill) are left out: they lie
    /// under everything.
    static func of(_ scene: Scene, expected: RGBAImage, actual: RGBAImage) -> [String] {
        guard expected.width == actual.width, expected.height == actual.height else { return [] }
        let backdrop = scene.card.width * scene.card.height / 2
        let nodes = scene.nodes.filter { $0.role != .decorative || $0.bounds.width * $0.bounds.height < backdrop }
            .map { (token: $0.token, rect: scene.pixelRect($0.bounds)) }
        var count: [String: Int] = [:]
        var changed = 0
        let w = actual.width
        for y in 0..<actual.height {
            for x in 0..<w {
                let i = (y * w + x) * 4
                guard
                    expected.pixels[i] != actual.pixels[i] || expected.pixels[i + 1] != actual.pixels[i + 1]
                        || expected.pixels[i + 2] != actual.pixels[i + 2]
                        || expected.pixels[i + 3] != actual.pixels[i + 3]
                else { continue }
                changed += 1
                // One pixel of slack: anti-aliasing spills past a node's bounds. (A pixel counts
                // once per token however many of its nodes overlap there.)
                var held: Set<String> = []
                for n in nodes
                where x >= n.rect.x - 1 && x <= n.rect.x + n.rect.width && y >= n.rect.y - 1
                    && y <= n.rect.y + n.rect.height
                {
                    held.insert(n.token)
                }
                guard !held.isEmpty else { return [] }
                for t in held { count[t, default: 0] += 1 }
            }
        }
        return count.filter { $0.value == changed }.keys.sorted()
    }
}
