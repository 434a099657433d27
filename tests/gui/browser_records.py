#!/usr/bin/python3
"""Records (issue 30, item 6), in headless Chromium:
  * a PGN saved under one rules option loads while the current game uses another (the
    [Rules] tag is read before the moves); so does kaki-match's PGN of a match with --rule;
  * a bad game in a file of several is skipped with a message naming it, and the others load
    (the page lists the games of the file to choose from);
  * a big file (3.5 MB, about a thousand games) is read without blocking other requests, and
    its last game chosen; a file above the limit is refused by the page with a message giving
    both sizes;
  * kaki-match's scores are shown in sente's view ([%eval]) and the legend explains the marks;
  * a pass is written as docs/RULES.md §8 says (the piece to its own square: Ln-9i).

    browser_records.py KAKI_BOARD MATCH_PGN ARTIFACT_DIR"""

import json
import os
import re
import sys
import threading
import time
import urllib.error

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_lib import Page, api, check, finish, sq, start_server, wait  # noqa: E402

BOARD, PGN, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
RULES_PGN = os.path.join(os.path.dirname(PGN), "match-rules.pgn")
server, URL = start_server(BOARD)
page = Page(URL, OUT, 1440, 900)


def paste_and_load(text):
    before = page.version()
    page.js("document.getElementById('pgn-text').value = arguments[0]", text)
    page.el("#btn-load-pgn").click()
    return before


def rule(st, name):
    return next(r["value"] for r in st["rules"] if r["name"] == name)


def load_error(body):
    try:
        api(URL, "/api/loadpgn", body)
        return None
    except urllib.error.HTTPError as e:
        return json.loads(e.read())["error"]


# 1. a game saved under fd_range=file loads while the game shown uses the default ----------
page.new_game("human", "human", {"kind": "none"})
page.js("document.getElementById('btn-new').click()")
wait(lambda: page.js("return document.getElementById('dlg-new').open"), "the dialog")
page.js("document.querySelector('select[name=\"rule-fd_range\"]').value = 'file'")
before = page.version()
page.el("#new-ok").click()
page.after_action(before, "a game under fd_range=file")
page.set_up("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/D!14K b")
before = page.version()
page.click_square(sq("a", 1))
page.click_square(sq("a", 13))  # a fire demon ranging along its file: fd_range=file only
page.after_action(before, "the demon's move")
saved = page.api("/api/pgn")
check("fd_range=file" in saved and "FiD-16d" in saved, "saved with its Rules tag and the demon's move")
page.new_game("human", "human", {"kind": "none"})
page.js("document.getElementById('btn-new').click()")
wait(lambda: page.js("return document.getElementById('dlg-new').open"), "the dialog")
page.js("document.querySelector('select[name=\"rule-fd_range\"]').value = 'rank'")
before = page.version()
page.el("#new-ok").click()
page.after_action(before, "a game under the default rules")
before = paste_and_load(saved)
page.after_action(before, "the saved game")
st = page.state()
check(len(st["plies"]) == 1 and rule(st, "fd_range") == "file",
      "it loads, under its own rules (%d plies, fd_range=%s; notice %r)" % (len(st["plies"]), rule(st, "fd_range"), st["notice"]))

# kaki-match's PGN of a match with --rule fd_range=file
page.new_game("human", "human", {"kind": "none"})
text = open(RULES_PGN, encoding="utf-8").read()
check('[Rules "' in text, "kaki-match wrote a Rules tag")
before = paste_and_load(text)
page.after_action(before, "kaki-match's game")
st = page.state()
check(rule(st, "fd_range") == "file" and len(st["plies"]) > 0,
      "kaki-match's game loads under its rules (%d plies)" % len(st["plies"]))

# 2. several games, one of them bad ---------------------------------------------------------
sample = open(PGN, encoding="utf-8").read()
games = re.split(r"\n(?=\[Event )", sample)
check(len(games) == 2, "the kaki-match sample has two games")
bad = '[Event "broken"]\n[White "Ann"]\n[Black "Bob"]\n[Round "2"]\n[Result "*"]\n\n1. P-8k {i5i6} P-9f {h12h11}\n2. P-8a *\n\n'
three = games[0].rstrip() + "\n\n" + bad + games[1]
before = paste_and_load(three)
page.after_action(before, "the file of three")
st = page.state()
check(st["pgnFile"] == {"games": 3, "loaded": 1}, "three games listed, the first loaded: %s" % st["pgnFile"])
options = wait(lambda: [o.text for o in page.els("#pgn-games option")] or None, "the list of games")
check(options and len(options) == 3 and "Ann - Bob, round 2" in options[1], "the page lists them: %s" % options)
page.js("const s = document.getElementById('pgn-games'); s.value = '2'; s.dispatchEvent(new Event('change'))")
msg = wait(lambda: page.el("#notice").text or None, "the message")
line = three[: three.index("2. P-8a")].count("\n") + 1
check(msg and "game 2 (Ann - Bob, round 2" in msg and "line %d:" % line in msg and "ply 3" in msg,
      "game 2 is refused, named, with the line and the move: %s" % msg)
