#include "cpng.h"
#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

/* The golden encoder: whole-image PNG through libdeflate (issue #56). libpng is not used to write:
   the file is three or five chunks assembled here, so nothing but the pixels, the colour type
   chosen from them and libdeflate's version decides the bytes. */

enum { CPNG_IDAT_MAX = 1 << 20 };  /* bytes of compressed data per IDAT chunk */

static void cpng_put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

/* Appends one chunk (length, type, data, CRC over type and data) at *at. */
static void cpng_chunk(uint8_t *out, size_t *at, const char type[4], const uint8_t *data, uint32_t length) {
    uint8_t *p = out + *at;
    cpng_put32(p, length);
    memcpy(p + 4, type, 4);
    if (length) memcpy(p + 8, data, length);
    cpng_put32(p + 8 + length, (uint32_t)libdeflate_crc32(0, p + 4, (size_t)length + 4));
    *at += (size_t)length + 12;
}

static void cpng_message(char message[CPNG_MESSAGE_SIZE], const char *text) {
    strncpy(message, text, CPNG_MESSAGE_SIZE - 1);
    message[CPNG_MESSAGE_SIZE - 1] = 0;
}

/* What the pixels allow: every alpha 255 (no alpha channel needed), every pixel grey (r = g = b),
   and up to 256 distinct colours (a palette), found in one pass. The palette is in order of first
   appearance (row-major), so it is a function of the pixels alone. */
typedef struct {
    int opaque, grey;
    int dark;                       /* the opaque pixels' mean of (r + g + b) / 3 is below 128 (or none is opaque) */
    uint32_t colours;               /* distinct RGBA words seen; 257 = more than a palette holds */
    uint32_t palette[256];
    uint32_t slot_word[1024];       /* open addressing: word → palette index + 1 (0 = empty) */
    uint16_t slot_index[1024];
} cpng_survey;

static uint32_t cpng_slot(uint32_t word) { return (word * 2654435761u) >> 22; }

static int cpng_palette_index(cpng_survey *s, uint32_t word) {
    uint32_t i = cpng_slot(word);
    while (s->slot_index[i]) {
        if (s->slot_word[i] == word) return s->slot_index[i] - 1;
        i = (i + 1) & 1023;
    }
    if (s->colours == 256) { s->colours = 257; return -1; }
    s->slot_word[i] = word;
    s->slot_index[i] = (uint16_t)(s->colours + 1);
    s->palette[s->colours] = word;
    return (int)s->colours++;
}

static void cpng_survey_pixels(cpng_survey *s, const uint8_t *rgba, size_t count) {
    memset(s, 0, sizeof *s);
    int opaque = 1, grey = 1;
    uint64_t light = 0, lit = 0;  /* r + g + b summed over the opaque pixels, and how many they are */
    for (size_t i = 0; i < count; i++) {
        const uint8_t *p = rgba + 4 * i;
        const uint32_t solid = p[3] == 255;
        opaque &= solid;
        grey &= (p[0] == p[1]) & (p[1] == p[2]);
        light += solid * ((uint32_t)p[0] + p[1] + p[2]);
        lit += solid;
    }
    s->opaque = opaque; s->grey = grey;
    s->dark = light < 3 * 128 * lit || lit == 0;
    for (size_t i = 0; i < count && s->colours <= 256; i++) {
        uint32_t word;
        memcpy(&word, rgba + 4 * i, 4);
        (void)cpng_palette_index(s, word);
    }
}

/* Grey and opaque: one byte a pixel with no PLTE. Else a palette where 256 colours hold every
   pixel, then only the channels the pixels need. */
static int cpng_colour_type(const cpng_survey *s) {
    return s->grey && s->opaque ? 0 : s->colours <= 256 ? 3 : s->grey ? 4 : s->opaque ? 2 : 6;
}

