"""The helpers of tests/windows/board_browser.py (kaki-board.exe under Wine): checks, the board's
server and its API, headless Chromium driven by Selenium, and the page's own actions (clicks on
squares, the New game dialog, a pasted position), each waiting for the page's answer.

connect(driver, url) sets the page and server the functions act on (this module's driver and
URL); failures lists the checks that failed."""

import json
import os
import subprocess
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

failures = []
driver = None
URL = None


def check(cond, what):
    print(("ok    " if cond else "FAIL  ") + what, flush=True)
    if not cond:
        failures.append(what)
    return cond


def sq(file, rank):
    """Square index from XBoard coordinates: file 'a'..'p', rank 1..16."""
    return (rank - 1) * 16 + ord(file) - ord("a")


# --- the server ---------------------------------------------------------------------------
def start_board(argv):
    """Starts kaki-board (argv: the command); returns the process and its first line."""
    server = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return server, server.stdout.readline().strip()


def stop(proc):
    """SIGTERM: kaki-board must stop cleanly (status 0) within 15 s."""
    proc.terminate()
    try:
        proc.wait(timeout=15)
        check(proc.returncode == 0, "kaki-board stopped cleanly on SIGTERM (%s)" % proc.returncode)
    except subprocess.TimeoutExpired:
        proc.kill()
        check(False, "kaki-board did not stop within 15 s of SIGTERM")


def api(path, body=None, timeout=10):
    req = urllib.request.Request(URL + path.lstrip("/"))
    if body is not None:
        req.data = json.dumps(body).encode()
        req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return json.loads(r.read())


# --- the browser --------------------------------------------------------------------------
def start_chrome(out, width=1440, height=900):
    """Headless Chromium with a profile of its own in OUT."""
    opts = webdriver.ChromeOptions()
    for a in ("--headless --no-sandbox --disable-gpu --disable-background-networking "
              "--disable-component-update --disable-sync --no-first-run --disable-extensions "
              "--window-size=%d,%d" % (width, height)).split():
        opts.add_argument(a)
    opts.add_argument("--user-data-dir=" + os.path.join(out, "chrome-profile-%d" % os.getpid()))
    d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
    d.set_page_load_timeout(30)
    return d


def connect(d, url):
    global driver, URL
    driver, URL = d, url


def js(*args):
    return driver.execute_script(*args)


def wait(cond, what, timeout=15.0):
    end = time.time() + timeout
    while time.time() < end:
        try:
            v = cond()
            if v:
                return v
        except Exception:  # the page is between two renders
            pass
        time.sleep(0.05)
    check(False, "timed out waiting for: " + what)
    return None


def page_version():
    return int(js("return Number(document.body.dataset.version || -1)"))


def square_point(s):
    """Offset of a square's centre from the board's centre, in CSS pixels."""
    r = js("const r = document.getElementById('board').getBoundingClientRect();"
           "return [r.width, r.height];")
    flipped = js("return localStorage.getItem('kaki-flipped') === '1'")
    file, rank = s & 15, s >> 4
    col, row = (15 - file, rank) if flipped else (file, 15 - rank)
    unit = r[0] / (16 * 60 + 2 * 22)
    x = (22 + col * 60 + 30) * unit - r[0] / 2
    y = (22 + row * 60 + 30) * unit - r[1] / 2
    return int(round(x)), int(round(y))


def click_square(s):
    board = driver.find_element(By.ID, "board")
    x, y = square_point(s)
    ActionChains(driver).move_to_element_with_offset(board, x, y).click().perform()


def hover_square(s):
    board = driver.find_element(By.ID, "board")
    x, y = square_point(s)
    ActionChains(driver).move_to_element_with_offset(board, x, y).perform()


def pieces_on_page():
    """{square: symbol} of the pieces the page draws."""
    return {int(k): v for k, v in js(
        "const o = {}; for (const u of document.querySelectorAll('#board use.pc'))"
        " o[u.dataset.sq] = u.getAttribute('href'); return o;").items()}


def after_action(before, what, timeout=15.0):
    return wait(lambda: page_version() > before, what, timeout)


def new_game(sente, gote, clock, tfen="", timeout=15.0):
    """The New game dialog, as a person fills it in."""
    before = page_version()
    driver.find_element(By.ID, "btn-new").click()
    wait(lambda: js("return document.getElementById('dlg-new').open"), "the dialog", timeout)
    form = driver.find_element(By.ID, "form-new")
    form.find_element(By.CSS_SELECTOR, f"input[name=sente][value={sente}]").click()
    form.find_element(By.CSS_SELECTOR, f"input[name=gote][value={gote}]").click()
    # the dialog shows only the chosen clock's fields: choose it as a person does
    js("const s = document.getElementById('clock-kind'); s.value = arguments[0];"
       "s.dispatchEvent(new Event('change', {bubbles: true}))", clock["kind"])
    for k in ("move", "depth"):
        if k in clock:
            el = form.find_element(By.NAME, k)
            el.clear()
            el.send_keys(str(clock[k]))
    t = form.find_element(By.ID, "new-tfen")
    t.clear()
    if tfen:
        t.send_keys(tfen)
    driver.find_element(By.ID, "new-ok").click()
    after_action(before, "the new game", timeout)


def set_up(tfen):
    before = page_version()
    box = driver.find_element(By.ID, "tfen")
    box.clear()
    box.send_keys(tfen)
    driver.find_element(By.ID, "btn-setup").click()
    after_action(before, "the set-up position")
    check(api("/api/state")["tfen"] == tfen, "position set up from pasted TFEN")
