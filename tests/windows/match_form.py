#!/usr/bin/env python3
"""The form of a kaki-match run, to compare the Windows build's with the Linux build's: what
must be the same on both systems, with what may differ (dates, times, durations, the way a
crash is told) masked.

    match_form.py PGN RESULTS STDOUT

Prints, for every game of the PGN, its tags (the values of Date, Time and GameDuration
masked), the number of plies and of move numbers, the kinds of move comments with their
counts ({W S T}: wire move, score/depth, time; {W T}: an engine without thinking output), the
closing comment (the way an engine died masked) and the result; then the result file's lines
and the report's score and termination lines."""
import re
import sys

MASK_TAGS = {"Date": "####.##.##", "Time": "##:##:##", "GameDuration": "#.###"}
WIRE = r"[a-p]\d+[a-p]\d+[+=]?(?:,[a-p]\d+[a-p]\d+[+=]?)*"


def comment_kind(text):
    """A move comment's form: {W S T} or {W T}, or None if it is not a move comment."""
    m = re.fullmatch(r"\{(" + WIRE + r")( [-+]\d+\.\d\d/\d+)? (\d+\.\d{3})s\}", text)
    if not m:
        return None
    return "{W S T}" if m.group(2) else "{W T}"


def ending_form(text):
    """A closing comment, with how an engine ended masked (Linux: killed by signal 11 ...;
    Windows: crashed with exception 0xC0000005 ...)."""
    return re.sub(r"engine died \((.*)\)\}$", "engine died (HOW)}", " ".join(text.split()))


def game_form(text):
    out = []
    head, _, moves = text.partition("\n\n")
    for name, value in re.findall(r'^\[(\w+) "(.*)"\]$', head, re.M):
        out.append(f'[{name} "{MASK_TAGS.get(name, value)}"]')
    tokens = re.findall(r"\{[^}]*\}|\S+", moves)
    plies = numbers = 0
    kinds, closing, result = {}, [], None
    for i, t in enumerate(tokens):
        if i == len(tokens) - 1 and t in ("1-0", "0-1", "1/2-1/2", "*"):
            result = t
        elif re.fullmatch(r"\d+\.", t):
            numbers += 1
        elif t.startswith("{"):
            kind = comment_kind(" ".join(t.split()))
            if kind:
                kinds[kind] = kinds.get(kind, 0) + 1
            else:
                closing.append(ending_form(t))
        elif re.fullmatch(r"\+?[A-Za-z!']+(?:\d+[a-p])?[-x!][0-9a-p!x,=+-]*\*?", t):
            plies += 1
        else:
            out.append("unexpected token: " + t)
    out.append(f"plies {plies}, move numbers {numbers}")
    out.append("comments " + ", ".join(f"{k} x{n}" for k, n in sorted(kinds.items())))
    out.extend("closing " + c for c in closing)
    out.append(f"result {result}")
    return out


def main(pgn, results, stdout):
    text = open(pgn, encoding="utf-8").read().replace("\r\n", "\n")
    games = [g for g in re.split(r"\n\n(?=\[Event )", text.strip()) if g.strip()]
    for i, g in enumerate(games, 1):
        print(f"--- game {i}")
        print("\n".join(game_form(g)))
    print("--- result file")
    for line in open(results, encoding="utf-8").read().replace("\r\n", "\n").splitlines():
        print(line)
    print("--- report")
    for line in open(stdout, encoding="utf-8").read().replace("\r\n", "\n").splitlines():
        if line.startswith(("Score of ", "Terminations: ")):
            print(line)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
