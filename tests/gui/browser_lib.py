"""What the browser tests of kaki-board share: a kaki-board server, headless Chromium driven by
Selenium, and the steps a person takes on the page (clicks, drags and hovers on squares, the New
game dialog, a pasted position).  Every wait is for an event, with a generous time-out: nothing
depends on the machine's speed.

    from browser_lib import *
    server, url = start_server(BOARD)
    page = Page(url, OUT, 1440, 900)
    ...
    finish(page, server)          # exit status 0 = passed"""

import atexit
import json
import os
import subprocess
import sys
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

failures = []
servers = []  # stopped at exit, also when a test dies of an exception


@atexit.register
def _stop_servers():
    for s in servers:
        if s.poll() is None:
            s.terminate()  # kaki-board stops its engines
            try:
                s.wait(timeout=15)
            except subprocess.TimeoutExpired:
                s.kill()
                s.wait()


def check(cond, what):
    print(("ok    " if cond else "FAIL  ") + what, flush=True)
    if not cond:
        failures.append(what)
    return cond


def sq(file, rank):
    """Square index from XBoard coordinates: file 'a'..'p', rank 1..16."""
    return (rank - 1) * 16 + ord(file) - ord("a")


def start_server(board, *args):
    """kaki-board on a free port; returns (process, URL)."""
    server = subprocess.Popen([board, "--port", "0", *args], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    servers.append(server)
    first = server.stdout.readline().strip()
    check(first.startswith("Kaki board: http://127.0.0.1:"), "first line names the URL: " + first)
    return server, first.split(": ", 1)[1]


def stop(proc):
    """SIGTERM: kaki-board must stop cleanly (status 0) within 15 s."""
    proc.terminate()
    try:
        proc.wait(timeout=15)
        check(proc.returncode == 0, "kaki-board stopped cleanly on SIGTERM (%s)" % proc.returncode)
    except subprocess.TimeoutExpired:
        proc.kill()
        check(False, "kaki-board did not stop within 15 s of SIGTERM")


def api(url, path, body=None, timeout=60):
    """GET (or POST with a JSON body) /api/...; the answer's JSON (HTTPError on a 4xx)."""
    req = urllib.request.Request(url + path.lstrip("/"))
    if body is not None:
        req.data = json.dumps(body).encode()
        req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=timeout) as r:
        text = r.read()
        return json.loads(text) if r.headers.get_content_type() == "application/json" else text.decode()


def wait(cond, what, timeout=60.0):
    """Polls cond until it holds (its value) or the generous time-out passes (None, a failure):
    an event, never a fixed pause, so that a slow or loaded machine only takes longer."""
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


