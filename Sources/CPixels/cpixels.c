#include "cpixels.h"
#include <math.h>
#include <string.h>

/* Four pixels at a time in the compiler's portable vector types (clang and GCC): one SSE2 / NEON
   register, so the conversion is vectorised on every target whatever the optimisation level. The
   helpers are always inlined: the debug build (-O0, what the test suite runs) would otherwise call
   one per four pixels. */
#define INLINE static inline __attribute__((always_inline))
typedef uint32_t u32x4 __attribute__((vector_size(16)));
typedef int32_t i32x4 __attribute__((vector_size(16)));
typedef float f32x4 __attribute__((vector_size(16)));
typedef uint8_t u8x16 __attribute__((vector_size(16)));

/* min(255, (c × 255 + a / 2) / a) for 0 < a < 255, by multiplying with 1/a. The dividend (< 2^24)
   is exact in single precision and the product is within 3e-5 of the true quotient (two roundings
   of a value below 256). A quotient that is not whole lies at least 1/a ≥ 1/254 below the next
   whole number, so adding 1/1024 lifts a whole quotient that came out a hair low without carrying
   any other across: truncation then gives the integer quotient (CanvasTests checks every alpha and
   channel). */
INLINE u32x4 divide(u32x4 c, u32x4 half, f32x4 reciprocal) {
    f32x4 dividend = __builtin_convertvector((i32x4)(c * 255u + half), f32x4);
    u32x4 q = (u32x4)__builtin_convertvector(dividend * reciprocal + (1.0f / 1024), i32x4);
    u32x4 over = (u32x4)(q > 255u);
    return (q & ~over) | (255u & over);
}

/* ARGB → ABGR (bytes B G R A → R G B A): all a transparent (0) or opaque word needs. */
INLINE u32x4 swizzle(u32x4 v) {
    return (u32x4)__builtin_shufflevector((u8x16)v, (u8x16)v, 2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15);
}

INLINE int any(u32x4 mask) {
    uint64_t lanes[2];
    memcpy(lanes, &mask, sizeof lanes);
    return (lanes[0] | lanes[1]) != 0;
}

/* Four pixels, any alphas. A block that repeats the translucent one before it (a flat translucent
   fill) reuses that block's result instead of dividing again. */
INLINE u32x4 straighten4(u32x4 v, u32x4 *lastIn, u32x4 *lastOut) {
    u32x4 a = v >> 24;
    /* Alpha + 1 (mod 256) is 0 for opaque, 1 for transparent, above 1 for anything between. */
    u32x4 translucent = (u32x4)((((a + 1u) & 0xFFu) >> 1) != 0u);
    if (!any(translucent)) return swizzle(v);
    if (!any(v != *lastIn)) return *lastOut;
    u32x4 zero = (u32x4)(a == 0u);
    f32x4 reciprocal = 1.0f / __builtin_convertvector((i32x4)(a | (zero & 1u)), f32x4);
    u32x4 half = a >> 1;
    u32x4 s = divide((v >> 16) & 0xFFu, half, reciprocal) | divide((v >> 8) & 0xFFu, half, reciprocal) << 8
            | divide(v & 0xFFu, half, reciprocal) << 16 | a << 24;
    *lastIn = v;
    *lastOut = (swizzle(v) & ~translucent) | (s & translucent);
    return *lastOut;
}

