// Fonts/ inside the binary: #embed reads each file at compile time, relative to this file, so a
// fresh clone builds it with no generator step and no network (clang ≥ 19; Swift 6.x ships it).
#include "bundled_fonts.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char roboto_regular[] = {
#embed "../../Fonts/Roboto-Regular.ttf"
};
static const unsigned char roboto_medium[] = {
#embed "../../Fonts/Roboto-Medium.ttf"
};
static const unsigned char roboto_bold[] = {
#embed "../../Fonts/Roboto-Bold.ttf"
};
static const unsigned char inter_regular[] = {
#embed "../../Fonts/Inter-Regular.otf"
};
static const unsigned char inter_medium[] = {
#embed "../../Fonts/Inter-Medium.otf"
};
static const unsigned char inter_semibold[] = {
#embed "../../Fonts/Inter-SemiBold.otf"
};
static const unsigned char inter_bold[] = {
#embed "../../Fonts/Inter-Bold.otf"
};

static const evidence_bundled_font fonts[] = {
    {"Roboto-Regular.ttf", roboto_regular, sizeof roboto_regular},
    {"Roboto-Medium.ttf", roboto_medium, sizeof roboto_medium},
    {"Roboto-Bold.ttf", roboto_bold, sizeof roboto_bold},
    {"Inter-Regular.otf", inter_regular, sizeof inter_regular},
    {"Inter-Medium.otf", inter_medium, sizeof inter_medium},
    {"Inter-SemiBold.otf", inter_semibold, sizeof inter_semibold},
    {"Inter-Bold.otf", inter_bold, sizeof inter_bold},
};

const evidence_bundled_font *evidence_bundled_font_at(int i) {
    return i >= 0 && (size_t)i < sizeof fonts / sizeof fonts[0] ? &fonts[i] : NULL;
}
