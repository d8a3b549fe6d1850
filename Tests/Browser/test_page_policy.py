"""The pages under their Content-Security-Policy in headless Chromium, against a running
toggle-server.

usage: test_page_policy.py BASE_URL

For /, /gallery.html and /symbols.html: the response carries the policy with frame-ancestors
'none'; the page's scripts ran (what each builds is there), every picture loaded, and Chromium
reported no Content-Security-Policy violation (a `securitypolicyviolation` event or a console
error). Then a page from another origin that frames the playground: Chromium must refuse to show
it, naming frame-ancestors. The playground's own behaviour is test_playground.py's.
"""
import functools
import http.server
import os
import sys
import tempfile
import threading
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

failures = []

# What each page's own script builds once it has run (so a blocked script is seen).
BUILT_BY_SCRIPT = {
    "/": "return document.querySelectorAll('#symbol-names option').length > 200",
    "/gallery.html": "return document.querySelectorAll('#themes img').length > 0 && document.querySelectorAll('#style-themes img').length > 0",
    "/symbols.html": "return document.querySelectorAll('#grid img').length > 0",
}


def check(condition, message):
    print("ok  " if condition else "FAIL", message)
    if not condition:
        failures.append(message)


def driver_for():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,1000", "--no-first-run"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(options=options, service=service)


def wait_for(driver, script, timeout=15):
    try:
        WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: d.execute_script(script))
        return True
    except Exception:
        return False


# Registered before any page script runs (CDP), so violations during load are recorded too.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation',
  e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
"""


def main():
    base = sys.argv[1].rstrip("/")
    driver = driver_for()
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_VIOLATIONS})
        for path, built in BUILT_BY_SCRIPT.items():
            with urllib.request.urlopen(base + path) as response:
                policy = response.headers.get("Content-Security-Policy") or ""
            check("frame-ancestors 'none'" in policy and "script-src 'self'" in policy, f"{path} policy: {policy}")
            driver.get_log("browser")  # drop what earlier pages logged
            driver.get(base + path)
            check(wait_for(driver, built), f"{path}: its script ran under the policy")
            # The pictures a reader sees (lazy ones below the fold are never fetched).
            shown = "[...document.images].filter(i => i.getBoundingClientRect().top < innerHeight)"
            check(wait_for(driver, f"return {shown}.every(i => i.complete)"), f"{path}: pictures finished")
            broken = driver.execute_script(
                f"return {shown}.filter(i => i.naturalWidth === 0).map(i => i.src).slice(0, 5)")
            check(broken == [], f"{path}: every picture loaded {broken}")
            violations = driver.execute_script("return window.__violations")
            check(violations == [], f"{path}: no policy violation {violations}")
            console = [e["message"] for e in driver.get_log("browser")
                       if e["level"] == "SEVERE" or "Content Security Policy" in e["message"]]
            check(console == [], f"{path}: no console errors {console}")

        # A page of another origin (another port) frames the playground: Chromium refuses.
        with tempfile.TemporaryDirectory() as directory:
            with open(os.path.join(directory, "framing.html"), "w") as f:
                f.write(f"<!doctype html><title>framing</title><iframe src='{base}/'></iframe>")
            handler = functools.partial(QuietHandler, directory=directory)
            other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            threading.Thread(target=other.serve_forever, daemon=True).start()
            try:
                driver.get_log("browser")
                driver.get(f"http://127.0.0.1:{other.server_address[1]}/framing.html")
                refused = any("frame-ancestors" in e["message"] for e in _logs_until(driver, "frame-ancestors"))
                check(refused, "a page of another origin cannot frame the playground (frame-ancestors 'none')")
            finally:
                other.shutdown()
    finally:
        driver.quit()
    if failures:
        print(f"{len(failures)} failure(s)")
        sys.exit(1)
    print("page policy: all checks passed")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _logs_until(driver, needle, timeout=10):
    """Browser log entries, read until one mentions `needle` or `timeout` seconds pass."""
    seen = []
    def found(d):
        seen.extend(d.get_log("browser"))
        return any(needle in e["message"] for e in seen)
    try:
        WebDriverWait(driver, timeout, poll_frequency=0.1).until(found)
    except Exception:
        pass
    return seen


if __name__ == "__main__":
    main()
