#!/usr/bin/python3
"""kaki-board in a real browser (headless Chromium driven by Selenium), doing what a person
does: play a move and see Kaki answer, a lion double capture, a fire-demon move that burns
(the burned pieces must be gone from the page), accept and decline a promotion, switch the
three piece sets, load a kaki-match PGN and step through it, run the analysis and see a
principal variation, and play a move with the keyboard alone.

    browser_test.py KAKI_BOARD MATCH_PGN ARTIFACT_DIR

Screenshots go to ARTIFACT_DIR; the figures (page load time, click-to-highlight time) are
printed at the end.  Exit status 0 = passed."""

import os
import sys
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_lib import Page, check, finish, sq, start_server, stop, wait  # noqa: E402

BOARD, PGN, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
server, URL = start_server(BOARD)
page = Page(URL, OUT, 1440, 900)
driver, js = page.driver, page.js


def api(path, body=None):
    return page.api(path, body)


def page_version():
    return page.version()


def click_square(s):
    page.click_square(s)


def hover_square(s):
    page.hover_square(s)


def pieces_on_page():
    return page.pieces()


def after_action(before, what):
    return page.after_action(before, what)


def new_game(sente, gote, clock, tfen=""):
    page.new_game(sente, gote, clock, tfen)


def set_up(tfen):
    page.set_up(tfen)


# 1. the page loads; the three piece sets -----------------------------------------------
load_wall = page.open()
nav = js("const n = performance.getEntriesByType('navigation')[0];"
         "return {dom: n.domContentLoadedEventEnd, load: n.loadEventEnd};")
ready_ms = js("return window.kakiMetrics.loadMs")
ready_abs = js("return window.kakiMetrics.navigationMs")
check(len(pieces_on_page()) == 156, "156 pieces on the start position (%d)" % len(pieces_on_page()))
symbol_text = {}
for name in ("kanji", "mnemonic", "letters"):
    driver.find_element(By.CSS_SELECTOR, f"input[name=set][value={name}]").click()
    wait(lambda: js("return document.body.dataset.set") == name, "piece set " + name)
    symbol_text[name] = js("return document.getElementById('p36-0').innerHTML")
    time.sleep(0.3)
    driver.save_screenshot(os.path.join(OUT, f"start-{name}.png"))
check(">歩<" in symbol_text["kanji"] and ">兵<" in symbol_text["kanji"], "kanji pawn is inscribed 歩兵")
check("circle" in symbol_text["mnemonic"] and ">P<" in symbol_text["mnemonic"],
      "mnemonic pawn shows its step (a dot)")
check(">P<" in symbol_text["letters"] and "circle" not in symbol_text["letters"],
      "letters pawn is P")
driver.find_element(By.CSS_SELECTOR, "input[name=set][value=kanji]").click()

# hovering a piece: its names and a diagram of its moves under the current rules
hover_square(sq("h", 2))  # sente's lion
tip = wait(lambda: js("const t = document.getElementById('tip');"
                      "return !t.hidden ? t.textContent : null"), "the piece's tooltip")
check(tip and "lion" in tip and "獅子" in tip and "shishi" in tip, "tooltip names the lion: %s" % tip)
check(js("return document.querySelectorAll('#tip svg rect').length") > 0, "with a movement diagram")
ActionChains(driver).move_to_element(driver.find_element(By.ID, "status")).perform()

# flipping the board: gote at the bottom
driver.find_element(By.TAG_NAME, "body").send_keys("f")
wait(lambda: page.flipped(), "flip")
y_king = js("return document.querySelector('#board use.pc[data-sq=\"7\"]').getBBox().y")
check(y_king < 200, "flipped: sente's king (h1) is at the top (y %s)" % y_king)
driver.find_element(By.ID, "btn-flip").click()
wait(lambda: not page.flipped(), "flip back")

# 2. a move against Kaki; Kaki answers ----------------------------------------------------
new_game("human", "engine", {"kind": "depth", "depth": 2})
for f in "abcdefghijklmnop":  # picking up pieces: the time from click to highlighted targets
    click_square(sq(f, 3 if f in "cdehijlm" else 4))
    wait(lambda: js("return window.kakiMetrics.highlightMs.length") > 0, "a highlight")
