// Tokens/ inside the binary (#embed, as bundled_fonts.c): the colours a render outside any project
// draws with. BundledTokensTests fails when this list and Tokens/ differ.
#include "bundled_fonts.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char t0[] = {
#embed "../../Tokens/android/res/values-night/colors_widget.xml"
};
static const unsigned char t1[] = {
#embed "../../Tokens/android/res/values/colors_widget.xml"
};
static const unsigned char t2[] = {
#embed "../../Tokens/ios/Assets.xcassets/Contents.json"
};
static const unsigned char t3[] = {
#embed "../../Tokens/ios/Assets.xcassets/WidgetAccent.colorset/Contents.json"
};
static const unsigned char t4[] = {
#embed "../../Tokens/ios/Assets.xcassets/WidgetAccentDeep.colorset/Contents.json"
};
static const unsigned char t5[] = {
#embed "../../Tokens/ios/Assets.xcassets/WidgetAccentText.colorset/Contents.json"
};
static const unsigned char t6[] = {
#embed "../../Tokens/ios/Assets.xcassets/WidgetBorder.colorset/Contents.json"
};
static const unsigned char t7[] = {
#embed "../../Tokens/ios/Assets.xcassets/WidgetCapstoneDash.colorset/Contents.json"
};
static const unsigned char t8[] = {
#embed "../../Tokens/ios/Assets.xcassets/WidgetCard.colorset/Contents.json"
};
static const unsigned char t9[] = {
#embed "../../Tokens/ios/Assets.xcassets/WidgetCoach.colorset/Contents.json"
};
static const unsigned char t10[] = {
#embed "../../Tokens/ios/Assets.xcassets/WidgetFlameMuted.colorset/Contents.json"
};
static const unsigned char t11[] = {
#embed "../../Tokens/ios/Assets.xcassets/WidgetGoldBot.colorset/Contents.json"
};
static const unsigned char t12[] = {
#embed "../../Tokens/ios/Assets.xcassets/WidgetGoldMid.colorset/Contents.json"
};
static const unsigned char t13[] = {
#embed "../../Tokens/ios/Assets.xcassets/WidgetGoldTop.colorset/Contents.json"
};
static const unsigned char t14[] = {
#embed "../../Tokens/ios/Assets.xcassets/WidgetInk.colorset/Contents.json"
};
static const unsigned char t15[] = {
#embed "../../Tokens/ios/Assets.xcassets/WidgetMuted.colorset/Contents.json"
};
static const unsigned char t16[] = {
#embed "../../Tokens/ios/Assets.xcassets/WidgetStoneBot.colorset/Contents.json"
};
static const unsigned char t17[] = {
#embed "../../Tokens/ios/Assets.xcassets/WidgetStoneCaption.colorset/Contents.json"
};
static const unsigned char t18[] = {
#embed "../../Tokens/ios/Assets.xcassets/WidgetStoneMid.colorset/Contents.json"
};
static const unsigned char t19[] = {
#embed "../../Tokens/ios/Assets.xcassets/WidgetStoneMuted.colorset/Contents.json"
};
static const unsigned char t20[] = {
#embed "../../Tokens/ios/Assets.xcassets/WidgetStoneTop.colorset/Contents.json"
};
static const unsigned char t21[] = {
#embed "../../Tokens/ios/Assets.xcassets/WidgetSuccess.colorset/Contents.json"
};

static const evidence_bundled_font tokens[] = {
    {"android/res/values-night/colors_widget.xml", t0, sizeof t0},
    {"android/res/values/colors_widget.xml", t1, sizeof t1},
    {"ios/Assets.xcassets/Contents.json", t2, sizeof t2},
    {"ios/Assets.xcassets/WidgetAccent.colorset/Contents.json", t3, sizeof t3},
    {"ios/Assets.xcassets/WidgetAccentDeep.colorset/Contents.json", t4, sizeof t4},
    {"ios/Assets.xcassets/WidgetAccentText.colorset/Contents.json", t5, sizeof t5},
    {"ios/Assets.xcassets/WidgetBorder.colorset/Contents.json", t6, sizeof t6},
    {"ios/Assets.xcassets/WidgetCapstoneDash.colorset/Contents.json", t7, sizeof t7},
    {"ios/Assets.xcassets/WidgetCard.colorset/Contents.json", t8, sizeof t8},
    {"ios/Assets.xcassets/WidgetCoach.colorset/Contents.json", t9, sizeof t9},
    {"ios/Assets.xcassets/WidgetFlameMuted.colorset/Contents.json", t10, sizeof t10},
    {"ios/Assets.xcassets/WidgetGoldBot.colorset/Contents.json", t11, sizeof t11},
    {"ios/Assets.xcassets/WidgetGoldMid.colorset/Contents.json", t12, sizeof t12},
    {"ios/Assets.xcassets/WidgetGoldTop.colorset/Contents.json", t13, sizeof t13},
    {"ios/Assets.xcassets/WidgetInk.colorset/Contents.json", t14, sizeof t14},
    {"ios/Assets.xcassets/WidgetMuted.colorset/Contents.json", t15, sizeof t15},
    {"ios/Assets.xcassets/WidgetStoneBot.colorset/Contents.json", t16, sizeof t16},
    {"ios/Assets.xcassets/WidgetStoneCaption.colorset/Contents.json", t17, sizeof t17},
    {"ios/Assets.xcassets/WidgetStoneMid.colorset/Contents.json", t18, sizeof t18},
    {"ios/Assets.xcassets/WidgetStoneMuted.colorset/Contents.json", t19, sizeof t19},
    {"ios/Assets.xcassets/WidgetStoneTop.colorset/Contents.json", t20, sizeof t20},
    {"ios/Assets.xcassets/WidgetSuccess.colorset/Contents.json", t21, sizeof t21},
};

const evidence_bundled_font *evidence_bundled_token_at(int i) {
    return i >= 0 && (size_t)i < sizeof tokens / sizeof tokens[0] ? &tokens[i] : NULL;
}
