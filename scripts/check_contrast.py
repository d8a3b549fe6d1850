"""contrast=auto against outside references: WCAG 2's contrast formula (written out here from
the WCAG 2.2 definitions) and coloraide's Oklch (PyPI), not the service's own code.

usage: check_contrast.py BASE_URL

For each colour (the SwiftUI palette in both themes, CSS names, hex and hsl(); icon switch and
tutorial), the symbol's fill is read from /toggle.svg?on=1&color=...&contrast=auto (the last path
of the document: the symbol, drawn on the white knob), then:
- it shows at 3:1 or more on white, by the WCAG formula and by coloraide's "wcag21" contrast;
- a colour that already reaches 3:1 is kept, byte for byte (and an icon switch shares the ETag of
  the query without contrast=auto);
- otherwise it is the shade coloraide finds: the same Oklch hue, the highest lightness that
  reaches 3:1 after rounding to 8 bits, chroma at most the original's and lowered only as far as
  the sRGB gamut needs at that lightness (coloraide's `fit(method="oklch-chroma", jnd=0)`: chroma
  reduction with no clipping allowance); ours must be within 1 of it in every channel, and 0.01
  lighter in Oklch lightness must fail 3:1.
"""
import re
import sys
import urllib.request

from coloraide import Color

failures = []


def check(condition, message):
    print("ok  " if condition else "FAIL", message)
    if not condition:
        failures.append(message)


def linear(c):
    """WCAG 2.2's linearisation of an sRGB channel, 0...1."""
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb):
    r, g, b = (linear(v / 255) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a, b):
    x, y = luminance(a), luminance(b)
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)


WHITE = (255, 255, 255)


def to_bytes(color):
    return tuple(int(round(min(max(v, 0), 1) * 255)) for v in color.convert("srgb").coords())


def expected_shade(rgb):
    """The highest Oklch lightness, same hue, chroma fitted to sRGB, whose 8-bit colour reaches 3:1."""
    start = Color("srgb", [v / 255 for v in rgb]).convert("oklch")
    l0, c0, h0 = start.coords()

    def shade(lightness):
        candidate = Color("oklch", [lightness, c0, h0])
        if not candidate.in_gamut("srgb"):
            candidate = candidate.fit("srgb", method="oklch-chroma", jnd=0)
        return to_bytes(candidate)

    low, high = 0.0, l0
    for _ in range(40):
        mid = (low + high) / 2
        if ratio(shade(mid), WHITE) >= 3:
            low = mid
        else:
            high = mid
    return shade(low), low, shade


def fetch(url):
    with urllib.request.urlopen(url) as response:
        return response.read().decode(), response.headers.get("ETag")


def symbol_fill(svg):
    fills = re.findall(r'<path[^>]* fill="#([0-9a-f]{6})"', svg)
    return tuple(int(fills[-1][i:i + 2], 16) for i in (0, 2, 4))


def main():
    base = sys.argv[1].rstrip("/")
    # The SwiftUI palette in both themes, and colours of every kind that fail or pass on white.
    colours = [(name, theme) for theme in ("light", "dark") for name in (
        "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink", "brown",
        "gray", "white")] + [(c, "light") for c in (
            "papayawhip", "lightgreen", "gold", "aqua", "lime", "fuchsia", "ffff00", "00ffff", "ff00ff", "c0c0c0",
            "rgb(250,250,210)", "hsl(60+100%25+90%25)", "lavender", "8e8e93")]
    cases = [("", name, theme) for name, theme in colours] + [
        ("style=tutorial&", name, "light") for name in ("yellow", "orange", "mint", "white", "blue")]
    for style, name, theme in cases:
        query = f"{style}on=1&color={name}&theme={theme}"
        plain_svg, plain_tag = fetch(f"{base}/toggle.svg?{query}")
        raised_svg, raised_tag = fetch(f"{base}/toggle.svg?{query}&contrast=auto")
        given, ours = symbol_fill(plain_svg), symbol_fill(raised_svg)
        ours_ratio = ratio(ours, WHITE)
        theirs_ratio = Color("srgb", [v / 255 for v in ours]).contrast(Color("white"), method="wcag21")
        check(ours_ratio >= 3 and theirs_ratio >= 3,
              f"{style}{name} ({theme}): #{bytes(ours).hex()} shows at {ours_ratio:.3f}:1 on the knob (coloraide {theirs_ratio:.3f}:1)")
        if ratio(given, WHITE) >= 3:
            # The default style's key holds the colours drawn, so it keeps its ETag; the
            # tutorial's key says contrast=auto.
            check(ours == given and (raised_tag == plain_tag or style != ""),
                  f"{style}{name} ({theme}) reaches 3:1 already ({ratio(given, WHITE):.3f}): kept, same ETag")
            continue
        shade, lightness, shade_at = expected_shade(given)
        close = all(abs(a - b) <= 1 for a, b in zip(ours, shade))
        given_lch = Color("srgb", [v / 255 for v in given]).convert("oklch").coords()
        ours_lch = Color("srgb", [v / 255 for v in ours]).convert("oklch").coords()
        hue_kept = given_lch[1] < 0.02 or min(abs(ours_lch[2] - given_lch[2]), 360 - abs(ours_lch[2] - given_lch[2])) < 3
        check(close and hue_kept and ours_lch[1] <= given_lch[1] + 0.004,
              f"{style}{name} ({theme}): #{bytes(given).hex()} ({ratio(given, WHITE):.2f}:1) -> ours #{bytes(ours).hex()}, "
              f"coloraide's #{bytes(shade).hex()} (Oklch L {ours_lch[0]:.4f} vs {lightness:.4f}, "
              f"C {ours_lch[1]:.4f} <= {given_lch[1]:.4f}, h {ours_lch[2]:.1f} vs {given_lch[2]:.1f})")
        lighter = shade_at(ours_lch[0] + 0.01)
        check(ratio(lighter, WHITE) < 3, f"{style}{name} ({theme}): 0.01 lighter, #{bytes(lighter).hex()}, is under 3:1: the nearest shade")
    if failures:
        print(f"{len(failures)} check(s) failed")
        sys.exit(1)


if __name__ == "__main__":
    main()