js("document.getElementById('board').dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'}))")
pawn, dest = sq("i", 5), sq("i", 6)
click_square(pawn)
wait(lambda: js("return document.querySelectorAll('#board .dest, #board .dest-cap').length") > 0,
     "legal targets highlighted")
check(js("return document.querySelectorAll('#board .dest').length") == 1,
      "one target for the pawn")
click_square(dest)
wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#moves .ply")) >= 2, "Kaki's answer", 120)
plies = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#moves .ply")]
check(plies[:1] == ["P-8k"], "the move list shows P-8k (%s)" % plies)
check(len(plies) == 2, "Kaki answered with a move (%s)" % plies[1:])
highlight = list(js("return window.kakiMetrics.highlightMs"))

# resigning
before = page_version()
driver.find_element(By.ID, "btn-resign").click()
driver.switch_to.alert.accept()
after_action(before, "resignation")
st = api("/api/state")
check(st["over"] and st["result"] == "0-1" and "resigns" in st["ending"], "sente resigned: %s" % st["ending"])

# two engines playing each other, watched, then stopped.  The game must still be running when
# Stop is pressed, however slow the machine: two seconds a move, so that a game of hundreds of
# plies takes many minutes (at a fixed depth a whole game took under a minute, and on a loaded
# machine the click can arrive that late).  Waits are for events: two plies shown, then the
# pause itself (the page may have redrawn for a move already on its way).
new_game("engine", "engine", {"kind": "permove", "move": 2})
wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#moves .ply")) >= 2, "engines playing", 120)
before = page_version()
driver.find_element(By.ID, "btn-stop").click()
after_action(before, "stop")
stopped = wait(lambda: api("/api/state")["paused"], "the pause", 60)
if not stopped:
    st = api("/api/state")
    print("state:", {k: st[k] for k in ("over", "paused", "pauseReason", "ending", "engineGame")},
          len(st["plies"]), "plies", flush=True)
check(stopped, "engine game stopped")

# people on both sides from here on
new_game("human", "human", {"kind": "none"})

# 3. a lion double capture (docs/RULES.md §10 T1) ----------------------------------------
set_up("15k/16/16/16/16/16/7s8/7Pp7/7L!1G6/6g9/16/16/16/16/16/K15 b")
lion, first_leg, second = sq("h", 8), sq("i", 9), sq("h", 10)
click_square(lion)
wait(lambda: js("return document.querySelectorAll('#board .leg').length") >= 2,
     "first-leg squares marked")
click_square(first_leg)
wait(lambda: js("return document.querySelectorAll('#board .dest, #board .dest-cap').length") > 0,
     "second-leg targets")
before = page_version()
click_square(second)
after_action(before, "the double capture")
p = pieces_on_page()
check(first_leg not in p and p.get(second) == "#p14-0" and lion not in p,
      "lion double capture: i9 empty, the lion on h10")
check(api("/api/state")["plies"][-1]["hodges"] == "Lnx8hx9g", "recorded as Lnx8hx9g")

# igui (capture without moving: the victim, then the lion's own square) and a pass (the lion
# twice), then a great general's range-jumping capture over four pieces (T8)
T1 = "15k/16/16/16/16/16/7s8/7Pp7/7L!1G6/6g9/16/16/16/16/16/K15 b"
for clicks, hodges in (((lion, sq("g", 7), lion), "Lnx!10j"), ((lion, lion), "Ln-9i")):
    set_up(T1)
    before = page_version()
    for c in clicks:
        click_square(c)
        time.sleep(0.15)
    after_action(before, hodges)
    check(api("/api/state")["plies"][-1]["hodges"] == hodges, "clicked %s" % hodges)
set_up("16/16/16/16/16/3g12/3q!12/3s12/3b!3r8/l5+e9/1p1p12/2V!Pp11/nR!1Q!2k9/16/5+R!10/6s8K b")
click_square(sq("d", 4))
wait(lambda: js("return document.querySelectorAll('#board .dest-cap').length") >= 8, "the general's captures")
before = page_version()
click_square(sq("d", 10))
after_action(before, "the range jump")
check(api("/api/state")["plies"][-1]["hodges"] == "GGnx13g" and pieces_on_page().get(sq("d", 10)) == "#p2-0",
      "range-jumping capture GGnx13g over four pieces")

