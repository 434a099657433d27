#!/usr/bin/python3
"""Levels a person can beat (issue 30, item 2) and the evaluation (issue 28), in headless Chromium:
  * the New game dialog offers a level for each engine side, full strength by default, each
    weaker level with its measured Elo against the full engine ("Level 3 (about -850 Elo vs
    full)"), and hides the choice for a side a person plays;
  * the level chosen reaches the engine as "option Level=N" before it thinks (--engine-log),
    the state, the player's label and the saved PGN show it, and the next game at full
    strength sends "option Level=10";
  * the dialog offers each engine side the evaluations (nnue, the default, learnt, gcsa); the
    one chosen reaches the engine as "option Evaluation=NAME" before it thinks, the state, the
    label and the PGN show it; a name that is none of them is refused.

    browser_levels.py KAKI_BOARD MATCH_PGN ARTIFACT_DIR"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_lib import Page, check, finish, sq, start_server, wait  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

BOARD, OUT = sys.argv[1], sys.argv[3]
os.makedirs(OUT, exist_ok=True)
LOG = os.path.join(OUT, "levels-engine.log")
if os.path.exists(LOG):
    os.remove(LOG)
server, URL = start_server(BOARD, "--engine-log", LOG)
page = Page(URL, OUT, 1440, 900)


def log_lines():
    with open(LOG) as f:
        return f.read().splitlines()


# 1. the dialog: a level per engine side, the Elo figures, full strength by default ---------
page.fill_new_game("human", "engine", {"kind": "permove", "move": 1})
gote = page.el("#gote-level")
sente = page.el("#sente-level")
check(gote.is_displayed() and gote.is_enabled(), "gote (an engine) has a level choice")
check(not sente.is_displayed(), "sente (a person) has none")
opts = [(o.get_attribute("value"), o.text) for o in gote.find_elements(By.TAG_NAME, "option")]
check([v for v, _ in opts] == [str(k) for k in range(10, 0, -1)], "levels 10 down to 1: %s" % [v for v, _ in opts])
check(Select(gote).first_selected_option.get_attribute("value") == "10", "full strength is the default")
check(opts and opts[0][1] == "Full strength (level 10)", "level 10 reads full strength: %s" % opts[:1])
elo = {}
for v, text in opts[1:]:
    m = re.fullmatch(r"Level (\d+) \(about −(\d+) Elo vs full\)", text)
    check(m is not None and m.group(1) == v, "level %s shows its Elo: %r" % (v, text))
    if m:
        elo[int(v)] = int(m.group(2))
check(len(elo) == 9 and all(v > 0 for v in elo.values()) and elo[1] > elo[9],
      "every level below full strength, level 1 the weakest: %s" % elo)
check("Elo" in page.el("#level-help").text and "full" in page.el("#level-help").text,
      "the dialog says what the figures are: %s" % page.el("#level-help").text)
page.el("#form-new").find_element(By.CSS_SELECTOR, "input[name=sente][value=engine]").click()
check(page.el("#sente-level").is_displayed(), "choosing Engine for sente shows its level")
page.el("#form-new").find_element(By.CSS_SELECTOR, "input[name=sente][value=human]").click()
check(not page.el("#sente-level").is_displayed(), "and Person hides it again")
page.shot("levels-dialog.png")

# 2. gote at level 3: the engine is told before it thinks -----------------------------------
Select(page.el("#gote-level")).select_by_value("3")
before = page.version()
page.el("#new-ok").click()
page.after_action(before, "the new game at level 3")
st = page.state()
check(st["levels"] == [10, 3], "the state has the levels: %s" % st["levels"])
check("level 3" in page.el("#player-top").text, "gote's label names the level: %s" % page.el("#player-top").text)
page.click_square(sq("i", 5))
page.click_square(sq("i", 6))
wait(lambda: len(page.state()["plies"]) >= 2, "Kaki's answer at level 3", 120)
lines = log_lines()
lv = [i for i, l in enumerate(lines) if l.endswith("option Level=3")]
go = [i for i, l in enumerate(lines) if l.endswith(" go")]
check(lv and go and lv[0] < go[-1], "the engine got option Level=3 before its go (%s, %s)" % (lv[:1], go[-1:]))
check(not any(l.endswith("option Level=10") for l in lines), "and no other level")
pgn = page.api("/api/pgn")
check(re.search(r'\[Black "[^"]* \(level 3\)"\]', pgn) is not None and '(level' not in pgn.split('[Black')[0],
      "the PGN names gote's level, not sente's: %s" % re.findall(r'\[(?:White|Black) [^\]]*\]', pgn))

# 3. the next game at full strength: option Level=10 -----------------------------------------
page.fill_new_game("human", "engine", {"kind": "permove", "move": 1})
check(Select(page.el("#gote-level")).first_selected_option.get_attribute("value") == "3",
      "the dialog opens with the level of the game")
Select(page.el("#gote-level")).select_by_value("10")
before = page.version()
page.el("#new-ok").click()
page.after_action(before, "the new game at full strength")
check(page.state()["levels"] == [10, 10], "full strength again: %s" % page.state()["levels"])
page.click_square(sq("i", 5))
page.click_square(sq("i", 6))
wait(lambda: len(page.state()["plies"]) >= 2, "Kaki's answer at full strength", 120)
check(any(l.endswith("option Level=10") for l in log_lines()), "the engine got option Level=10")
check("level" not in page.el("#player-top").text, "no level in the label at full strength")

# 4. a level out of range is refused by the server ------------------------------------------
try:
    page.api("/api/new", {"sente": "human", "gote": "engine", "goteLevel": 11})
    check(False, "level 11 refused")
except Exception as e:  # urllib's HTTPError
    check("400" in str(e), "level 11 refused: %s" % e)

# 5. the evaluation: gote plays with the learnt material ------------------------------------
check(page.state()["evaluations"] == ["nnue", "nnue"], "the network by default: %s" % page.state()["evaluations"])
check(any(l.endswith("option Evaluation=nnue") for l in log_lines()),
      "the engine was told the default evaluation too")
page.fill_new_game("human", "engine", {"kind": "permove", "move": 1})
gote_eval = page.el("#gote-eval")
check(gote_eval.is_displayed() and not page.el("#sente-eval").is_displayed(),
      "an evaluation choice for the engine's side only")
names = [o.get_attribute("value") for o in gote_eval.find_elements(By.TAG_NAME, "option")]
check(names == ["nnue", "learnt", "gcsa"], "the three evaluations, the network first: %s" % names)
check(Select(gote_eval).first_selected_option.get_attribute("value") == "nnue", "nnue selected")
Select(gote_eval).select_by_value("learnt")
page.shot("evaluation-dialog.png")
mark = len(log_lines())
before = page.version()
page.el("#new-ok").click()
page.after_action(before, "the new game with the learnt evaluation")
check(page.state()["evaluations"] == ["nnue", "learnt"], "the state has it: %s" % page.state()["evaluations"])
check("learnt" in page.el("#player-top").text, "gote's label names it: %s" % page.el("#player-top").text)
page.click_square(sq("i", 5))
page.click_square(sq("i", 6))
wait(lambda: len(page.state()["plies"]) >= 2, "Kaki's answer with the learnt evaluation", 120)
lines = log_lines()[mark:]
ev = [i for i, l in enumerate(lines) if l.endswith("option Evaluation=learnt")]
go = [i for i, l in enumerate(lines) if l.endswith(" go")]
check(ev and go and ev[0] < go[-1], "option Evaluation=learnt before the go (%s, %s)" % (ev[:1], go[-1:]))
pgn = page.api("/api/pgn")
check(re.search(r'\[Black "[^"]* \(learnt\)"\]', pgn) is not None, "the PGN names the evaluation: %s"
      % re.findall(r'\[(?:White|Black) [^\]]*\]', pgn))
page.fill_new_game("human", "engine", {"kind": "permove", "move": 1})
check(Select(page.el("#gote-eval")).first_selected_option.get_attribute("value") == "learnt",
      "the dialog opens with the game's evaluation")
page.el("#new-cancel").click()
for bad in ("foo", 3):
    try:
        page.api("/api/new", {"sente": "human", "gote": "engine", "goteEval": bad})
        check(False, "evaluation %r refused" % bad)
    except Exception as e:
        check("400" in str(e), "evaluation %r refused: %s" % (bad, e))
check(page.state()["evaluations"] == ["nnue", "learnt"], "and the game's evaluation stays")
errs = page.console_errors()
check(errs == [], "no errors in the browser console: %s" % errs)
finish(page, server)
