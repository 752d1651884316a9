#include "cpng.h"
#include <png.h>
#include <zlib.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>

/* Error plumbing: libpng calls on_error with a message, which we keep (one line, truncated)
   and then longjmp back to the setjmp in the calling function. Warnings are dropped silently:
   nothing from libpng ever reaches stdout/stderr. */
typedef struct {
    char *message;
} cpng_errors;

static void cpng_set_message(char *dst, const char *prefix, const char *text) {
    size_t n = 0;
    dst[0] = 0;
    if (prefix) {
        while (*prefix && n + 1 < CPNG_MESSAGE_SIZE) dst[n++] = *prefix++;
    }
    if (text) {
        while (*text && n + 1 < CPNG_MESSAGE_SIZE) {
            char c = *text++;
            dst[n++] = (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
        }
    }
    dst[n] = 0;
}

static void cpng_on_error(png_structp png, png_const_charp text) {
    cpng_errors *errors = (cpng_errors *)png_get_error_ptr(png);
    if (errors && errors->message) cpng_set_message(errors->message, "libpng: ", text);
    png_longjmp(png, 1);
}

static void cpng_on_warning(png_structp png, png_const_charp text) {
    (void)png; (void)text;
}

/* ---- encoding ---------------------------------------------------------------------------- */

typedef struct {
    uint8_t *bytes;
    size_t size;
    size_t capacity;
} cpng_buffer;

static void cpng_write(png_structp png, png_bytep data, size_t length) {
    cpng_buffer *buffer = (cpng_buffer *)png_get_io_ptr(png);
    if (buffer->size + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 65536;
        while (capacity < buffer->size + length) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(buffer->bytes, capacity);
        if (!grown) png_error(png, "out of memory while writing PNG");
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->size, data, length);
    buffer->size += length;
}

static void cpng_flush(png_structp png) { (void)png; }

/* ---- streaming encoder ------------------------------------------------------------------ */

struct cpng_stream {
    png_structp png;
    png_infop info;
    cpng_buffer buffer;
    int fd;  /* >= 0: bytes go straight to this file instead of `buffer` */
    cpng_errors errors;
    uint32_t width, height, written;
};

void cpng_stream_abort(cpng_stream *s) {
    if (!s) return;
    png_destroy_write_struct(&s->png, &s->info);
    free(s->buffer.bytes);
    free(s);
}

static void cpng_fd_write(png_structp png, png_bytep data, size_t length) {
    cpng_stream *s = (cpng_stream *)png_get_io_ptr(png);
    while (length > 0) {
        ssize_t n = write(s->fd, data, length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) png_error(png, "cannot write the file (disk full?)");
        data += n;
        length -= (size_t)n;
    }
}

cpng_stream *cpng_stream_begin(int fd, uint32_t width, uint32_t height, int filter, int zlib_level, int zlib_strategy,
                               char message[CPNG_MESSAGE_SIZE]) {
    message[0] = 0;
    if (width == 0 || height == 0) { cpng_set_message(message, "cannot encode an empty image", NULL); return NULL; }
    cpng_stream *s = (cpng_stream *)calloc(1, sizeof(cpng_stream));
    if (!s) { cpng_set_message(message, "out of memory", NULL); return NULL; }
    s->errors.message = message;
    s->width = width; s->height = height;
    s->fd = fd;
    s->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &s->errors, cpng_on_error, cpng_on_warning);
    if (!s->png) { free(s); cpng_set_message(message, "libpng: cannot create write struct", NULL); return NULL; }
    s->info = png_create_info_struct(s->png);
    if (!s->info) { cpng_stream_abort(s); cpng_set_message(message, "libpng: cannot create info struct", NULL); return NULL; }
    if (setjmp(png_jmpbuf(s->png))) { cpng_stream_abort(s); return NULL; }
    if (fd >= 0) png_set_write_fn(s->png, s, cpng_fd_write, cpng_flush);
    else png_set_write_fn(s->png, &s->buffer, cpng_write, cpng_flush);
    png_set_IHDR(s->png, s->info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(s->png, PNG_FILTER_TYPE_BASE, filter);
    png_set_compression_level(s->png, zlib_level);
    png_set_compression_strategy(s->png, zlib_strategy);
    png_set_compression_mem_level(s->png, 8);
    png_set_compression_window_bits(s->png, 15);
    png_write_info(s->png, s->info);
    return s;
}

int cpng_stream_rows(cpng_stream *s, const uint8_t *rgba, uint32_t rows, char message[CPNG_MESSAGE_SIZE]) {
    message[0] = 0;
    s->errors.message = message;
    if (rows > s->height - s->written) { cpng_set_message(message, "more rows than the image height", NULL); return -1; }
    if (setjmp(png_jmpbuf(s->png))) return -1;
    const size_t stride = (size_t)s->width * 4;
    for (uint32_t y = 0; y < rows; y++) png_write_row(s->png, (png_const_bytep)(rgba + stride * y));
    s->written += rows;
    return 0;
}

int cpng_stream_finish(cpng_stream *s, uint8_t **out, size_t *out_size, char message[CPNG_MESSAGE_SIZE]) {
    message[0] = 0;
    s->errors.message = message;
    *out = NULL; *out_size = 0;
    if (s->written != s->height) { cpng_set_message(message, "fewer rows than the image height", NULL); return -1; }
    if (setjmp(png_jmpbuf(s->png))) return -1;
    png_write_end(s->png, NULL);
    png_destroy_write_struct(&s->png, &s->info);
    *out = s->buffer.bytes;
    *out_size = s->buffer.size;
    free(s);
    return 0;
}

/* ---- decoding ---------------------------------------------------------------------------- */

/* Decoding runs libpng's progressive reader: the bytes are handed over in small pieces and the
   feeding stops at the last row, so the work is bounded by the rows IHDR declares. The sequential
   reader's last png_read_row inflated the whole rest of the IDAT stream (png_read_finish_IDAT): a
   1x1 golden padded with a gigabyte of deflated zeros took minutes. Nothing after the last row is
   read: the chunks after the image data were checked by the Swift side's chunk walk (lengths,
   CRCs, IEND). */
enum { CPNG_FEED_PIECE = 8192, CPNG_ROWS_COMPLETE = 2 };

typedef struct {
    uint8_t *rgba;
    uint32_t width, height;
    int last_pass;      /* 6 with Adam7 (libpng walks every pass when it expands them), else 0 */
    int done;           /* the last row of the last pass has been handed over */
} cpng_decoding;

static void cpng_on_info(png_structp png, png_infop info) {
    cpng_decoding *d = (cpng_decoding *)png_get_progressive_ptr(png);
    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    if (width != d->width || height != d->height) {
        png_error(png, "IHDR size disagrees with the chunk walk");
    }
    /* Everything to 8-bit RGBA, straight alpha. No gamma or colour-space conversion: the stored
       sample values are the pixels. */
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (bit_depth == 16) png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    }
    d->last_pass = png_set_interlace_handling(png) - 1;
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) {
        png_error(png, "unexpected row size after conversion to RGBA");
    }
}