# 4. a fire-demon move that burns (T7): the burn is shown before, the pieces are gone after
set_up("15k/16/16/16/16/16/16/16/16/16/5P10/4d!11/2p13/4g11/1D!3P10/15K b")
demon, target, victims = sq("b", 2), sq("d", 3), (sq("c", 4), sq("e", 3))
click_square(demon)
wait(lambda: js("return document.querySelectorAll('#board .burnbadge').length") > 0,
     "burning targets marked")
hover_square(target)
wait(lambda: js("return document.querySelectorAll('#board .burnpreview').length") == 2,
     "the two pieces the move would burn are shown before it is made")
before = page_version()
click_square(target)
after_action(before, "the burning move")
p = pieces_on_page()
check(all(v not in p for v in victims) and p.get(target) == "#p12-0",
      "burned pieces c4 and e3 are gone from the page, the demon is on d3")
check(js("return document.querySelectorAll('#board [data-burnt]').length") == 2,
      "a short mark shows what burned")
driver.save_screenshot(os.path.join(OUT, "after-burn.png"))
check(api("/api/state")["plies"][-1]["hodges"] == "FiD-13nx!14m,12n", "recorded as FiD-13nx!14m,12n")

# 5. promotion: accepted, taken back, declined (T11) ------------------------------------
set_up("15k/16/16/16/6PpP7/6PF!P7/6PPP7/16/16/16/16/16/16/16/16/K15 b")
falcon, pawn12 = sq("h", 11), sq("h", 12)
for answer, code in (("promo-yes", "#p45-0"), ("promo-no", "#p9-0")):
    click_square(falcon)
    wait(lambda: js("return document.querySelectorAll('#board .dest-cap').length") > 0, "targets")
    click_square(pawn12)  # a first leg too (h11xh12-h13): a second click captures and stops
    wait(lambda: js("return document.querySelectorAll('#board .selected').length") == 2,
         "the capture square chosen as first leg")
    click_square(pawn12)
    wait(lambda: js("return document.getElementById('dlg-promo').open"), "the promotion question")
    before = page_version()
    driver.find_element(By.ID, answer).click()
    after_action(before, "the promotion answer")
    check(pieces_on_page().get(pawn12) == code, f"{answer}: the falcon on h12 is {code}")
    if answer == "promo-yes":
        check(api("/api/state")["plies"][-1]["hodges"] == "HFx9e+", "recorded as HFx9e+")
        before = page_version()
        driver.find_element(By.ID, "btn-undo").click()
        after_action(before, "take back")
    else:
        check(api("/api/state")["plies"][-1]["hodges"] == "HFx9e=", "recorded as HFx9e=")

# 6. the keyboard alone: focus the board, walk to the pawn, pick it up, move it ----------
new_game("human", "human", {"kind": "none"})
body = driver.find_element(By.TAG_NAME, "body")
body.send_keys("b")  # focus the board; its cursor starts on i4
before = page_version()
board = driver.find_element(By.ID, "board")
board.send_keys(Keys.ARROW_UP, Keys.ENTER, Keys.ARROW_UP, Keys.ENTER)
after_action(before, "a move entered with the keyboard")
check(api("/api/state")["plies"][-1]["wire"] == "i5i6", "keyboard move i5i6")

# 7. a kaki-match PGN: load it and step through it ---------------------------------------
text = open(PGN, encoding="utf-8").read()
expected = int(text.split('[PlyCount "', 1)[1].split('"', 1)[0])
box = driver.find_element(By.ID, "pgn-text")
js("arguments[0].value = arguments[1]", box, text)
before = page_version()
driver.find_element(By.ID, "btn-load-pgn").click()
after_action(before, "the PGN")
n = len(driver.find_elements(By.CSS_SELECTOR, "#moves .ply"))
check(n == expected, f"all {expected} plies of the kaki-match game loaded ({n})")
body.send_keys(Keys.HOME)
wait(lambda: api("/api/state")["cursor"] == 0, "Home: the start")
for i in range(1, 6):
    before = page_version()
    body.send_keys(Keys.ARROW_RIGHT)
    after_action(before, "step %d" % i)
