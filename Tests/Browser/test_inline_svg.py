"""Two of our SVGs inlined in one HTML page draw as they do in <img>s, in headless Chromium.

usage: test_inline_svg.py BASE_URL [OUT_DIR]

Inlined SVG documents share the page's id space. A small toggle and a large one define shadow
blur filters of different regions and blurs; each names its filter s<N>k<stamp of its filters>,
so the large toggle's shadow uses its own filter, not the small one's. The test fetches both,
serves (through a small loopback server that forwards everything else to BASE_URL) one page with
both documents inlined and one with the same URLs in <img>s at the same places and sizes, takes
a screenshot of each at a fixed size and compares them pixel by pixel: they must match within
MAX_CHANNEL_DIFFERENCE. As a control, the same inlined page with both documents' ids rewritten
to the old scheme (s0 in each) must differ by more than that: the comparison can see a shadow
drawn with the other document's filter.
Saves OUT_DIR/inline-svg.png, inline-svg-img.png and inline-svg-old-ids.png (the control).
"""
import base64
import io
import os
import re
import sys
import urllib.request

from PIL import Image, ImageChops

from browser import check, driver_for, finish, forwarding_server, wait_for

# The small toggle first: with shared ids the first definition in the page wins, and its filter
# region (58 x 32) leaves nothing of the large toggle's shadow (its knob is far outside it).
PATHS = ("/toggle.svg?on=1", "/toggle.svg?on=1&size=accessibility5&scale=2")
WIDTH, HEIGHT = 400, 300
# The largest difference in any channel of any pixel allowed between the inlined and the <img>
# rendering. Measured with Chromium 156: 0 with the stamped ids (at device scale 1 and 2, every
# pixel the same); with the old ids the large toggle's shadow (black at 20 % opacity, blurred)
# is gone, up to 25 in a channel and 1,864 pixels over 8. 8 leaves room for anti-aliasing that
# differs between drawing inline and drawing an image, well under the control's difference.
MAX_CHANNEL_DIFFERENCE = 8
FILTER_ID = re.compile(r"s(\d+)k[0-9a-f]{8}")


def fetch(base, path):
    with urllib.request.urlopen(base + path, timeout=15) as response:
        return response.read().decode("utf-8")


def size_of(svg):
    match = re.search(r'<svg[^>]*\swidth="(\d+)"[^>]*\sheight="(\d+)"', svg)
    return int(match.group(1)), int(match.group(2))


def inline_body(svg):
    """The document without an XML declaration, ready to put in HTML."""
    return re.sub(r"^\s*<\?xml[^>]*\?>\s*", "", svg)


def old_ids(svg):
    """The document with its filter ids and references as they were before stamps: s<N>."""
    return FILTER_ID.sub(r"s\1", svg)


def page(items):
    """An HTML page with each of `items` ((html, width, height)) in a box of its own size, one
    under the other, at fixed places."""
    boxes, top = [], 20
    for html, width, height in items:
        boxes.append(f'<div style="position:absolute; left:20px; top:{top}px; width:{width}px; height:{height}px">{html}</div>')
        top += height + 20
    return ("<!doctype html><html><head><meta charset=utf-8><style>html, body { margin: 0; background: #fff } "
            "svg, img { display: block }</style></head><body>" + "".join(boxes) + "</body></html>")


def shot(driver, url, out, name):
    driver.get(url)
    wait_for(driver, "return document.readyState === 'complete' && [...document.images].every(i => i.complete && i.naturalWidth > 0)",
             message=f"{name}'s pictures")
    data = base64.b64decode(driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"])
    if out:
        with open(os.path.join(out, name + ".png"), "wb") as f:
            f.write(data)
    return Image.open(io.BytesIO(data)).convert("RGB")


def difference(one, other):
    """(largest difference in any channel of any pixel, pixels differing by more than
    MAX_CHANNEL_DIFFERENCE in some channel) between two screenshots."""
    if one.size != other.size:
        return 255, one.size[0] * one.size[1]
    red, green, blue = ImageChops.difference(one, other).split()
    channel = ImageChops.lighter(ImageChops.lighter(red, green), blue)  # each pixel's largest
    largest = channel.getextrema()[1]
    over = sum(channel.histogram()[MAX_CHANNEL_DIFFERENCE + 1:])
    return largest, over


def main():
    base = sys.argv[1].rstrip("/")
    out = sys.argv[2] if len(sys.argv) > 2 else None
    if out:
        os.makedirs(out, exist_ok=True)
    svgs = [fetch(base, path) for path in PATHS]
    ids = [re.findall(r'<filter id="([^"]+)"', svg) for svg in svgs]
    check(all(ids) and all(FILTER_ID.fullmatch(i) for i in ids[0] + ids[1]) and not set(ids[0]) & set(ids[1]),
          f"each document's filter ids are s<N>k<8 hex>, and the two documents' differ: {ids}")
    regions = [re.findall(r'<filter [^>]*width="(\d+)" height="(\d+)"[^>]*>\s*<feGaussianBlur stdDeviation="([^"]+)"', svg)
               for svg in svgs]
    check(all(regions) and regions[0][0] != regions[1][0], f"and so do their filters (width, height, blur): {regions}")
    sizes = [size_of(svg) for svg in svgs]

    pages = {
        "/inline.html": page([(inline_body(svg), w, h) for svg, (w, h) in zip(svgs, sizes)]),
        "/img.html": page([(f'<img src="{path}" width="{w}" height="{h}" alt="">', w, h) for path, (w, h) in zip(PATHS, sizes)]),
        "/old-ids.html": page([(old_ids(inline_body(svg)), w, h) for svg, (w, h) in zip(svgs, sizes)]),
    }
    old_filters = re.findall(r'<filter id="([^"]+)"', pages["/old-ids.html"])
    old_references = re.findall(r'url\(#([^)]+)\)', pages["/old-ids.html"])
    check(old_filters == ["s0", "s0"] and set(old_references) == {"s0"},
          f"the control page uses the old ids, s0 in both documents: {old_filters} {old_references}")
    local, server = forwarding_server(base, pages)
    driver = driver_for()
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False})
        inline = shot(driver, local + "/inline.html", out, "inline-svg")
        img = shot(driver, local + "/img.html", out, "inline-svg-img")
        old = shot(driver, local + "/old-ids.html", out, "inline-svg-old-ids")
    finally:
        driver.quit()
        server.shutdown()
    largest, over = difference(inline, img)
    check(largest <= MAX_CHANNEL_DIFFERENCE,
          f"inlined SVGs draw as in <img>s: largest channel difference {largest} (<= {MAX_CHANNEL_DIFFERENCE}), {over} pixels over")
    largest, over = difference(old, img)
    check(largest > MAX_CHANNEL_DIFFERENCE and over > 100,
          f"control: with the old ids (s0 in both) they differ: largest channel difference {largest}, {over} pixels over")
    finish()


if __name__ == "__main__":
    main()