class Page:
    """The page of kaki-board in headless Chromium, at a window size."""

    def __init__(self, url, out, width=1440, height=900):
        self.url, self.out = url, out
        os.makedirs(out, exist_ok=True)
        opts = webdriver.ChromeOptions()
        for a in ("--headless --no-sandbox --disable-gpu --disable-background-networking "
                  "--disable-component-update --disable-sync --no-first-run --disable-extensions "
                  "--hide-scrollbars --window-size=%d,%d" % (width, height)).split():
            opts.add_argument(a)
        opts.add_argument("--user-data-dir=" + os.path.join(out, "chrome-profile-%d" % os.getpid()))
        self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)
        self.driver.set_page_load_timeout(120)
        self.open(url)
        self.resize(width, height)

    def open(self, url=None):
        if url:
            self.url = url
        t0 = time.time()
        self.driver.get(self.url)
        wait(lambda: self.js("return document.body.dataset.ready === '1'"), "the page", 60)
        return (time.time() - t0) * 1000

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def api(self, path, body=None):
        return api(self.url, path, body)

    def el(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def els(self, css):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def shot(self, name):
        path = os.path.join(self.out, name)
        time.sleep(0.3)  # the last frame painted
        self.driver.save_screenshot(path)
        return path

    def resize(self, width, height):
        """The viewport (what the page gets, not the window with its frame) to width x height."""
        self.driver.set_window_size(width, height)
        inner = self.js("return [window.innerWidth, window.innerHeight]")
        self.driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
        wait(lambda: self.js("return [window.innerWidth, window.innerHeight]") == [width, height],
             "the window at %dx%d" % (width, height))
        time.sleep(0.3)

    # -- the game --------------------------------------------------------------------------
    def version(self):
        return int(self.js("return Number(document.body.dataset.version || -1)"))

    def after_action(self, before, what, timeout=60):
        return wait(lambda: self.version() > before, what, timeout)

    def state(self):
        return self.api("/api/state")

    def plies(self):
        return [e.text for e in self.els("#moves .ply")]

    def pieces(self):
        """{square: symbol} of the pieces the page draws."""
        return {int(k): v for k, v in self.js(
            "const o = {}; for (const u of document.querySelectorAll('#board use.pc'))"
            " o[u.dataset.sq] = u.getAttribute('href'); return o;").items()}

    def flipped(self):
        return self.js("const f = document.getElementById('board').dataset.flipped;"
                       "return f === undefined ? localStorage.getItem('kaki-flipped') === '1' : f === '1'")

    # -- the board -------------------------------------------------------------------------
    def square_point(self, s):
        """Offset of a square's centre from the board's centre, in CSS pixels (the page's own
        geometry: window.kakiGeometry)."""
        g = self.js("const r = document.getElementById('board').getBoundingClientRect();"
                    "const k = window.kakiGeometry || {size: 1004, margin: 22, square: 60};"  # (before it)
                    "return [r.width, r.height, k.size, k.margin, k.square];")
        w, h, size, margin, square = g
        file, rank = s & 15, s >> 4
        col, row = (15 - file, rank) if self.flipped() else (file, 15 - rank)
        unit = w / size
        x = (margin + col * square + square / 2) * unit - w / 2
        y = (margin + row * square + square / 2) * unit - h / 2
        return int(round(x)), int(round(y))

    def click_square(self, s):
        x, y = self.square_point(s)
        ActionChains(self.driver).move_to_element_with_offset(self.el("#board"), x, y).click().perform()

    def hover_square(self, s):
        x, y = self.square_point(s)
        ActionChains(self.driver).move_to_element_with_offset(self.el("#board"), x, y).perform()

    def drag(self, a, b, during=None, steps=6):
        """Presses on square a, moves to b in small steps, calls during() over b, releases."""
        board = self.el("#board")
        ax, ay = self.square_point(a)
        bx, by = self.square_point(b)
        chain = ActionChains(self.driver).move_to_element_with_offset(board, ax, ay).click_and_hold()
        px, py = ax, ay
        for i in range(1, steps + 1):
            nx, ny = ax + (bx - ax) * i // steps, ay + (by - ay) * i // steps
            chain.move_by_offset(nx - px, ny - py)
            px, py = nx, ny
        chain.perform()
        result = during() if during else None
        ActionChains(self.driver).release().perform()
        return result

    def count(self, css):
        return self.js("return document.querySelectorAll(arguments[0]).length", css)

    # -- dialogs ---------------------------------------------------------------------------
    def fill_new_game(self, sente, gote, clock, tfen=""):
        """Opens the New game dialog (unless it is open) and fills it in as a person does (not
        submitted)."""
        if not self.js("return document.getElementById('dlg-new').open"):
            self.el("#btn-new").click()
        wait(lambda: self.js("return document.getElementById('dlg-new').open"), "the dialog")
        form = self.el("#form-new")
        form.find_element(By.CSS_SELECTOR, f"input[name=sente][value={sente}]").click()
        form.find_element(By.CSS_SELECTOR, f"input[name=gote][value={gote}]").click()
        self.js("const s = document.getElementById('clock-kind'); s.value = arguments[0];"
                "s.dispatchEvent(new Event('change', {bubbles: true}))", clock["kind"])
        for k in ("base", "inc", "move", "depth"):
            if k in clock:
                e = form.find_element(By.NAME, k)
                e.clear()
                e.send_keys(str(clock[k]))
        t = form.find_element(By.ID, "new-tfen")
        t.clear()
        if tfen:
            t.send_keys(tfen)

    def new_game(self, sente, gote, clock, tfen=""):
        before = self.version()
        self.fill_new_game(sente, gote, clock, tfen)
        self.el("#new-ok").click()
        self.after_action(before, "the new game", 300)  # engines start slowly on a loaded machine
        wait(lambda: not self.js("return document.getElementById('dlg-new').open"), "the dialog closed",
             300)

    def set_up(self, tfen):
        before = self.version()
        box = self.el("#tfen")
        box.clear()
        box.send_keys(tfen)
        self.el("#btn-setup").click()
        self.after_action(before, "the set-up position")
        check(self.state()["tfen"] == tfen, "position set up from pasted TFEN")

    def console_errors(self):
        return [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE"]

    def quit(self):
        self.driver.quit()


def finish(page=None, *servers):
    if page:
        page.quit()
    for s in servers:
        stop(s)
    print("FAILED: %d checks" % len(failures) if failures else "passed", flush=True)
    sys.exit(1 if failures else 0)
