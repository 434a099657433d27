#!/usr/bin/python3
"""Entry habits of other boards (issue 30, item 3), in headless Chromium:
  * drag and drop: a pawn's move (the targets marked while dragging), a drop on an illegal
    square (nothing moves, the piece stays selected), a lion's double capture (two drags: the
    first leg, then the second), a fire demon's burn (the burn shown while dragging over the
    target, the burned pieces gone after the drop);
  * capture rings only where a piece is captured: after a lion's first leg the empty
    second-leg squares get dots, the igui square its own mark;
  * the board turned by itself when the person plays gote (and back when sente);
  * the promotion dialog shows both pieces, pictures and names;
  * the piece's tooltip covers no target and no square of the board, and any click hides it.

    browser_entry.py KAKI_BOARD MATCH_PGN ARTIFACT_DIR"""

import os
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_lib import Page, check, finish, sq, start_server, wait  # noqa: E402

BOARD, OUT = sys.argv[1], sys.argv[3]
NOTES = os.environ.get("KAKI_SHOTS")  # a copy of the screenshots for the closing note
server, URL = start_server(BOARD)
page = Page(URL, OUT, 1440, 900)


def marks(css):
    """{square: count} of the board's marks of a class (circles and rects, by their centre)."""
    return {int(k): v for k, v in page.js("""
        const g = window.kakiGeometry, flipped = document.getElementById('board').dataset.flipped === '1';
        const o = {};
        for (const e of document.querySelectorAll('#board ' + arguments[0])) {
          const b = e.getBBox(), col = Math.floor((b.x + b.width / 2 - g.margin) / g.square),
                row = Math.floor((b.y + b.height / 2 - g.margin) / g.square);
          const file = flipped ? 15 - col : col, rank = flipped ? row : 15 - row, s = rank * 16 + file;
          o[s] = (o[s] || 0) + 1;
        }
        return o;""", css).items()}


def last_hodges():
    return page.state()["plies"][-1]["hodges"]


def save(name):
    path = page.shot(name)
    if NOTES:
        os.makedirs(NOTES, exist_ok=True)
        shutil.copy(path, os.path.join(NOTES, name))


page.new_game("human", "human", {"kind": "none"})

# 1. a pawn dragged i5 -> i6; the targets are marked during the drag -----------------------
seen = page.drag(sq("i", 5), sq("i", 6), during=lambda: (page.count("#board .dest"), page.count("#board .dragpiece"),
                                                        page.count("#board .droptarget")))
check(seen == (1, 1, 1), "while dragging: the pawn's one target, the piece under the pointer, the square "
                         "it would drop on (%s)" % (seen,))
wait(lambda: len(page.state()["plies"]) == 1, "the dropped move")
check(last_hodges() == "P-8k" and page.pieces().get(sq("i", 6)) == "#p36-0", "drag and drop: P-8k")

# an illegal drop: nothing moves, the piece stays selected, the drag's marks go
before = page.version()
page.drag(sq("h", 12), sq("h", 9))  # gote's pawn, three squares: illegal
time.sleep(0.5)
check(page.version() == before and page.pieces().get(sq("h", 12)) == "#p36-1",
      "a drop on an illegal square moves nothing")
check(page.count("#board .selected") == 1 and page.count("#board .dragpiece") == 0,
      "the piece stays selected, the dragged copy is gone")

# 2. a lion's double capture by two drags (docs/RULES.md §10 T1) ------------------------------
T1 = "15k/16/16/16/16/16/7s8/7Pp7/7L!1G6/6g9/16/16/16/16/16/K15 b"
page.set_up(T1)
lion, first_leg, second = sq("h", 8), sq("i", 9), sq("h", 10)
page.drag(lion, first_leg)
wait(lambda: page.count("#board .selected") == 2, "the first leg chosen by a drop")
# capture rings only where a piece is captured: after the first leg, on h10 (gote's gold)
# and g7 (a silver), not on the empty squares the lion can go on to
rings, dots, back = marks(".dest-cap"), marks(".dest"), marks(".dest-back")
board = page.state()["board"]
check(rings and all(board[s] and board[s] & 1 for s in rings),
      "after the first leg, rings only on enemy pieces: %s" % sorted(rings))
check(dots and all(not board[s] for s in dots), "dots on the empty second-leg squares (%d)" % len(dots))
check(list(back) == [lion], "the igui square (the lion's own) has its own mark: %s" % list(back))
seen = page.drag(lion, second, during=lambda: page.count("#board .victim"))
check(seen == 2, "dragging over 9g shows both captures before the drop (%s)" % seen)
wait(lambda: page.state()["plies"] and last_hodges() == "Lnx8hx9g", "the double capture")
p = page.pieces()
check(first_leg not in p and p.get(second) == "#p14-0" and lion not in p,
      "lion double capture by drag and drop: Lnx8hx9g, i9 empty, the lion on h10")

# 3. a fire demon's burn by drag and drop (T7) --------------------------------------------
page.set_up("15k/16/16/16/16/16/16/16/16/16/5P10/4d!11/2p13/4g11/1D!3P10/15K b")
demon, target, victims = sq("b", 2), sq("d", 3), (sq("c", 4), sq("e", 3))
seen = page.drag(demon, target, during=lambda: (save("drag-and-drop-burn.png"), page.count("#board .burnpreview"))[1])
check(seen == 2, "dragging over d3 shows the two pieces the move burns (%s)" % seen)
wait(lambda: page.state()["plies"] and last_hodges() == "FiD-13nx!14m,12n", "the burn")
p = page.pieces()
check(all(v not in p for v in victims) and p.get(target) == "#p12-0", "burned by drag and drop: c4 and e3 gone")

