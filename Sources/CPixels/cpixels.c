#include "cpixels.h"
#include <string.h>

/* Four pixels at a time in the compiler's portable vector types (clang and GCC): one SSE2 / NEON
   register, so the conversion is vectorised on every target whatever the optimisation level. */
typedef uint32_t u32x4 __attribute__((vector_size(16)));
typedef int32_t i32x4 __attribute__((vector_size(16)));
typedef float f32x4 __attribute__((vector_size(16)));

/* min(255, (c × 255 + a / 2) / a) for 0 < a < 255, by multiplying with 1/a. The dividend (< 2^24)
   is exact in single precision and the product is within 3e-5 of the true quotient (two roundings
   of a value below 256). A quotient that is not whole lies at least 1/a ≥ 1/254 below the next
   whole number, so adding 1/1024 lifts a whole quotient that came out a hair low without carrying
   any other across: truncation then gives the integer quotient (CanvasTests checks every alpha and
   channel). */
static inline u32x4 divide(u32x4 c, u32x4 half, f32x4 reciprocal) {
    f32x4 dividend = __builtin_convertvector((i32x4)(c * 255u + half), f32x4);
    u32x4 q = (u32x4)__builtin_convertvector(dividend * reciprocal + (1.0f / 1024), i32x4);
    u32x4 over = (u32x4)(q > 255u);
    return (q & ~over) | (255u & over);
}

static inline u32x4 straighten4(u32x4 v) {
    u32x4 a = v >> 24;
    /* A transparent premultiplied word is 0 and an opaque one needs only the byte swap (ARGB → ABGR). */
    u32x4 out = (v & 0xFF00FF00u) | ((v >> 16) & 0xFFu) | ((v & 0xFFu) << 16);
    /* Alpha + 1 (mod 256) is 0 for opaque, 1 for transparent, above 1 for anything between. */
    u32x4 translucent = (u32x4)((((a + 1u) & 0xFFu) >> 1) != 0u);
    uint64_t lanes[2];
    memcpy(lanes, &translucent, sizeof lanes);
    if (!(lanes[0] | lanes[1])) return out;
    u32x4 zero = (u32x4)(a == 0u);
    f32x4 reciprocal = 1.0f / __builtin_convertvector((i32x4)(a | (zero & 1u)), f32x4);
    u32x4 half = a >> 1;
    u32x4 s = divide((v >> 16) & 0xFFu, half, reciprocal) | divide((v >> 8) & 0xFFu, half, reciprocal) << 8
            | divide(v & 0xFFu, half, reciprocal) << 16 | a << 24;
    return (out & ~translucent) | (s & translucent);
}

void cpixels_straighten(const uint32_t *src, uint32_t *dst, size_t count) {
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        u32x4 v;
        memcpy(&v, src + i, sizeof v);
        v = straighten4(v);
        memcpy(dst + i, &v, sizeof v);
    }
    if (i < count) {
        /* The tail, through one block with the missing pixels transparent. */
        u32x4 v = {0, 0, 0, 0};
        memcpy(&v, src + i, (count - i) * sizeof *src);
        v = straighten4(v);
        memcpy(dst + i, &v, (count - i) * sizeof *dst);
    }
}
