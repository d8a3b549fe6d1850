"""The playground's layout and its errors, in headless Chromium.

usage: test_playground_layout.py BASE_URL [OUT_DIR]

- The preview stays in view (sticky, not covered) while the settings scroll, at 600 px and wider.
- A setting the page or the server refuses is marked beside its field (aria-invalid, its message
  under it), the preview area points at the field, and the snippets say they are stale and keep
  the last picture that loaded.
- One field is called "Label"; no segmented control wraps onto a second line.
- A select that reports only `change` (as a script or an assistive tool may) updates the preview.
"""
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import check, driver_for, finish, preview_loaded, snippet, wait_for

# The preview image lies inside the viewport and is what the browser hits at its centre.
PREVIEW_IN_VIEW = """
const i = document.getElementById('preview'), r = i.getBoundingClientRect();
const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
return [r.top >= 0 && r.bottom <= innerHeight && (hit === i || i.parentElement.contains(hit)), Math.round(r.top), Math.round(r.bottom)];"""


def viewport(driver, width, height):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})


def check_sticky_preview(driver, base):
    for width, height in ((1280, 900), (900, 700), (700, 900), (600, 800)):
        viewport(driver, width, height)
        driver.get(base + "/")
        preview_loaded(driver)
        for field in ("color", "pad", "fps"):
            driver.execute_script("document.getElementById(arguments[0]).scrollIntoView({block: 'start'})", field)
            time.sleep(0.2)
            scrolled = driver.execute_script("return scrollY")
            in_view, top, bottom = driver.execute_script(PREVIEW_IN_VIEW)
            check(in_view and scrolled > 200,
                  f"{width}x{height}: the preview stays in view ({top}..{bottom}) with #{field} scrolled to ({scrolled} px)")


def field_error(driver, field):
    """[shown, text, gap in px from the field's bottom to the message's top, aria-invalid]."""
    return driver.execute_script("""
        const f = document.getElementById(arguments[0]), e = document.getElementById(arguments[0] + '-error');
        const fr = f.getBoundingClientRect(), er = e.getBoundingClientRect();
        return [!e.hidden && er.height > 0, e.textContent, Math.round(er.top - fr.bottom), f.getAttribute('aria-invalid')];""",
                                 field)


def stale(driver):
    return driver.execute_script("""return [document.getElementById('snippets').classList.contains('stale'),
                                            !document.getElementById('stale').hidden]""")


def check_errors_beside_fields(driver, base):
    viewport(driver, 1280, 900)
    driver.get(base + "/?on=1&scale=2")
    src, _, _ = preview_loaded(driver)
    good_url = snippet(driver, "url")
    check(stale(driver) == [False, False], "snippets are not stale at first")
    scale = driver.find_element(By.ID, "scale")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", scale)
    scale.send_keys(Keys.CONTROL, "a")
    scale.send_keys("9")
    wait_for(driver, "return !document.getElementById('scale-error').hidden", timeout=3, message="the scale error")
    shown, text, gap, invalid = field_error(driver, "scale")
    check(shown and "1 to 4" in text and 0 <= gap <= 40 and invalid == "true",
          f"scale=9: the message is under the Scale field ({gap} px below it): {text!r}, aria-invalid={invalid}")
    check(stale(driver) == [True, True] and snippet(driver, "url") == good_url,
          f"the snippets are marked stale and keep the last good URL: {snippet(driver, 'url')}")
    problem = driver.execute_script("""const p = document.getElementById('problem'), a = p.querySelector('a');
                                       return [!p.hidden, p.textContent, a && a.getAttribute('href')]""")
    check(problem[0] and problem[2] == "#scale" and "Scale" in problem[1],
          f"under the preview, a link to the field: {problem}")
    visible = driver.execute_script("""const r = document.getElementById('problem').getBoundingClientRect();
                                       return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight""")
    check(visible, "the pointer under the preview is in view while the field is")
    scale.send_keys(Keys.CONTROL, "a")
    scale.send_keys("3")
    src2, w2, _ = preview_loaded(driver, src, "scale=3")
    check(stale(driver) == [False, False] and "scale=3" in snippet(driver, "url") and not field_error(driver, "scale")[0]
          and driver.find_element(By.ID, "scale").get_attribute("aria-invalid") is None,
          f"fixed: the mark and the stale note go, the snippets follow ({snippet(driver, 'url')})")

    # The server's 400 lands beside the field it names (here a colour only the server can judge).
    driver.get(base + "/?on=1&color=notacolour")
    ok = wait_for(driver, "return !document.getElementById('color-error').hidden", timeout=5, message="the colour error")
    shown, text, gap, invalid = field_error(driver, "color")
    check(ok and shown and "color=notacolour" in text and "colour name" in text and invalid == "true",
          f"the server's refusal of color is shown beside the Tint field: {text!r}")
    check(stale(driver) == [True, True], "and the snippets are marked stale")


def check_one_label_and_no_wrapping(driver, base):
    driver.get(base + "/")
    preview_loaded(driver)
    labels = driver.execute_script("""return [...document.querySelectorAll('label')]
        .map(l => [...l.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim())
        .filter(t => t === 'Label').length""")
    check(labels == 1, f"one field is called Label ({labels})")
    for width in (1280, 900, 700, 390, 320):
        viewport(driver, width, 800)
        time.sleep(0.2)
        wrapped = driver.execute_script("""return [...document.querySelectorAll('.segmented')].filter(g => {
            const tops = [...g.querySelectorAll('label')].map(l => l.offsetTop);
            return new Set(tops).size > 1; }).map(g => g.textContent.trim().replace(/\\s+/g, ' '))""")
        overflow = driver.execute_script("return document.documentElement.scrollWidth")
        check(wrapped == [] and overflow <= width, f"{width} px: no segmented control wraps {wrapped}, page {overflow} px wide")


def check_select_change(driver, base):
    viewport(driver, 1280, 900)
    driver.get(base + "/?on=1&scale=2")
    src, _, _ = preview_loaded(driver)
    for select, value in (("size", "xLarge"), ("color", "indigo"), ("style", "tutorial")):
        driver.execute_script("""const s = document.getElementById(arguments[0]); s.value = arguments[1];
                                 s.dispatchEvent(new Event('change', {bubbles: true}))""", select, value)
        src2, w2, _ = preview_loaded(driver, src, f"{select}={value}")
        check(f"{select}={value}" in src2 and w2 > 0, f"a `change` alone on #{select} updates the preview: {src2}")
        src = src2


def main():
    base = sys.argv[1].rstrip("/")
    driver = driver_for()
    try:
        check_sticky_preview(driver, base)
        check_errors_beside_fields(driver, base)
        check_one_label_and_no_wrapping(driver, base)
        check_select_change(driver, base)
    finally:
        driver.quit()
    finish()


if __name__ == "__main__":
    main()
