#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU, whose headers clash with the toolchain's own ICU module. Nothing
   here uses libxml2's ICU converters (only pointers to them sit in the structs Swift reads). */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