/* The whole conversion, inlined into each build of it below. */
INLINE void straighten(const uint32_t *src, uint32_t *dst, size_t count) {
    u32x4 lastIn = {0, 0, 0, 0}, lastOut = {0, 0, 0, 0};  /* transparent straightens to transparent */
    size_t i = 0;
    /* Sixteen pixels a step; a run all opaque or all transparent (most of a frame) is only swizzled. */
    for (; i + 16 <= count; i += 16) {
        u32x4 v0, v1, v2, v3;
        memcpy(&v0, src + i, sizeof v0);
        memcpy(&v1, src + i + 4, sizeof v1);
        memcpy(&v2, src + i + 8, sizeof v2);
        memcpy(&v3, src + i + 12, sizeof v3);
        u32x4 all = v0 & v1 & v2 & v3, some = v0 | v1 | v2 | v3;
        if (any((all | 0x00FFFFFFu) != 0xFFFFFFFFu) && any(some >> 24)) {
            v0 = straighten4(v0, &lastIn, &lastOut); v1 = straighten4(v1, &lastIn, &lastOut);
            v2 = straighten4(v2, &lastIn, &lastOut); v3 = straighten4(v3, &lastIn, &lastOut);
        } else {
            v0 = swizzle(v0); v1 = swizzle(v1); v2 = swizzle(v2); v3 = swizzle(v3);
        }
        memcpy(dst + i, &v0, sizeof v0);
        memcpy(dst + i + 4, &v1, sizeof v1);
        memcpy(dst + i + 8, &v2, sizeof v2);
        memcpy(dst + i + 12, &v3, sizeof v3);
    }
    for (; i + 4 <= count; i += 4) {
        u32x4 v;
        memcpy(&v, src + i, sizeof v);
        v = straighten4(v, &lastIn, &lastOut);
        memcpy(dst + i, &v, sizeof v);
    }
    if (i < count) {
        /* The tail, through one block with the missing pixels transparent. */
        u32x4 v = {0, 0, 0, 0};
        memcpy(&v, src + i, (count - i) * sizeof *src);
        v = straighten4(v, &lastIn, &lastOut);
        memcpy(dst + i, &v, (count - i) * sizeof *dst);
    }
}

#if defined(__x86_64__) || defined(__i386__)
/* x86-64's baseline (SSE2) has no byte shuffle; SSSE3's (every x86-64 CPU since about 2011) swizzles
   four pixels in one instruction. Chosen at run time, so the binary still runs on a baseline CPU. */
__attribute__((target("ssse3"))) static void straighten_ssse3(const uint32_t *src, uint32_t *dst, size_t count) {
    straighten(src, dst, count);
}

void cpixels_straighten(const uint32_t *src, uint32_t *dst, size_t count) {
    if (__builtin_cpu_supports("ssse3")) straighten_ssse3(src, dst, count);
    else straighten(src, dst, count);
}
#else
void cpixels_straighten(const uint32_t *src, uint32_t *dst, size_t count) { straighten(src, dst, count); }
#endif

size_t cpixels_skippable(const uint32_t *row, const uint32_t *other, size_t count, const uint32_t *skip) {
    /* Without a word to skip, none matches it: compare against a word of the row itself, masked out. */
    uint32_t value = skip ? *skip : 0;
    u32x4 s = {value, value, value, value}, useSkip = (u32x4){0, 0, 0, 0} - (uint32_t)(skip != NULL);
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        u32x4 v, passable;
        memcpy(&v, row + i, sizeof v);
        passable = (u32x4)(v == s) & useSkip;
        if (other) {
            u32x4 o;
            memcpy(&o, other + i, sizeof o);
            passable |= (u32x4)(v == o);
        }
        if (any(~passable)) break;
    }
    for (; i < count; i++) {
        if (!((skip && row[i] == value) || (other && row[i] == other[i]))) return i;
    }
    return count;
}

enum { RUN = 0x80000000u, SHORTEST_RUN = 3 };