int cpng_encode_golden(const uint8_t *rgba, uint32_t width, uint32_t height, int light_level, int dark_level,
                       uint8_t **out, size_t *out_size, char message[CPNG_MESSAGE_SIZE]) {
    *out = NULL; *out_size = 0; message[0] = 0;
    if (width == 0 || height == 0) { cpng_message(message, "cannot encode an empty image"); return -1; }
    if (width > 0x7FFFFFFFu || height > 0x7FFFFFFFu) { cpng_message(message, "image too large for PNG"); return -1; }
    const size_t pixels = (size_t)width * height;
    cpng_survey *s = (cpng_survey *)malloc(sizeof(cpng_survey));
    if (!s) { cpng_message(message, "out of memory"); return -1; }
    cpng_survey_pixels(s, rgba, pixels);
    const int type = cpng_colour_type(s);
    const size_t bpp = type == 0 || type == 3 ? 1 : type == 4 ? 2 : type == 2 ? 3 : 4;

    /* The image data: each row is filter type 0 (None) then its samples. */
    const size_t row = 1 + (size_t)width * bpp;
    uint8_t *raw = (uint8_t *)malloc(row * height);
    if (!raw) { free(s); cpng_message(message, "out of memory"); return -1; }
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *d = raw + row * y;
        const uint8_t *p = rgba + (size_t)width * 4 * y;
        *d++ = 0;
        switch (type) {
        case 0: for (uint32_t x = 0; x < width; x++) d[x] = p[4 * x]; break;
        case 4: for (uint32_t x = 0; x < width; x++) { d[2 * x] = p[4 * x]; d[2 * x + 1] = p[4 * x + 3]; } break;
        case 2: for (uint32_t x = 0; x < width; x++) { d[3 * x] = p[4 * x]; d[3 * x + 1] = p[4 * x + 1]; d[3 * x + 2] = p[4 * x + 2]; } break;
        case 6: memcpy(d, p, (size_t)width * 4); break;
        case 3:
            for (uint32_t x = 0; x < width; x++) {
                uint32_t word;
                memcpy(&word, p + 4 * x, 4);
                d[x] = (uint8_t)cpng_palette_index(s, word);
            }
            break;
        }
    }

    struct libdeflate_compressor *c = libdeflate_alloc_compressor(s->dark ? dark_level : light_level);
    if (!c) { free(raw); free(s); cpng_message(message, "libdeflate: cannot make a compressor at that level"); return -1; }
    const size_t bound = libdeflate_zlib_compress_bound(c, row * height);
    /* Signature, IHDR, PLTE + tRNS (at most 768 + 256 bytes and two chunk frames), the IDAT frames, IEND. */
    const size_t idats = bound / CPNG_IDAT_MAX + 1;
    const size_t capacity = 8 + 25 + (768 + 12) + (256 + 12) + bound + 12 * idats + 12;
    uint8_t *file = (uint8_t *)malloc(capacity);
    uint8_t *z = (uint8_t *)malloc(bound);
    if (!file || !z) {
        free(file); free(z); free(raw); free(s); libdeflate_free_compressor(c);
        cpng_message(message, "out of memory"); return -1;
    }
    const size_t zsize = libdeflate_zlib_compress(c, raw, row * height, z, bound);
    libdeflate_free_compressor(c);
    free(raw);
    if (zsize == 0) { free(file); free(z); free(s); cpng_message(message, "libdeflate: compression failed"); return -1; }

    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    size_t at = 0;
    memcpy(file, signature, 8); at = 8;
    uint8_t ihdr[13];
    cpng_put32(ihdr, width); cpng_put32(ihdr + 4, height);
    ihdr[8] = 8; ihdr[9] = (uint8_t)type; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
    cpng_chunk(file, &at, "IHDR", ihdr, 13);
    if (type == 3) {
        uint8_t plte[768], trns[256];
        uint32_t translucent = 0;  /* tRNS runs to the last entry that is not opaque */
        for (uint32_t i = 0; i < s->colours; i++) {
            const uint8_t *w = (const uint8_t *)&s->palette[i];
            plte[3 * i] = w[0]; plte[3 * i + 1] = w[1]; plte[3 * i + 2] = w[2];
            trns[i] = w[3];
            if (w[3] != 255) translucent = i + 1;
        }
        cpng_chunk(file, &at, "PLTE", plte, 3 * s->colours);
        if (translucent) cpng_chunk(file, &at, "tRNS", trns, translucent);
    }
    free(s);
    for (size_t done = 0; done < zsize; done += CPNG_IDAT_MAX) {
        const size_t n = zsize - done < CPNG_IDAT_MAX ? zsize - done : CPNG_IDAT_MAX;
        cpng_chunk(file, &at, "IDAT", z + done, (uint32_t)n);
    }
    free(z);
    cpng_chunk(file, &at, "IEND", NULL, 0);
    *out = file;
    *out_size = at;
    return 0;
}

const char *cpng_libdeflate_version(void) { return LIBDEFLATE_VERSION_STRING; }