check(api("/api/state")["cursor"] == 5, "stepped forward five plies")
check(js("return document.querySelector('#moves .ply.current').dataset.ply") == "5",
      "the move list marks ply 5")
before = page_version()
driver.find_elements(By.CSS_SELECTOR, "#moves .ply")[9].click()
after_action(before, "a click on ply 10")
check(api("/api/state")["cursor"] == 10, "a click on the list goes to ply 10")

# 8. analysis of a position in the game's history -----------------------------------------
before = page_version()
driver.find_element(By.ID, "btn-analyse").click()
after_action(before, "analysis on")
pv = wait(lambda: js("const t = document.getElementById('think-pv').textContent;"
                     "return document.getElementById('think-depth').textContent !== 'depth –' "
                     "&& t.split(' ').length >= 2 ? t : null"), "a principal variation", 120)
check(bool(pv), "analysis shows a principal variation: %s" % pv)
wait(lambda: js("return document.querySelectorAll('#board .arrow').length") > 0, "the best-move arrow")
check(js("return document.getElementById('think-nps').textContent").endswith("nodes/s"),
      "nodes per second shown")
time.sleep(1.0)
driver.save_screenshot(os.path.join(OUT, "analysis.png"))
driver.find_element(By.ID, "analysis").screenshot(os.path.join(OUT, "analysis-panel.png"))
before = page_version()
driver.find_element(By.ID, "btn-analyse").click()
after_action(before, "analysis off")

errors = page.console_errors()
check(not errors, "no errors in the browser console %s" % errors)
stop(server)

# 9. an engine that crashes: reported on the page, restarted, the game goes on -----------
kaki = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(BOARD))), "kaki")
mark = os.path.join(OUT, "crashed-once")
script = os.path.join(OUT, "crash-once.sh")
if os.path.exists(mark):
    os.unlink(mark)
with open(script, "w") as f:  # crashes (SIGSEGV) on its first "go", only the first time
    f.write("#!/bin/sh\nif [ -e %s ]; then exec %s; fi\n: > %s\n"
            "while read -r line; do case \"$line\" in\n"
            "  go) kill -SEGV $$ ;;\n"
            "  protover*) echo 'feature myname=\"Crasher\" variants=\"tenjiku\" ping=1 setboard=1 usermove=1 done=1' ;;\n"
            "  ping*) echo \"pong ${line#ping }\" ;;\n"
            "esac; done\n" % (mark, kaki, mark))
os.chmod(script, 0o755)
server, URL = start_server(BOARD, "--engine", script)
page.open(URL)
new_game("human", "engine", {"kind": "depth", "depth": 2})
click_square(sq("i", 5))
click_square(sq("i", 6))
button = wait(lambda: driver.find_element(By.CSS_SELECTOR, "#engine-actions button"),
              "the engine's crash reported with a Restart button")
check(button is not None and "Restart engine 1" in button.text, "crash reported on the page")
check("stopped" in js("return document.getElementById('notice').textContent"),
      "the notice says the engine stopped")
if button:
    button.click()
wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#moves .ply")) >= 2,
     "the restarted engine's move", 120)
check(len(driver.find_elements(By.CSS_SELECTOR, "#moves .ply")) == 2, "the game went on")

# the figures -------------------------------------------------------------------------
print("figures: page load %.0f ms (DOMContentLoaded %.0f ms, board drawn %.0f ms after the "
      "script started, %.0f ms after navigation; wall %.0f ms)" % (
          nav["load"], nav["dom"], ready_ms, ready_abs, load_wall))
if highlight:
    print("figures: click to legal-target highlight %.1f ms (median of %d: %s)" % (
        sorted(highlight)[len(highlight) // 2], len(highlight),
        ", ".join("%.1f" % h for h in highlight)))
print("screenshots in", OUT)
finish(page, server)