size_t cpixels_pack(const uint32_t *src, size_t count, uint32_t *dst) {
    size_t out = 0, i = 0, stretch = 0;  /* `stretch`: where the pending stretch of differing words starts */
    while (i < count) {
        size_t limit = count - i < RUN - 1 ? count - i : RUN - 1;
        /* A word not repeated twice more starts no run: said without a call (a glow or a gradient
           is such words end to end), as the call would (issue #56). */
        if (limit >= SHORTEST_RUN) {
            if (src[i + 1] != src[i]) { i += 1; continue; }
            if (src[i + 2] != src[i]) { i += 2; continue; }
        }
        size_t run = 1 + cpixels_skippable(src + i + 1, NULL, limit - 1, src + i);
        if (run < SHORTEST_RUN) { i += run; continue; }
        for (size_t s = stretch; s < i; s += RUN - 1) {  /* the stretch before the run */
            size_t n = i - s < RUN - 1 ? i - s : RUN - 1;
            dst[out++] = (uint32_t)n;
            memcpy(dst + out, src + s, n * sizeof *src);
            out += n;
        }
        dst[out++] = RUN | (uint32_t)run;
        dst[out++] = src[i];
        i += run;
        stretch = i;
    }
    for (size_t s = stretch; s < count; s += RUN - 1) {
        size_t n = count - s < RUN - 1 ? count - s : RUN - 1;
        dst[out++] = (uint32_t)n;
        memcpy(dst + out, src + s, n * sizeof *src);
        out += n;
    }
    return out;
}

/* `n` copies of `word`: a loop for a short run, doubling copies for a long one (a frame's flat
   background), which stay fast unoptimised too. */
static void fill_words(uint32_t *dst, uint32_t word, size_t n) {
    size_t done = n < 16 ? n : 16;
    for (size_t k = 0; k < done; k++) dst[k] = word;
    while (done < n) {
        size_t copy = done < n - done ? done : n - done;
        memcpy(dst + done, dst, copy * sizeof *dst);
        done += copy;
    }
}

void cpixels_unpack(const uint32_t *packed, size_t packedCount, uint32_t *dst, size_t count) {
    size_t at = 0;
    for (size_t i = 0; i < packedCount && at < count;) {
        uint32_t header = packed[i++];
        size_t n = header & ~RUN;
        if (n > count - at) n = count - at;
        if (header & RUN) {
            uint32_t word = packed[i++];
            fill_words(dst + at, word, n);
        } else {
            memcpy(dst + at, packed + i, n * sizeof *dst);
            i += header & ~RUN;
        }
        at += n;
    }
}

void cpixels_blit_over(const uint8_t *src, size_t srcWidth, uint8_t *dst, size_t dstWidth, size_t cols, size_t rows) {
    uint32_t lastFront = 0, lastBack = 0, lastMixed = 0;
    int haveLast = 0;
    for (size_t y = 0; y < rows; y++) {
        const uint8_t *s = src + y * srcWidth * 4;
        uint8_t *d = dst + y * dstWidth * 4;
        for (size_t x = 0; x < cols;) {
            /* Runs: most of a render is opaque (one copy) or transparent (nothing to do). */
            size_t run = x;
            while (run < cols && s[run * 4 + 3] == 255) run++;
            if (run > x) {
                memcpy(d + x * 4, s + x * 4, (run - x) * 4);
                x = run;
                continue;
            }
            while (run < cols && s[run * 4 + 3] == 0) run++;
            if (run > x) {
                x = run;
                continue;
            }
            /* A flat translucent fill over a flat background repeats one mix: reuse it. */
            uint8_t *q = d + x * 4;
            uint32_t front, back;
            memcpy(&front, s + x * 4, 4);
            memcpy(&back, q, 4);
            if (!(haveLast && front == lastFront && back == lastBack)) {
                const uint8_t *p = s + x * 4;
                double a = (double)p[3] / 255;
                uint8_t out[4];
                for (int c = 0; c < 3; c++) {
                    /* Two statements: no fused multiply-add, so every build rounds alike. */
                    double mine = (double)p[c] * a;
                    double mixed = mine + (double)q[c] * (1 - a);
                    out[c] = (uint8_t)round(mixed);
                }
                out[3] = 255;
                memcpy(&lastMixed, out, 4);
                lastFront = front;
                lastBack = back;
                haveLast = 1;
            }
            memcpy(q, &lastMixed, 4);
            x++;
        }
    }
}
