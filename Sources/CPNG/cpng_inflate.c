#include "cpng.h"
#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

/* Goldens decoded through libdeflate (issue #56): a cold verify decodes every golden once, and
   zlib's inflate was most of that. Only the plain shapes the goldens' encoder writes (and older
   libpng encoders wrote) are read here — 8-bit, not interlaced, chunks IHDR, PLTE, tRNS, IDAT, IEND
   in that order, the zlib stream filling the IDAT data exactly with its Adler-32 right, every row
   filter and palette index valid; anything else returns 0 and libpng decodes the file, so what
   this accepts is a subset of what libpng accepts, read to the same pixels (GoldenDecodeTests
   compares the two on every golden and on random images of every filter and colour type). The
   chunk walk (lengths, CRCs, IHDR limits) was done by the Swift side before either sees a byte. */

static uint32_t cpng_get32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static int cpng_type_is(const uint8_t *p, const char type[4]) { return memcmp(p, type, 4) == 0; }

static uint8_t cpng_paeth(uint8_t a, uint8_t b, uint8_t c) {
    int p = (int)a + (int)b - (int)c;
    int pa = abs(p - (int)a), pb = abs(p - (int)b), pc = abs(p - (int)c);
    if (pa <= pb && pa <= pc) return a;
    return pb <= pc ? b : c;
}

/* Undoes row filter `filter` in place (`prior` is the previous row, unfiltered, or zeros). */
static int cpng_unfilter(uint8_t *row, const uint8_t *prior, size_t length, size_t bpp, uint8_t filter) {
    size_t i;
    switch (filter) {
    case 0: return 1;
    case 1: for (i = bpp; i < length; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]); return 1;
    case 2: for (i = 0; i < length; i++) row[i] = (uint8_t)(row[i] + prior[i]); return 1;
    case 3:
        for (i = 0; i < bpp; i++) row[i] = (uint8_t)(row[i] + (prior[i] >> 1));
        for (; i < length; i++) row[i] = (uint8_t)(row[i] + (((unsigned)row[i - bpp] + prior[i]) >> 1));
        return 1;
    case 4:
        for (i = 0; i < bpp; i++) row[i] = (uint8_t)(row[i] + prior[i]);
        for (; i < length; i++) row[i] = (uint8_t)(row[i] + cpng_paeth(row[i - bpp], prior[i], prior[i - bpp]));
        return 1;
    default: return 0;
    }
}

