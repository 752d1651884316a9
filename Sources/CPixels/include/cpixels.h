#ifndef CPIXELS_H
#define CPIXELS_H
#include <stddef.h>
#include <stdint.h>

/* Cairo's CAIRO_FORMAT_ARGB32 words (native-endian, alpha high, colour premultiplied) to straight
   RGBA bytes (R, G, B, A in memory: little-endian words R | G << 8 | B << 16 | A << 24). Each channel
   is round(c × 255 / a) — (c × 255 + a / 2) / a in integers, clamped to 255 — and a transparent
   pixel is 0. Written in C so the compiler vectorises it; `src` and `dst` may be the same. */
void cpixels_straighten(const uint32_t *src, uint32_t *dst, size_t count);

/* How many of the first `count` words of `row` a scan for new colours can pass over: words equal
   to `*skip` (when `skip` is not NULL) or to the word at the same place in `other` (when `other` is
   not NULL). `count` when it can pass them all. */
size_t cpixels_skippable(const uint32_t *row, const uint32_t *other, size_t count, const uint32_t *skip);

/* A frame packed for keeping: a run of one word is a header (0x80000000 | length) and the word;
   any other stretch is a header (its length, below 0x80000000) and its words. `dst` must hold
   `count` + 1 words (a run of three or more words pays for the header of the stretch after it).
   Returns the words written. */
size_t cpixels_pack(const uint32_t *src, size_t count, uint32_t *dst);

/* Writes the `count` words `packed` (`packedCount` words from cpixels_pack) stands for into `dst`. */
void cpixels_unpack(const uint32_t *packed, size_t packedCount, uint32_t *dst, size_t count);

/* Source-over copy of a `cols` × `rows` block of straight RGBA bytes (`src`, `srcWidth` pixels a row)
   onto `dst` (`dstWidth` pixels a row, already offset to the block's corner): an opaque pixel is
   copied, a transparent one skipped, a translucent one mixed over what is there, each channel
   round(f × a + b × (1 − a)) in doubles with a = alpha / 255, and the result opaque. */
void cpixels_blit_over(const uint8_t *src, size_t srcWidth, uint8_t *dst, size_t dstWidth, size_t cols, size_t rows);

#endif
