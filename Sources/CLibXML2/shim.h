#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU, whose headers clash with the toolchain's own ICU module. Nothing
   here uses libxml2's ICU converters (only pointers to them sit in the structs Swift reads). */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* libxml2 prints some errors (an unknown encoding, iconv failures) through its "generic" error
   function, which XML_PARSE_NOERROR does not silence: they went to stderr as raw lines before
   evidence's own one-line error. These collect them into a buffer the caller owns instead (the
   handler is per thread in libxml2, so each parse installs it on its own thread). */
enum { CXML_MESSAGE_SIZE = 512 };

static void cxml_collect(void *buffer, const char *format, ...) {
    char *out = (char *)buffer;
    if (!out) return;
    size_t used = strlen(out);
    if (used + 1 >= CXML_MESSAGE_SIZE) return;
    va_list args;
    va_start(args, format);
    vsnprintf(out + used, CXML_MESSAGE_SIZE - used, format, args);
    va_end(args);
}

/* Collects generic errors into `buffer` (CXML_MESSAGE_SIZE bytes) until the next call; with NULL,
   drops them (never libxml2's default, which prints). */
static inline void cxml_capture_generic_errors(char *buffer) {
    if (buffer) buffer[0] = 0;
    xmlSetGenericErrorFunc(buffer, cxml_collect);
}