# rings at the first selection: on pieces only (the lion of T1 again)
page.set_up(T1)
page.click_square(lion)
wait(lambda: page.count("#board .leg") >= 2, "the lion's targets")
board = page.state()["board"]
rings = marks(".dest-cap")
check(rings and all(board[s] and board[s] & 1 for s in rings), "rings only on enemy pieces: %s" % sorted(rings))
page.js("document.getElementById('board').dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape'}))")

# 4. the promotion dialog: both pieces, pictures and names (T11) -----------------------------
page.set_up("15k/16/16/16/6PpP7/6PF!P7/6PPP7/16/16/16/16/16/16/16/16/K15 b")
falcon, pawn12 = sq("h", 11), sq("h", 12)
page.click_square(falcon)
page.click_square(pawn12)
wait(lambda: page.count("#board .selected") == 2, "the first leg")
page.click_square(pawn12)
wait(lambda: page.js("return document.getElementById('dlg-promo').open"), "the promotion dialog")
pics = page.js("return [document.getElementById('promo-yes-pic').getAttribute('href'),"
               " document.getElementById('promo-no-pic').getAttribute('href')]")
names = (page.el("#promo-yes-name").text, page.el("#promo-no-name").text)
check(pics == ["#p45-0", "#p9-0"], "the dialog shows the bishop general and the horned falcon: %s" % pics)
check(names == ("bishop general", "horned falcon"), "with their names: %s" % (names,))
drawn = page.js("return document.getElementById('promo-yes-pic').getBoundingClientRect().width")
check(drawn >= 60, "pictures big enough to see (%d px)" % drawn)
check("horned falcon" in page.el("#promo-question").text, "the question names the piece")
check(page.js("return document.getElementById('tip').hidden"), "no tooltip over the dialog")
save("promotion-dialog.png")
before = page.version()
page.el("#promo-yes").click()
page.after_action(before, "the promotion")
check(last_hodges() == "HFx9e+", "promoted: HFx9e+")

# 5. the tooltip: beside the board, over no target; any click hides it ----------------------
page.new_game("human", "human", {"kind": "none"})
page.click_square(sq("i", 5))  # a pawn selected: its target i6 is marked
wait(lambda: page.count("#board .dest") > 0, "the pawn's target")
page.hover_square(sq("h", 5))  # another pawn, next to the target
tip = wait(lambda: page.js("const t = document.getElementById('tip'); return t.hidden ? null : t.getBoundingClientRect().toJSON()"),
           "the tooltip")
overlap = page.js("""const t = document.getElementById('tip').getBoundingClientRect();
    const hit = (r) => t.left < r.right && t.right > r.left && t.top < r.bottom && t.bottom > r.top;
    return [hit(document.getElementById('board').getBoundingClientRect()),
            [...document.querySelectorAll('#board .dest, #board .dest-cap, #board .leg')].filter(e => hit(e.getBoundingClientRect())).length];""")
check(tip and overlap == [False, 0], "the tooltip covers neither the board nor a target (%s, %s)" % (tip, overlap))
page.el("#status").click()
check(wait(lambda: page.js("return document.getElementById('tip').hidden"), "the tooltip hidden"),
      "a click elsewhere hides the tooltip")
page.hover_square(sq("f", 5))
wait(lambda: not page.js("return document.getElementById('tip').hidden"), "the tooltip again")
page.click_square(sq("f", 5))
check(page.js("return document.getElementById('tip').hidden"), "a click on the board hides it at once")
# on a small window there is no room beside the board: still over no target
page.resize(1024, 700)
page.click_square(sq("i", 5))
wait(lambda: page.count("#board .dest") > 0, "the pawn's target")
page.hover_square(sq("j", 5))
time.sleep(1.0)
overlap = page.js("""const t = document.getElementById('tip'); if (t.hidden) return 0; const b = t.getBoundingClientRect();
    return [...document.querySelectorAll('#board .dest, #board .dest-cap, #board .leg, #board .selected')]
      .filter(e => { const r = e.getBoundingClientRect(); return b.left < r.right && b.right > r.left && b.top < r.bottom && b.bottom > r.top; }).length;""")
check(overlap == 0, "at 1024x700 the tooltip covers no target either (%s)" % overlap)
page.resize(1440, 900)

# 6. the board turned by itself for a person playing gote ----------------------------------
page.new_game("engine", "human", {"kind": "depth", "depth": 1})
check(wait(lambda: page.flipped(), "the board turned"), "the person plays gote: gote at the bottom")
wait(lambda: len(page.state()["plies"]) >= 1, "Kaki's first move", 60)
y = page.js("return document.querySelector('#board use.pc[data-sq=\"7\"]').getBBox().y")
check(y < 200, "sente's king (h1) at the top (y %s)" % y)
# the person moves gote's pawn by drag and drop on the turned board
before = len(page.state()["plies"])
page.drag(sq("h", 12), sq("h", 11))
wait(lambda: len(page.state()["plies"]) > before, "gote's move by drag and drop", 30)
check(page.state()["plies"][before]["wire"] == "h12h11", "a drag on the turned board: h12h11")
save("flipped-board.png")
page.new_game("human", "engine", {"kind": "depth", "depth": 1})
check(wait(lambda: not page.flipped(), "the board turned back"), "the person plays sente: sente at the bottom")

check(not page.console_errors(), "no errors in the browser console %s" % page.console_errors())
finish(page, server)
