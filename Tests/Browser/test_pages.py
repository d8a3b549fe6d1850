"""The static pages at phone width and under a strict Content-Security-Policy, in headless Chromium.

usage: test_pages.py BASE_URL [OUT_DIR]

- /gallery.html at 390 and 320 px: each cell keeps its pictures side by side where they fit (the
  seed's rows: off and on next to each other), nothing scrolls sideways.
- /symbols.html at 390 and 320 px: at least two cards per row, none cut off.
- /, /gallery.html and /symbols.html served through a small proxy that adds a strict policy
  (scripts, styles, images and fetches from the page's own origin only; no inline script, no
  inline style, no event-handler attributes): Chromium reports no violation, and each page's
  script still runs (its pictures appear).
"""
import sys
import time

from browser import check, console_errors, driver_for, finish, forwarding_server, preview_loaded, wait_for

STRICT_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
                 "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


def policy_proxy(base):
    """A loopback HTTP server that forwards GETs to `base` and adds STRICT_POLICY to HTML
    responses (dropping any policy of their own); returns its own base URL."""
    url, _ = forwarding_server(base, dropped={"content-security-policy"},
                               added_headers=lambda content_type: [("Content-Security-Policy", STRICT_POLICY)]
                               if content_type.startswith("text/html") else [])
    return url


def viewport(driver, width, height):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})


def check_gallery(driver, base):
    """Pictures that fit the cell's width side by side sit side by side (three buttons with a
    label at scale 2 are wider than a phone's cell, and may wrap)."""
    for width in (390, 320):
        viewport(driver, width, 844)
        driver.get(base + "/gallery.html")
        wait_for(driver, "return [...document.images].length > 40 && [...document.images].every(i => i.complete)",
                 message="the gallery's pictures")
        time.sleep(0.2)
        stacked = driver.execute_script("""return [...document.querySelectorAll('#themes .pair, #style-themes .pair')]
            .filter(p => {
              const images = [...p.querySelectorAll('img')], li = p.closest('li'), style = getComputedStyle(li);
              const room = li.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
              const needed = images.reduce((sum, i) => sum + i.getBoundingClientRect().width, 0) + 8 * (images.length - 1);
              return needed <= room && new Set(images.map(i => Math.round(i.getBoundingClientRect().top))).size > 1; })
            .map(p => p.closest('li').firstChild.textContent)""")
        seed_rows = driver.execute_script("return document.querySelectorAll('#themes .pair').length")
        wide = driver.execute_script("return document.documentElement.scrollWidth")
        check(stacked == [] and seed_rows == 8,
              f"gallery at {width} px: pictures that fit side by side are side by side {stacked}")
        check(wide <= width, f"gallery at {width} px: no sideways scrolling ({wide} px)")


def check_symbols(driver, base):
    for width in (390, 320):
        viewport(driver, width, 844)
        driver.get(base + "/symbols.html")
        wait_for(driver, "return document.querySelectorAll('#grid .card').length > 200", message="the symbol cards")
        columns = driver.execute_script("return getComputedStyle(document.getElementById('grid')).gridTemplateColumns.split(' ').length")
        cut = driver.execute_script("""return [...document.querySelectorAll('#grid .card')].filter(c => c.scrollWidth > c.clientWidth)
                                          .map(c => c.querySelector('.name').textContent).slice(0, 5)""")
        wide = driver.execute_script("return document.documentElement.scrollWidth")
        check(columns >= 2 and cut == [] and wide <= width,
              f"symbols at {width} px: {columns} cards per row, none cut off {cut}, page {wide} px wide")


def check_strict_policy(driver, base):
    proxy = policy_proxy(base)
    viewport(driver, 1280, 900)
    driver.get_log("browser")  # start from an empty log
    pages = (("/", "return (() => { const i = document.getElementById('preview'); return i.complete && i.naturalWidth > 0 && "
                   "document.getElementById('s-url').textContent.length > 0 && document.querySelectorAll('#states img').length === 3; })()"),
             ("/gallery.html", "return document.querySelectorAll('#themes img').length === 16"),
             ("/symbols.html", "return document.querySelectorAll('#grid .card').length > 200"))
    for path, works in pages:
        driver.get(proxy + path)
        policy = driver.execute_script("""return fetch(location.href).then(r => r.headers.get('Content-Security-Policy'))""")
        ran = wait_for(driver, works, timeout=10, message=f"{path}'s script")
        violations = [e["message"] for e in console_errors(driver) if "Content Security Policy" in e["message"]]
        check(policy == STRICT_POLICY and ran and violations == [],
              f"{path} under a strict Content-Security-Policy: its script ran ({ran}), no violations {violations}")
    driver.get(proxy + "/")
    preview_loaded(driver)
    driver.find_element("css selector", "input[name=state][value=off]").click()
    src, width, _ = preview_loaded(driver, proxy + "/toggle?on=1&scale=2", "on=0")
    violations = [e["message"] for e in console_errors(driver) if "Content Security Policy" in e["message"]]
    check("on=0" in src and width > 0 and violations == [], f"the playground works under the policy: {src} {violations}")


def main():
    base = sys.argv[1].rstrip("/")
    driver = driver_for()
    try:
        check_gallery(driver, base)
        check_symbols(driver, base)
        check_strict_policy(driver, base)
    finally:
        driver.quit()
    finish()


if __name__ == "__main__":
    main()
