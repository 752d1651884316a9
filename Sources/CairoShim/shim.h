#ifndef EVIDENCE_CAIRO_SHIM_H
#define EVIDENCE_CAIRO_SHIM_H
/* The C libraries evidence draws and checks with, all from Debian's -dev packages:
   libcairo2-dev, libfreetype-dev, libharfbuzz-dev, libpng-dev, libxxhash-dev. */
#include <cairo/cairo.h>
#include <cairo/cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ft.h>
#include <png.h>
#include <zlib.h>
#include <xxhash.h>
#if defined(__x86_64__) || defined(__i386__)
/* libxxhash's run-time dispatch: the same XXH3 with the widest vector unit the CPU has. */
#include <xxh_x86dispatch.h>
#endif
#endif
