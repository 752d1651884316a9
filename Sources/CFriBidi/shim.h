#ifndef EVIDENCE_FRIBIDI_SHIM_H
#define EVIDENCE_FRIBIDI_SHIM_H
/* GNU FriBidi (Debian's libfribidi-dev): the Unicode bidirectional algorithm, never hand-written.
   Its paragraph-type constants are macros Swift cannot import; these inline functions name them. */
#include <fribidi/fribidi.h>

static inline FriBidiParType evidence_fribidi_par_first_strong(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType evidence_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType evidence_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline int evidence_fribidi_is_rtl(FriBidiParType t) { return FRIBIDI_IS_RTL(t) ? 1 : 0; }
#endif