check(len(page.state()["plies"]) == len(st["plies"]), "the game shown is kept")
before = page.version()
page.js("const s = document.getElementById('pgn-games'); s.value = '3'; s.dispatchEvent(new Event('change'))")
page.after_action(before, "game 3")
st = page.state()
check(st["pgnFile"]["loaded"] == 3 and len(st["plies"]) > 0, "game 3, after the bad one, loads")
# a file that starts with the bad game: the next is loaded, the bad one named
before = paste_and_load(bad + games[0])
page.after_action(before, "a file starting with a bad game")
st = page.state()
check(st["pgnFile"] == {"games": 2, "loaded": 2} and "Skipped game 1 (Ann - Bob" in st["notice"],
      "the bad first game skipped with a message: %s" % st["notice"])

# kaki-match's scores are shown and saved in sente's view
notes = [p["note"] for p in st["plies"] if "/" in p["note"] or "%eval" in p["note"]]
check(notes and all(n.startswith("[%eval ") for n in notes), "kaki-match's scores in sente's view: %s" % notes[:3])

# 3. a big file: read without blocking others; above the limit refused by the page ---------
one = games[0].rstrip() + "\n\n" + games[1].rstrip() + "\n\n"
copies = int(3.5e6 // len(one.encode()))
big = one * copies
check(len(big) > 3.4e6, "a big file: %.1f MB, %d games" % (len(big) / 1e6, 2 * copies))
answer, times = {}, {}


def load_last():
    t = time.time()
    try:
        answer["state"] = api(URL, "/api/loadpgn", {"pgn": big, "game": 2 * copies}, timeout=300)
    except Exception as e:  # reported below
        answer["error"] = str(e)
    times["load"] = time.time() - t


loader = threading.Thread(target=load_last)
loader.start()
time.sleep(0.3)  # the upload under way
t = time.time()
other = api(URL, "/api/state", timeout=60)
times["state"] = time.time() - t
loader.join(300)
check("state" in answer and answer["state"]["pgnFile"] == {"games": 2 * copies, "loaded": 2 * copies},
      "the last of %d games loaded (%s)" % (2 * copies, answer.get("error") or answer.get("state", {}).get("pgnFile")))
check(other and times["state"] < 5.0, "another request answered in %.2f s while it loaded" % times["state"])
print("figures: a %.1f MB PGN of %d games, its last game loaded in %.2f s; a state request meanwhile %.3f s"
      % (len(big) / 1e6, 2 * copies, times["load"], times["state"]), flush=True)
page.open()
wait(lambda: len(page.els("#pgn-games option")) == 2 * copies, "the page's list of %d games" % (2 * copies))
huge = big + big[: len(big) // 2]
page.js("document.getElementById('pgn-text').value = arguments[0]", huge)
page.el("#btn-load-pgn").click()
msg = wait(lambda: page.el("#notice").text or None, "the page's refusal")
check(msg and "MB" in msg and "up to 4.0 MB" in msg, "a file above the limit refused: %s" % msg)

# 4. the legend; a pass written as docs/RULES.md §8 says -------------------------------------
page.new_game("human", "human", {"kind": "none"})
page.set_up("15k/16/16/16/16/16/7s8/7Pp7/7L!1G6/6g9/16/16/16/16/16/K15 b")
before = page.version()
page.click_square(sq("h", 8))
page.click_square(sq("h", 8))
page.after_action(before, "the lion's pass")
st = page.state()
check(st["plies"][-1]["hodges"] == "Ln-9i" and "Ln-9i {h8" in page.api("/api/pgn"),
      "a pass is the piece to its own square: Ln-9i (move list and PGN)")
page.el("#legend summary").click()
legend = page.el("#legend").text
check(all(k in legend for k in ("x!", "*", "+", "=", "igui", "burns", "pass", "Ln-9i", "sente's view")),
      "the legend explains x, x!, *, +, =, the pass and the scores: %r" % legend[:80])
page.el("#moves-box").screenshot(os.path.join(OUT, "records-legend.png"))
check(load_error({"pgn": "1. P-8k P-8a *"}).startswith("game 1"), "a bad single game: an error naming it")

errors = [e for e in page.console_errors() if "/api/loadpgn" not in e["message"]]  # the refusals above
check(not errors, "no errors in the browser console %s" % errors)
finish(page, server)
