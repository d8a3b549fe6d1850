"""The playground's address keeps every setting: each control changed in turn, the page reloaded,
and the controls and the preview compared with what they were before the reload.

usage: test_playground_address.py BASE_URL [OUT_DIR]

The controls compared are every input and select of the settings form except the symbol search
and its "use for" select, which find a symbol rather than set one. Pasted addresses with the
animation parameters, theme=auto, and a /row query are read back the same way. A form with an
error (an animation with theme=auto, which the preview cannot draw) keeps every control too.
"""
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import check, choose, console_errors, driver_for, finish, preview_loaded, wait_for

# Every control's state: radio groups by name (the checked value), the rest by id; colour pickers
# only while their select says "custom" (otherwise the picker just shows the named colour).
CONTROLS = """
const out = {};
for (const e of document.getElementById('controls').elements) {
  if (e.tagName === 'FIELDSET' || e.tagName === 'BUTTON' || e.type === 'search' || e.id === 'symbol-target') continue;
  if (e.type === 'radio') { if (e.checked) out[e.name] = e.value; continue; }
  if (e.type === 'color' && document.getElementById(e.id.replace('-picker', '')).value !== 'custom') continue;
  out[e.id] = e.type === 'checkbox' ? e.checked : e.value;
}
return out;"""

ALL_CONTROLS = {"style", "label", "state", "disabled", "on_sym", "off_sym", "sym", "color", "color-picker",
                "off_color", "bg", "scale", "size", "pad", "theme", "format", "alt", "animate", "loop",
                "reduce", "from", "fps", "contrast"}


def click(selector):
    def act(driver):
        element = driver.find_element(By.CSS_SELECTOR, selector)
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
    return act


def type_into(field_id, text):
    def act(driver):
        field = driver.find_element(By.ID, field_id)
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(text)
    return act


def pick(select_id, value):
    return lambda driver: choose(driver, select_id, value)


def custom_tint(driver):
    driver.execute_script("""const p = document.getElementById('color-picker'); p.value = '#ff00aa';
                             p.dispatchEvent(new Event('input', {bubbles: true}));""")


# (what, action, the control it changes, in the page's address, in the preview's URL (None: not drawn)).
# Cumulative: each step starts from the one before.
STEPS = [
    ("SVG", click("input[name=format][value=svg]"), "format", "format=svg", "/toggle.svg?"),
    ("Auto theme", click("input[name=theme][value=auto]"), "theme", "theme=auto", "theme=auto"),
    ("dark theme", click("input[name=theme][value=dark]"), "theme", "theme=dark", "theme=dark"),
    ("off", click("input[name=state][value=off]"), "state", "on=0", "on=0"),
    ("off track red", pick("off_color", "red"), "off_color", "off_color=red", "off_color=red"),
    ("off symbol", type_into("off_sym", "bell.fill"), "off_sym", "off_sym=bell.fill", "off_sym=bell.fill"),
    ("mixed", click("input[name=state][value=mixed]"), "state", "state=mixed", "state=mixed"),
    ("mixed symbol", type_into("sym", "plus"), "sym", "sym=plus", "sym=plus"),
    ("on", click("input[name=state][value=on]"), "state", "on=1", "on=1"),
    ("on symbol", type_into("on_sym", "moon.fill"), "on_sym", "on_sym=moon.fill", "on_sym=moon.fill"),
    ("disabled", click("#disabled"), "disabled", "disabled=1", "disabled=1"),
    ("contrast", click("#contrast"), "contrast", "contrast=auto", "contrast=auto"),
    ("tint", pick("color", "indigo"), "color", "color=indigo", "color=indigo"),
    ("background", pick("bg", "white"), "bg", "bg=white", "bg=white"),
    ("custom tint", custom_tint, "color-picker", "color=ff00aa", "color=ff00aa"),
    ("scale", type_into("scale", "3"), "scale", "scale=3", "scale=3"),
    ("Dynamic Type size", pick("size", "xLarge"), "size", "size=xLarge", "size=xLarge"),
    ("margin", type_into("pad", "4"), "pad", "pad=4", "pad=4"),
    ("alt text", type_into("alt", "My switch"), "alt", "alt=My%20switch", None),
    ("a label: a row", type_into("label", "Wi-Fi"), "label", "label=Wi-Fi", "/row.svg?label=Wi-Fi&"),
    ("animate", click("#animate"), "animate", "animate=1", "animate=1"),
    ("loop", click("#loop"), "loop", "loop=1", "loop=1"),
    ("Reduce Motion", click("#reduce"), "reduce", "motion=reduce", "motion=reduce"),
    ("start from mixed", pick("from", "mixed"), "from", "from=mixed", "from=mixed"),
    ("30 fps", type_into("fps", "30"), "fps", "fps=30", "fps=30"),
    ("PNG", click("input[name=format][value=png]"), "format", "animate=1", "/row?label=Wi-Fi&"),
    ("tutorial style", pick("style", "tutorial"), "style", "style=tutorial", "style=tutorial"),
    ("button style: the label is the button's", pick("style", "button"), "style", "style=button",
     "/toggle?style=button&label=Wi-Fi&"),
]

