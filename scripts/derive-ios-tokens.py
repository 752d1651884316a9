#!/usr/bin/env python3
"""Derives Tokens/ios/Assets.xcassets from the Android tokens of the same canonical name.

Seed 000 gives no iOS hex values: each of the nineteen iOS colour sets (six base + thirteen
kindling, "Native color set") takes the light / dark value of the Android token that mirrors the
same canonical token (WidgetInk <- widget_ink ...). Run from the repository root; rewrites the
catalog. Tokens/README.md documents the mapping.
"""
import json, os, re, shutil

ROLES = ["card", "ink", "accent", "success", "muted", "border",
         "accentDeep", "accentText", "capstoneDash", "coach", "flameMuted",
         "goldTop", "goldMid", "goldBot", "stoneTop", "stoneMid", "stoneBot", "stoneMuted", "stoneCaption"]

def android(path):
    return dict(re.findall(r'<color name="([a-z_]+)">(#[0-9A-Fa-f]+)</color>', open(path).read()))

light = android("Tokens/android/res/values/colors_widget.xml")
night = android("Tokens/android/res/values-night/colors_widget.xml")

# The one set that does not follow Android: WidgetBorder keeps the canonical --border value. Android
# draws its todo pips in widget_border (seed 000: WidgetBorder "Todo pips, dividers"), so that token
# was retuned to clear 3:1; iOS's todo HabitPip is a WidgetMuted outline and iOS fills rows with
# WidgetBorder, so the retune must not reach it (Tokens/README.md).
IOS_OWN = {"border": ("#E5E5E5", "#2E2E2E")}

def comps(hexv):
    h = hexv[1:]
    a, rgb = ("FF", h) if len(h) == 6 else (h[:2], h[2:])
    f = lambda x: "%.3f" % (int(x, 16) / 255)
    return {"alpha": f(a), "blue": f(rgb[4:6]), "green": f(rgb[2:4]), "red": f(rgb[0:2])}

out = "Tokens/ios/Assets.xcassets"
if os.path.isdir(out):
    shutil.rmtree(out)
os.makedirs(out)
json.dump({"info": {"author": "xcode", "version": 1}}, open(os.path.join(out, "Contents.json"), "w"), indent=2)
for role in ROLES:
    snake = "widget_" + re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), role)
    name = "Widget" + role[0].upper() + role[1:]
    any_, dark = IOS_OWN.get(role) or (light[snake], night.get(snake, light[snake]))
    d = os.path.join(out, name + ".colorset")
    os.makedirs(d)
    doc = {"colors": [
        {"color": {"color-space": "srgb", "components": comps(any_)}, "idiom": "universal"},
        {"appearances": [{"appearance": "luminosity", "value": "dark"}],
         "color": {"color-space": "srgb", "components": comps(dark)}, "idiom": "universal"}],
        "info": {"author": "xcode", "version": 1}}
    with open(os.path.join(d, "Contents.json"), "w") as fh:
        json.dump(doc, fh, indent=2)
        fh.write("\n")
