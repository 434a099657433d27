#!/usr/bin/python3
"""kaki-board.exe under Wine, driven through its page in headless Chromium on Linux: it serves
the page on 127.0.0.1, refuses requests with a foreign Host or Origin, and a person plays one
game against kaki.exe (the engine beside it, which it finds by itself) by clicks: four moves,
each answered by Kaki, then resigns.  When kaki-board.exe is killed, its engines die with it
(their job objects).  Screenshots go to ARTIFACT_DIR (game.png: the board under Wine).

    board_browser.py WINE KAKI_BOARD_EXE ARTIFACT_DIR

Exit status 0 = passed.  Every wait is for an event, with time-outs generous for a loaded
machine."""

import os
import sys
import time
import urllib.error
import urllib.request

sys.dont_write_bytecode = True  # no __pycache__ beside wine_browser_lib.py in the sources
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wine_browser_lib as lib  # noqa: E402
from wine_browser_lib import api, check, click_square, failures, new_game, wait  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

WINE, BOARD, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(OUT, exist_ok=True)
SLOW = 300  # seconds: a time-out that only a hang reaches

# --- the server ---------------------------------------------------------------------------
server, first = lib.start_board([WINE, BOARD, "--port", "0"])
check(first.startswith("Kaki board: http://127.0.0.1:"), "first line names the URL: " + first)
URL = first.split(": ", 1)[1]
PORT = int(URL.rstrip("/").rsplit(":", 1)[1])
own_origin = URL.rstrip("/")


def status(path, headers, body=None):
    req = urllib.request.Request(URL + path, data=body, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=SLOW) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


# --- Host and Origin (DNS rebinding, cross-site requests) ------------------------------
JSON = {"Content-Type": "application/json"}
people = b'{"sente": "human", "gote": "human", "clock": {"kind": "none"}}'
check(status("api/state", {}) == 200, "the page's own address is served")
check(status("api/state", {"Host": "localhost:%d" % PORT}) == 200, "Host localhost is served")
check(status("api/state", {"Host": "evil.example"}) == 403, "a foreign Host is refused")
check(status("api/state", {"Host": "127.0.0.1.evil.example:%d" % PORT}) == 403,
      "a foreign Host that starts like ours is refused")
check(status("", {"Host": "evil.example:%d" % PORT}) == 403, "the page itself too")
check(status("api/new", dict(JSON, Origin="http://evil.example"), people) == 403,
      "a request from a page elsewhere (Origin) is refused")
check(status("api/new", dict(JSON, Origin=own_origin), people) == 200,
      "a request from the board's own page is served")

# --- the browser: one game against kaki.exe --------------------------------------------
driver = lib.start_chrome(OUT)
lib.connect(driver, URL)
js = driver.execute_script
driver.get(URL)
wait(lambda: js("return document.body.dataset.ready === '1'"), "the page", SLOW)
check(len(lib.pieces_on_page()) == 156, "156 pieces on the start position")
new_game("human", "engine", {"kind": "depth", "depth": 2}, timeout=SLOW)


def simple_move(state):
    """A legal move made by two clicks (one leg, no promotion question, by a piece without
    multi-leg moves), a pawn's first: (from, to, hodges)."""
    legal = state["legal"]
    multi = {m["from"] for m in legal if m["mid"] != -1 or m["pass"]}
    fine = [m for m in legal if m["from"] not in multi and not m["promo"] and not m["choice"]]
    fine.sort(key=lambda m: (not m["hodges"].startswith("P"), m["wire"]))
    return (fine[0]["from"], fine[0]["to"], fine[0]["hodges"]) if fine else None


def plies():
    return driver.find_elements(By.CSS_SELECTOR, "#moves .ply")


for turn in range(4):
    st = wait(lambda: (lambda s: s if s["legal"] else None)(api("/api/state")),
              "sente to move", SLOW)
    move = simple_move(st) if st else None
    if not check(move is not None, "a legal move to click (turn %d)" % (turn + 1)):
        break
    frm, to, hodges = move
    before = len(plies())
    click_square(frm)
    wait(lambda: js("return document.querySelectorAll('#board .dest, #board .dest-cap').length") > 0,
         "legal targets highlighted", SLOW)
    click_square(to)
    wait(lambda: len(plies()) >= before + 2, "Kaki's answer to " + hodges, SLOW)
    texts = [e.text for e in plies()]
    check(len(texts) == before + 2 and texts[before] == hodges,
          "%s played by clicks and answered by Kaki (%s)" % (hodges, texts[before:]))

st = api("/api/state")
check(any(e["name"].startswith("Kaki") for e in st["engines"]),
      "the engine is kaki.exe: %s" % [e["name"] for e in st["engines"]])
check(not st["over"], "the game goes on: %s" % st["ending"])
time.sleep(0.5)  # the last redraw's transitions
driver.save_screenshot(os.path.join(OUT, "game.png"))
before = lib.page_version()
driver.find_element(By.ID, "btn-resign").click()
driver.switch_to.alert.accept()
lib.after_action(before, "resignation", SLOW)
st = api("/api/state")
check(st["over"] and st["result"] == "0-1" and "resigns" in st["ending"],
      "the game ends: sente resigned (%s %s)" % (st["result"], st["ending"]))
errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
check(not errors, "no errors in the browser console %s" % errors)
driver.quit()

# --- killed, kaki-board.exe takes its engines with it -----------------------------------
marker = os.path.dirname(os.path.abspath(BOARD)).replace("/", "\\").encode()


def engines_left():
    left = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                cmd = f.read()
        except OSError:
            continue
        if marker in cmd and b"kaki.exe" in cmd:
            left.append(pid)
    return left


check(engines_left() != [], "kaki.exe runs beside kaki-board.exe")
server.terminate()
try:
    server.wait(timeout=SLOW)
except Exception:
    server.kill()
left = wait(lambda: engines_left() == [], "the engines' end", SLOW)
check(left is not None, "no kaki.exe left once kaki-board.exe is gone: %s" % engines_left())
print("screenshots in", OUT)
sys.exit(1 if failures else 0)