PASTED = [
    ("on=1&animate=1&loop=1", {"animate": True, "loop": True}, "/toggle?on=1&animate=1&loop=1"),
    ("on=1&theme=auto", {"format": "svg", "theme": "auto"}, "/toggle.svg?on=1&theme=auto"),
    ("on=1&animate=1&from=mixed&motion=reduce&fps=30", {"from": "mixed", "reduce": True, "fps": "30"},
     "/toggle?on=1&animate=1&from=mixed&motion=reduce&fps=30"),
    ("label=Dark%20Mode&on=1&sym=moon.fill&color=indigo", {"label": "Dark Mode", "on_sym": "moon.fill"},
     "/row?label=Dark%20Mode&on=1&on_sym=moon.fill&color=indigo"),
    ("style=symbol&label=Bold&state=mixed", {"style": "symbol", "label": "Bold", "state": "mixed"},
     "/toggle?style=symbol&label=Bold&state=mixed"),
    ("style=Automatic&on=1", {"style": "automatic"}, "/toggle?style=automatic&on=1"),
    ("on=1&color=yellow&contrast=auto", {"contrast": True, "color": "yellow"}, "/toggle?on=1&color=yellow&contrast=auto"),
]


def reload_and_compare(driver, what):
    before = driver.execute_script(CONTROLS)
    src = driver.execute_script("return document.getElementById('preview').src")
    address = driver.current_url
    driver.refresh()
    src_after, width, _ = preview_loaded(driver)
    after = driver.execute_script(CONTROLS)
    changed = {k: (before.get(k), after.get(k)) for k in set(before) | set(after) if before.get(k) != after.get(k)}
    check(changed == {} and src_after == src and width > 0,
          f"{what}: a reload of {address} keeps every control {changed} and the picture {src_after}")
    return after


# Steps into a form with an error, from /?on=1&format=svg&theme=auto: an animation with theme=auto
# is refused beside Animate, and the address must still keep every animation control.
ERROR_STEPS = [
    ("animate with Auto theme", click("#animate"), "animate=1"),
    ("loop", click("#loop"), "loop=1"),
    ("Reduce Motion", click("#reduce"), "motion=reduce"),
    ("start from mixed", pick("from", "mixed"), "from=mixed"),
    ("30 fps", type_into("fps", "30"), "fps=30"),
]


def reload_with_error(driver, what):
    """A reload of a form with an error: the same controls, the same error beside Animate."""
    before = driver.execute_script(CONTROLS)
    address = driver.current_url
    driver.refresh()
    shown = wait_for(driver, "return !document.getElementById('animate-error').hidden", message="the error")
    after = driver.execute_script(CONTROLS)
    changed = {k: (before.get(k), after.get(k)) for k in set(before) | set(after) if before.get(k) != after.get(k)}
    check(shown and changed == {}, f"{what}: a reload of {address} keeps the error and every control {changed}")


def check_error_form(driver, base):
    driver.get(base + "/?on=1&format=svg&theme=auto")
    preview_loaded(driver)
    for what, act, in_address in ERROR_STEPS:
        act(driver)
        ok = wait_for(driver, f"return location.search.includes({in_address!r})", timeout=5, message=in_address)
        check(ok, f"{what}, while the form has an error: the address has {in_address}: {driver.current_url}")
        reload_with_error(driver, what)


# Pasted values the form cannot show and the server refuses: a note names each, with what is
# accepted, instead of a silent default.
REFUSED = [
    ("on=banana", "on=banana (the server refuses it: on takes 1, true, yes, on, 0, false, no, off)"),
    ("on=1&style=nope", "style=nope (the server refuses it: style takes iconSwitch, switch"),
    ("on=1&size=huge&theme=drak", "size=huge"),
    ("on=1&size=huge&theme=drak", "theme=drak (the server refuses it: theme takes light, dark, auto)"),
]


def check_refused_values(driver, base):
    for q, says in REFUSED:
        driver.get(base + "/?" + q)
        preview_loaded(driver)
        note = driver.execute_script("const n = document.getElementById('address-note'); return n.hidden ? '' : n.textContent")
        check(says in note, f"/?{q}: the page says the address had {says}: {note!r}")
    driver.get(base + "/?on=1&style=Switch&theme=DARK")
    preview_loaded(driver)
    check(driver.execute_script("return document.getElementById('address-note').hidden"),
          "/?on=1&style=Switch&theme=DARK (values in another case, which the server takes): no note")


def main():
    base = sys.argv[1].rstrip("/")
    driver = driver_for()
    try:
        driver.get(base + "/")
        src, _, _ = preview_loaded(driver)
        wait_for(driver, "return document.querySelectorAll('#symbol-names option').length > 200", message="catalogue")
        controls = set(driver.execute_script(CONTROLS)) | {"color-picker"}
        check(controls == ALL_CONTROLS, f"the test covers every control: {sorted(controls ^ ALL_CONTROLS)} differ")
        changed = set()
        for what, act, control, in_address, in_src in STEPS:
            act(driver)
            ok = wait_for(driver, f"return location.search.includes({in_address!r})", timeout=5, message=in_address)
            if in_src is not None:
                src, width, _ = preview_loaded(driver, src, in_src)
                ok = ok and in_src in src and width > 0
            check(ok, f"{what}: the address has {in_address}" + (f", the preview {in_src}: {src}" if in_src else ""))
            reload_and_compare(driver, what)
            changed.add(control)
        check(changed == ALL_CONTROLS, f"every control was changed: {sorted(ALL_CONTROLS - changed)} were not")

        for q, expected, wanted_src in PASTED:
            driver.get(base + "/?" + q)
            got_src, width, _ = preview_loaded(driver)
            state = driver.execute_script(CONTROLS)
            wrong = {k: state.get(k) for k, v in expected.items() if state.get(k) != v}
            check(wrong == {} and got_src == base + wanted_src and width > 0,
                  f"/?{q} sets the controls {expected} (wrong: {wrong}) and previews {wanted_src}: {got_src}")
            reload_and_compare(driver, f"/?{q}")
        check_error_form(driver, base)
        check_refused_values(driver, base)
        errors = console_errors(driver)
        check(errors == [], f"no console errors {errors}")
    finally:
        driver.quit()
    finish()


if __name__ == "__main__":
    main()
