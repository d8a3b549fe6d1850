"""What the browser tests share: Chromium through Selenium, checks that count failures, and
waiting for the playground's preview.

Each test script imports these, runs its checks against BASE_URL, and exits 1 when any
`check` failed (`finish`).
"""
import base64
import http.client
import os
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

failures = []


def check(condition, message):
    if condition:
        print("ok  ", message)
    else:
        print("FAIL", message)
        failures.append(message)


def driver_for():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,1000", "--hide-scrollbars", "--no-first-run"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(options=options, service=service)


def wait_for(driver, script, timeout=15, message="condition"):
    try:
        WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: d.execute_script(script))
        return True
    except Exception:
        print("timed out waiting for", message)
        return False


def preview_loaded(driver, src=None, having=""):
    """Waits for a preview src other than `src` that contains `having`, then for it to load;
    returns (src, naturalWidth, naturalHeight)."""
    if src is not None:
        wait_for(driver, f"const s = document.getElementById('preview').src; return s !== {src!r} && s.includes({having!r})",
                 message="a new preview src")
    wait_for(driver, "const i = document.getElementById('preview'); return i.complete && i.naturalWidth > 0",
             message="the preview to load")
    return tuple(driver.execute_script(
        "const i = document.getElementById('preview'); return [i.src, i.naturalWidth, i.naturalHeight]"))


def choose(driver, select_id, value):
    """Picks an option from the keyboard (type-ahead on the focused select), as a user would."""
    element = driver.find_element(By.ID, select_id)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", element)
    element.send_keys(value)
    ok = wait_for(driver, f"return document.getElementById({select_id!r}).value === {value!r}", timeout=3,
                  message=f"{select_id} = {value}")
    check(ok, f"keyboard selects {value} in #{select_id}")


def snippet(driver, name):
    return driver.find_element(By.ID, "s-" + name).text


def console_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]


def screenshot(driver, path, width, height, mobile):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 2 if mobile else 1, "mobile": mobile})
    time.sleep(0.3)
    scroll_width = driver.execute_script("return document.documentElement.scrollWidth")
    check(scroll_width <= width, f"no sideways scrolling at {width} px wide (page is {scroll_width})")
    full = driver.execute_script("return document.documentElement.scrollHeight")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": max(height, full), "deviceScaleFactor": 2 if mobile else 1, "mobile": mobile})
    wait_for(driver, "return [...document.images].filter(i => i.loading !== 'lazy').every(i => i.complete)", message="images")
    time.sleep(0.3)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
    with open(path, "wb") as f:
        f.write(base64.b64decode(shot["data"]))
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    print("saved", path)


def finish():
    """Exits 1, naming how many checks failed, if any did."""
    if failures:
        print(f"{len(failures)} check(s) failed")
        sys.exit(1)


# Fields a forwarding server neither passes on nor copies back (RFC 9110 section 7.6.1), and
# Content-Length, which it writes for the body it sends.
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "content-length"}


def forwarding_server(base, pages=None, added_headers=None, dropped=frozenset()):
    """A loopback HTTP server on a free port, on a daemon thread: a GET for a path in `pages`
    (path -> HTML text) is answered with that page; any other GET is forwarded to `base` (its
    fields but Host, hop-by-hop ones and `dropped`, lowercase names) and the answer passed back
    (its fields but hop-by-hop ones and `dropped`). `added_headers(content_type)` gives more
    (name, value) fields for each answer. Returns (its base URL, the server: call shutdown())."""
    target = urllib.parse.urlsplit(base)
    pages = pages or {}
    skip = HOP_BY_HOP | set(dropped)

    class Forward(BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path in pages:
                status, body = 200, pages[self.path].encode()
                headers = [("Content-Type", "text/html; charset=utf-8")]
            else:
                upstream = http.client.HTTPConnection(target.hostname, target.port, timeout=30)
                try:
                    asked = {k: v for k, v in self.headers.items() if k.lower() not in skip | {"host"}}
                    upstream.request("GET", self.path, headers=asked)
                    response = upstream.getresponse()
                    status, body = response.status, response.read()
                    headers = [(k, v) for k, v in response.getheaders() if k.lower() not in skip]
                finally:
                    upstream.close()
            content_type = dict((k.lower(), v) for k, v in headers).get("content-type", "")
            headers += added_headers(content_type) if added_headers else []
            self.send_response(status)
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            try:
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                # The browser closed the connection first (a page left, an image no longer
                # wanted): nothing to deliver, and not a failure of the page under test.
                pass

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Forward)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}", server
