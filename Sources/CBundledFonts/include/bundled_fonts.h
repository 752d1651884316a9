#ifndef EVIDENCE_BUNDLED_FONTS_H
#define EVIDENCE_BUNDLED_FONTS_H
#include <stddef.h>

/// One of Fonts/' files, compiled into the binary (C23 #embed), so a copied or installed
/// evidence draws with the same bytes as the clone it was built from.
typedef struct {
    const char *name;
    const unsigned char *bytes;
    size_t count;
} evidence_bundled_font;

/// The bundled fonts in a fixed order: entry `i`, or NULL past the last.
const evidence_bundled_font *evidence_bundled_font_at(int i);

/// Tokens/' files the same way (bundled_tokens.c): `name` is the path below Tokens/, e.g.
/// "android/res/values/colors_widget.xml" — the colours evidence draws with outside any project.
const evidence_bundled_font *evidence_bundled_token_at(int i);

#endif
