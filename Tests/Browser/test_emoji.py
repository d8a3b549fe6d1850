"""Colour emoji in SVG pictures in headless Chromium, against a running toggle-server.

usage: test_emoji.py BASE_URL OUT_DIR

An emoji row's SVG (its emoji an <image> of a data:image/png URI) drawn in an <img>, and opened
directly as a document under its own Content-Security-Policy (img-src data:): both show the bell
in colour where the PNG of the same row has it, and Chromium reports no policy violation.
Saves OUT_DIR/emoji-row.png (the directly opened SVG).
"""
import base64
import os
import sys
import urllib.parse

from browser import check, console_errors, driver_for, finish

QUERY = "label=" + urllib.parse.quote("🔔 Notifications") + "&bg=white&scale=2"

# Counts saturated yellow pixels (the bell) left of x = 60 in a picture at `src`.
YELLOW = """
const [src, done] = arguments;
const img = new Image();
img.onload = () => {
  const c = document.createElement('canvas');
  c.width = img.naturalWidth; c.height = img.naturalHeight;
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, Math.min(60, c.width), c.height).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) if (d[i] > 180 && d[i + 1] > 120 && d[i + 2] < 100 && d[i + 3] > 200) n++;
  done([img.naturalWidth, img.naturalHeight, n]);
};
img.onerror = () => done(null);
img.src = src;
"""


def main():
    base, out = sys.argv[1], sys.argv[2]
    driver = driver_for()
    driver.set_script_timeout(15)
    try:
        driver.get(base + "/gallery.html")
        png = driver.execute_async_script(YELLOW, f"{base}/row.png?{QUERY}")
        svg = driver.execute_async_script(YELLOW, f"{base}/row.svg?{QUERY}")
        check(png is not None and png[2] > 50, f"the PNG row has a yellow bell: {png}")
        check(svg is not None and svg[:2] == png[:2], f"the SVG loads in an <img> at the PNG's size: {svg}")
        check(svg is not None and svg[2] > 50, f"the SVG in an <img> draws the bell in colour: {svg}")

        # Opened directly: a document of its own, under the SVG's Content-Security-Policy.
        driver.get_log("browser")
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 700, "height": 88, "deviceScaleFactor": 1, "mobile": False})
        driver.get(f"{base}/row.svg?{QUERY}")
        shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"]
        with open(os.path.join(out, "emoji-row.png"), "wb") as f:
            f.write(base64.b64decode(shot))
        errors = console_errors(driver)
        check(not errors, f"no console errors or policy violations opening the SVG: {errors}")
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.get("about:blank")
        direct = driver.execute_async_script(YELLOW, "data:image/png;base64," + shot)
        check(direct is not None and direct[2] > 50, f"the SVG opened directly draws the bell in colour: {direct}")
    finally:
        driver.quit()
    finish()


if __name__ == "__main__":
    main()