/* With interlace handling libpng calls this for every row of every pass (new_row NULL where the
   pass adds nothing); png_progressive_combine_row merges a pass's pixels into the row so far. */
static void cpng_on_row(png_structp png, png_bytep new_row, png_uint_32 row, int pass) {
    cpng_decoding *d = (cpng_decoding *)png_get_progressive_ptr(png);
    if (row >= d->height) png_error(png, "row beyond the image");
    png_progressive_combine_row(png, d->rgba + (size_t)d->width * 4 * row, new_row);
    if (pass == d->last_pass && row == d->height - 1) {
        /* Leave libpng at once: returning would let png_process_data go on through the rest of
           the piece (inflating, reading the chunks after the image). png_process_data_pause cannot
           be used from here: png_push_read_IDAT subtracts from the size it zeroes. */
        d->done = 1;
        png_longjmp(png, CPNG_ROWS_COMPLETE);
    }
}

int cpng_decode_rgba8(const uint8_t *data, size_t size,
                      uint32_t expected_width, uint32_t expected_height,
                      uint8_t *rgba, size_t *bytes_fed,
                      char message[CPNG_MESSAGE_SIZE]) {
    cpng_errors errors = { message };
    message[0] = 0;
    *bytes_fed = 0;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &errors, cpng_on_error, cpng_on_warning);
    if (!png) { cpng_set_message(message, "libpng: cannot create read struct", NULL); return -1; }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        cpng_set_message(message, "libpng: cannot create info struct", NULL);
        return -1;
    }
    /* Interlaced rows are combined into what the earlier passes left: start from zeros. */
    memset(rgba, 0, (size_t)expected_width * expected_height * 4);
    cpng_decoding decoding = { rgba, expected_width, expected_height, 0, 0 };
    /* volatile: read after a longjmp back here. */
    volatile size_t fed = 0;
    volatile cpng_decoding *progress = &decoding;
    /* A switch is one of the places C lets setjmp's value be read. */
    switch (setjmp(png_jmpbuf(png))) {
    case 0:
        break;
    case CPNG_ROWS_COMPLETE:
        *bytes_fed = fed;
        png_destroy_read_struct(&png, &info, NULL);
        return progress->done ? 0 : -1;
    default:
        *bytes_fed = fed;
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    png_set_progressive_read_fn(png, &decoding, cpng_on_info, cpng_on_row, NULL);
    /* A bad CRC is an error in every chunk, critical or ancillary: a golden must be intact. */
    png_set_crc_action(png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
    /* Second line of defence against decompression bombs (the Swift side checks IHDR first). */
    png_set_user_limits(png, expected_width, expected_height);
    png_set_chunk_malloc_max(png, 8u * 1024u * 1024u);
    while (fed < size) {
        size_t piece = size - fed < CPNG_FEED_PIECE ? size - fed : CPNG_FEED_PIECE;
        size_t at = fed;
        fed = at + piece;
        png_process_data(png, info, (png_bytep)(data + at), piece);
    }
    /* Every byte was handed over and the last row never came. */
    png_error(png, "file is truncated: the image data ends before the last row");
    return -1;
}

void cpng_free(void *pointer) { free(pointer); }

uint32_t cpng_crc32(uint32_t crc, const uint8_t *data, size_t size) {
    /* zlib takes uInt lengths; feed large inputs in pieces. */
    uLong c = crc;
    while (size > 0) {
        uInt n = size > 0x40000000u ? 0x40000000u : (uInt)size;
        c = crc32(c, data, n);
        data += n;
        size -= n;
    }
    return (uint32_t)c;
}

const char *cpng_libpng_version(void) { return png_get_libpng_ver(NULL); }
const char *cpng_zlib_version(void) { return zlibVersion(); }