int cpng_decode_rgba8_deflate(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                              uint8_t *rgba, size_t *bytes_read) {
    *bytes_read = 0;
    if (size < 8 + 25) return 0;
    const uint8_t *ihdr = data + 8 + 8;
    if (!cpng_type_is(data + 12, "IHDR") || cpng_get32(data + 8) != 13) return 0;
    if (cpng_get32(ihdr) != width || cpng_get32(ihdr + 4) != height) return 0;
    const uint8_t depth = ihdr[8], colour = ihdr[9];
    if (depth != 8 || ihdr[10] != 0 || ihdr[11] != 0 || ihdr[12] != 0) return 0;
    size_t bpp;
    switch (colour) {
    case 0: bpp = 1; break;  /* grey */
    case 2: bpp = 3; break;  /* RGB */
    case 3: bpp = 1; break;  /* palette */
    case 4: bpp = 2; break;  /* grey + alpha */
    case 6: bpp = 4; break;  /* RGBA */
    default: return 0;
    }

    /* The chunks: IHDR, PLTE (palette only), tRNS (palette, grey or RGB), then IDAT chunks one
       after another, then IEND. */
    uint8_t palette[256 * 4];
    size_t entries = 0;
    int has_plte = 0, has_trns = 0;
    uint16_t trns[3] = { 0, 0, 0 };
    const uint8_t *first_idat = NULL;
    size_t idat_total = 0, idat_chunks = 0, at = 8 + 25, idat_end = 0;
    int idat_done = 0;
    while (1) {
        if (size - at < 12) return 0;
        const size_t length = cpng_get32(data + at);
        const uint8_t *type = data + at + 4, *body = data + at + 8;
        if (size - at - 12 < length) return 0;
        if (cpng_type_is(type, "IDAT")) {
            if (idat_done) return 0;
            if (!first_idat) first_idat = data + at;
            idat_total += length;
            idat_chunks++;
            idat_end = at + 12 + length;
        } else {
            if (first_idat) idat_done = 1;
            if (cpng_type_is(type, "IEND")) break;
            if (cpng_type_is(type, "PLTE")) {
                if (colour != 3 || has_plte || first_idat || length == 0 || length % 3 || length / 3 > 256) return 0;
                entries = length / 3;
                for (size_t e = 0; e < entries; e++) {
                    palette[4 * e] = body[3 * e]; palette[4 * e + 1] = body[3 * e + 1]; palette[4 * e + 2] = body[3 * e + 2];
                    palette[4 * e + 3] = 0xFF;
                }
                has_plte = 1;
            } else if (cpng_type_is(type, "tRNS")) {
                if (has_trns || first_idat) return 0;
                if (colour == 3) {
                    if (!has_plte || length == 0 || length > entries) return 0;
                    for (size_t e = 0; e < length; e++) palette[4 * e + 3] = body[e];
                } else if (colour == 0 && length == 2) {
                    trns[0] = (uint16_t)(body[0] << 8 | body[1]);
                } else if (colour == 2 && length == 6) {
                    for (int c = 0; c < 3; c++) trns[c] = (uint16_t)(body[2 * c] << 8 | body[2 * c + 1]);
                } else {
                    return 0;
                }
                if (trns[0] > 255 || trns[1] > 255 || trns[2] > 255) return 0;
                has_trns = 1;
            } else {
                return 0;
            }
        }
        at += 12 + length;
    }
    if (!first_idat || (colour == 3 && !has_plte)) return 0;

    /* The zlib stream: in place when one chunk holds it, else joined. */
    const size_t stride = (size_t)width * bpp, filtered_size = (stride + 1) * (size_t)height;
    uint8_t *joined = NULL;
    const uint8_t *stream = first_idat + 8;
    if (idat_chunks > 1) {
        joined = (uint8_t *)malloc(idat_total ? idat_total : 1);
        if (!joined) return 0;
        size_t filled = 0;
        for (size_t c = 0, p = (size_t)(first_idat - data); c < idat_chunks; c++) {
            const size_t length = cpng_get32(data + p);
            memcpy(joined + filled, data + p + 8, length);
            filled += length;
            p += 12 + length;
        }
        stream = joined;
    }
    uint8_t *filtered = (uint8_t *)malloc(filtered_size);
    struct libdeflate_decompressor *inflater = libdeflate_alloc_decompressor();
    size_t in_used = 0, out_made = 0;
    int ok = filtered && inflater
        && libdeflate_zlib_decompress_ex(inflater, stream, idat_total, filtered, filtered_size, &in_used, &out_made) == LIBDEFLATE_SUCCESS
        && in_used == idat_total && out_made == filtered_size;
    if (inflater) libdeflate_free_decompressor(inflater);
    free(joined);

    /* Rows unfiltered in place, each converted to RGBA as libpng's transforms do (cpng.c: palette
       to RGB, tRNS to alpha, grey to RGB, an opaque alpha added where there is none). */
    static const uint8_t zeros[256 * 4 * 4];
    uint8_t *prior_zeros = NULL;
    const uint8_t *prior = zeros;
    if (ok && stride > sizeof zeros) {
        prior_zeros = (uint8_t *)calloc(stride, 1);
        ok = prior_zeros != NULL;
        prior = prior_zeros;
    }
    for (uint32_t y = 0; ok && y < height; y++) {
        uint8_t *row = filtered + (size_t)y * (stride + 1) + 1;
        if (!cpng_unfilter(row, prior, stride, bpp, row[-1])) { ok = 0; break; }
        prior = row;
        uint8_t *out = rgba + (size_t)y * width * 4;
        switch (colour) {
        case 0:
            for (uint32_t x = 0; x < width; x++) {
                const uint8_t g = row[x];
                out[4 * x] = out[4 * x + 1] = out[4 * x + 2] = g;
                out[4 * x + 3] = has_trns && g == trns[0] ? 0 : 0xFF;
            }
            break;
        case 2:
            for (uint32_t x = 0; x < width; x++) {
                const uint8_t r = row[3 * x], g = row[3 * x + 1], b = row[3 * x + 2];
                out[4 * x] = r; out[4 * x + 1] = g; out[4 * x + 2] = b;
                out[4 * x + 3] = has_trns && r == trns[0] && g == trns[1] && b == trns[2] ? 0 : 0xFF;
            }
            break;
        case 3:
            for (uint32_t x = 0; x < width; x++) {
                if (row[x] >= entries) { ok = 0; break; }
                memcpy(out + 4 * x, palette + 4 * (size_t)row[x], 4);
            }
            break;
        case 4:
            for (uint32_t x = 0; x < width; x++) {
                out[4 * x] = out[4 * x + 1] = out[4 * x + 2] = row[2 * x];
                out[4 * x + 3] = row[2 * x + 1];
            }
            break;
        default:
            memcpy(out, row, stride);
            break;
        }
    }
    free(prior_zeros);
    free(filtered);
    if (ok) *bytes_read = idat_end;
    return ok;
}
