#ifndef EVIDENCE_CPNG_H
#define EVIDENCE_CPNG_H
/* A thin C layer over libpng for evidence's image codec. It exists only because libpng reports
   errors by longjmp, which Swift cannot catch: every libpng call here runs under setjmp, and
   errors/warnings go to handlers that record a message instead of printing or aborting.
   The goldens are written through libdeflate instead (cpng_deflate.c); libpng decodes them.
   The header deliberately exposes only plain C types (no png.h, no libdeflate.h) to Swift. */
#include <stddef.h>
#include <stdint.h>

#define CPNG_MESSAGE_SIZE 256

/* The goldens' encoder (issue #56): the whole image through libdeflate, every row filtered None,
   in the smallest colour type the pixels allow without losing a bit — grey (every pixel opaque and
   r = g = b), else an 8-bit palette (at most 256 distinct RGBA values, in order of first
   appearance, tRNS up to the last translucent entry), else grey + alpha, RGB or RGBA. No ancillary
   chunks. The level (1-12) is `dark_level` where the opaque pixels' mean (r + g + b) / 3 is below
   128 (or no pixel is opaque), else `light_level`. Same pixels, levels and libdeflate version →
   same bytes. Returns 0 and sets *out (free with cpng_free) and *out_size, or -1 with a one-line
   reason in message. */
int cpng_encode_golden(const uint8_t *rgba, uint32_t width, uint32_t height, int light_level, int dark_level,
                       uint8_t **out, size_t *out_size, char message[CPNG_MESSAGE_SIZE]);

/* Decodes a whole in-memory PNG of any colour type / bit depth into 8-bit RGBA (straight alpha)
   written to `rgba`, which must hold expected_width * expected_height * 4 bytes. The caller has
   already validated the chunk structure and IHDR; libpng's IHDR must agree with the expected size
   or decoding fails before any row is read. CRC errors in any chunk are fatal; truncation is fatal.
   Reading stops at the last row: *bytes_fed says how much of `data` libpng was given (the work is
   bounded by the declared rows, not by the length of the IDAT stream).
   Returns 0 on success, -1 on failure with a one-line reason in message. */
int cpng_decode_rgba8(const uint8_t *data, size_t size,
                      uint32_t expected_width, uint32_t expected_height,
                      uint8_t *rgba, size_t *bytes_fed,
                      char message[CPNG_MESSAGE_SIZE]);

/* cpng_decode_rgba8's result through libdeflate, for the plain PNGs the goldens are (8-bit, not
   interlaced, IHDR [PLTE] [tRNS] IDAT… IEND, a zlib stream exactly filling the IDAT data): returns 1
   with the pixels in `rgba` and *bytes_read the end of the image data, or 0 for any other file
   (`rgba` then holds nothing meaningful: decode it with cpng_decode_rgba8). Never an error of its
   own: what it reads, libpng reads to the same pixels. */
int cpng_decode_rgba8_deflate(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                              uint8_t *rgba, size_t *bytes_read);

/* Row-streaming encoder through libpng and zlib: 8-bit RGBA, no ancillary chunks, a fixed row
   filter (`filter` is a PNG_FILTER_* mask) and a fixed zlib level/strategy, so a large image (a
   contact sheet) is never held whole: begin, hand rows in any number of calls, then finish (or abort).
   Every call returns -1 / NULL on failure with a one-line reason in message; after a failure only
   cpng_stream_abort may be called. With fd >= 0 the bytes are written to that open file as they
   are made (the caller keeps and closes it) and finish hands back no bytes; with fd = -1 they
   are collected in memory. */
typedef struct cpng_stream cpng_stream;
cpng_stream *cpng_stream_begin(int fd, uint32_t width, uint32_t height, int filter, int zlib_level, int zlib_strategy,
                               char message[CPNG_MESSAGE_SIZE]);
int cpng_stream_rows(cpng_stream *stream, const uint8_t *rgba, uint32_t rows, char message[CPNG_MESSAGE_SIZE]);
/* Ends the image; on success sets *out (free with cpng_free) and *out_size and frees the stream. */
int cpng_stream_finish(cpng_stream *stream, uint8_t **out, size_t *out_size, char message[CPNG_MESSAGE_SIZE]);
void cpng_stream_abort(cpng_stream *stream);

void cpng_free(void *pointer);

/* zlib's crc32, for the chunk walk done before libpng sees the file. */
uint32_t cpng_crc32(uint32_t crc, const uint8_t *data, size_t size);

/* Versions of the libraries that decide the encoded bytes. */
const char *cpng_libpng_version(void);
const char *cpng_zlib_version(void);
/* The libdeflate the goldens' encoder was built against (libdeflate has no run-time version call;
   Debian's libdeflate-dev requires the libdeflate0 of the same version). */
const char *cpng_libdeflate_version(void);

/* Filter masks re-exported for Swift (same values as png.h). */
enum {
    CPNG_FILTER_NONE = 0x08,
    CPNG_FILTER_SUB = 0x10,
    CPNG_FILTER_UP = 0x20,
    CPNG_FILTER_AVG = 0x40,
    CPNG_FILTER_PAETH = 0x80,
    CPNG_FILTER_ALL = 0xF8
};
enum {
    CPNG_Z_DEFAULT_STRATEGY = 0,
    CPNG_Z_FILTERED = 1,
    CPNG_Z_RLE = 3
};
#endif
