#!/usr/bin/env python3
"""Checks of the source tree's shape (docs/ARCHITECTURE.md), read from the files alone.

  check_sources.py circles SOURCE_DIR       no circle of includes between the units of a folder
  check_sources.py definitions SOURCE_DIR   every function a.h declares is defined in a.c
  check_sources.py lengths SOURCE_DIR [N]   no C file outside tests/ longer than N lines (900)

A unit is a.c with a.h.  In each folder, unit a depends on unit b when a.c or a.h includes b.h
(by bare name or as "folder/b.h"); these dependencies must form no circle.  Exit status 0 when
the check holds; otherwise every offending circle, function or file is printed and the status
is 1.
"""
import os
import re
import sys

# The folders of the engine and its tools (docs/ARCHITECTURE.md), each checked on its own.
FOLDERS = ["util", "platform", "board", "eval", "search", "protocol", "cecpclient", "match",
           "gui", "tuning", "engine"]

# Headers implemented by other files than their namesake: platform.h by each file of one
# system (every one defines all of it), and every other platform/a.h by platform/a_posix.c and
# platform/a_windows.c.
IMPLEMENTED_BY = {"platform/platform.h": ["platform/posix.c", "platform/windows.c"]}
# Headers whose functions are shared out among files: the NNUE's kernels, one file per code
# path (together they define all of it).
SHARED_BY = {"eval/nnue_kernels.h": ["eval/nnue_scalar.c", "eval/nnue_sse2.c",
                                     "eval/nnue_avx2.c"]}


def implementations(folder, stem):
    relative = f"{folder}/{stem}.h"
    if relative in IMPLEMENTED_BY:
        return IMPLEMENTED_BY[relative]
    if folder == "platform":
        return [f"platform/{stem}_posix.c", f"platform/{stem}_windows.c"]
    return [f"{folder}/{stem}.c"]

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def units(src, folder):
    """The unit names of a folder and the files of each ({name: [paths]})."""
    result = {}
    for name in sorted(os.listdir(os.path.join(src, folder))):
        stem, ext = os.path.splitext(name)
        if ext in (".c", ".h"):
            result.setdefault(stem, []).append(os.path.join(src, folder, name))
    return result


def include_graph(src, folder):
    """{unit: {unit it includes}} inside one folder, self-includes left out."""
    members = units(src, folder)
    headers = {stem for stem, paths in members.items() if any(p.endswith(".h") for p in paths)}
    graph = {stem: set() for stem in members}
    for stem, paths in members.items():
        for path in paths:
            for name in INCLUDE.findall(read(path)):
                if "/" in name:
                    top, _, name = name.partition("/")
                    if top != folder or "/" in name:
                        continue
                target, ext = os.path.splitext(name)
                if ext == ".h" and target in headers and target != stem:
                    graph[stem].add(target)
    return graph


def find_circles(graph):
    """Per strongly connected component of more than one unit (Tarjan's algorithm, iterative):
    one circle in it (a list of units, the first repeated at the end) and all its units."""
    index, low, on_stack, stack, components = {}, {}, set(), [], []
    counter = [0]

    def strongconnect(root):
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    components.append(set(component))

    for node in sorted(graph):
        if node not in index:
            strongconnect(node)
    return [(circle_in(graph, component), sorted(component)) for component in components]


def circle_in(graph, component):
    """A shortest circle through the alphabetically first unit of a component (breadth first)."""
    start = min(component)
    previous, frontier = {start: None}, [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & component):
                if child == start:
                    path = [node]
                    while previous[path[-1]] is not None:
                        path.append(previous[path[-1]])
                    return list(reversed(path)) + [start]
                if child not in previous:
                    previous[child] = node
                    following.append(child)
        frontier = following
    return [start, start]


def check_circles(src):
    bad = 0
    for folder in FOLDERS:
        graph = include_graph(src, folder)
        components = find_circles(graph)
        for circle, members in components:
            print(f"{folder}/: circle of includes: {' -> '.join(circle)}"
                  + (f" (units in circles with each other: {', '.join(members)})"
                     if len(members) > len(circle) - 1 else ""))
        bad += len(components)
    if bad:
        print(f"{bad} circle(s): a unit (a.c + a.h) includes, directly or not, a header of a unit "
              "that includes its own header")
    else:
        print(f"no circle of includes in {', '.join(FOLDERS)}")
    return 1 if bad else 0


def strip_c(text):
    """The code of a C file without comments, string and character literals and preprocessor
    lines (their bodies become blanks, so that braces and semicolons in them do not count)."""
    out, i, n = [], 0, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if at_line_start and c == "#":
            while i < n and (text[i] != "\n" or text[i - 1] == "\\"):
                i += 1
            continue
        if c == "/" and text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
            out.append(" ")
            continue
        if c == "/" and text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
            continue
        out.append(c)
        if c == "\n":
            at_line_start = True
        elif not c.isspace():
            at_line_start = False
        i += 1
    return "".join(out)


ATTRIBUTE = re.compile(r"__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)")
FUNCTION = re.compile(r"\b([A-Za-z_]\w*)\s*\((?:[^()]|\([^()]*\))*\)\s*$")
NOT_A_NAME = {"if", "for", "while", "switch", "return", "sizeof", "_Static_assert",
              "static_assert"}


def top_level(code):
    """The top-level statements of C code: (text, True) for one ended by a {...} body that is
    not followed by more declarators (a function definition, or a struct to be completed), and
    (text, False) for one ended by ';'."""
    depth, start, statements, i = 0, 0, [], 0
    while i < len(code):
        c = code[i]
        if c == "{":
            if depth == 0:
                head = code[start:i]
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0 and FUNCTION.search(ATTRIBUTE.sub(" ", head).strip()) \
                    and "=" not in head:
                statements.append((head.strip(), True))
                start = i + 1
        elif c == ";" and depth == 0:
            statements.append((code[start:i].strip(), False))
            start = i + 1
        i += 1
    return statements


def function_name(statement):
    text = " ".join(ATTRIBUTE.sub(" ", statement).split())
    match = FUNCTION.search(text)
    if not match or match.group(1) in NOT_A_NAME:
        return None
    return match.group(1)


def declared(header_text):
    """Names of the functions a header declares (prototypes; not static, not typedefs)."""
    names = []
    for text, has_body in top_level(strip_c(header_text)):
        words = text.split()
        if has_body or not words or "typedef" in words or "static" in words:
            continue
        name = function_name(text)
        if name:
            names.append(name)
    return names


def defined(source_text):
    """Names of the functions a C file defines."""
    names = set()
    for text, has_body in top_level(strip_c(source_text)):
        if has_body:
            name = function_name(text)
            if name:
                names.add(name)
    return names


def check_definitions(src):
    bad = 0
    for folder in FOLDERS:
        for stem, paths in units(src, folder).items():
            header = os.path.join(src, folder, stem + ".h")
            if header not in paths:
                continue
            names = declared(read(header))
            if not names:
                continue
            relative = f"{folder}/{stem}.h"
            if relative in SHARED_BY:
                have = set()
                for source in SHARED_BY[relative]:
                    path = os.path.join(src, source)
                    have |= defined(read(path)) if os.path.exists(path) else set()
                missing = [name for name in names if name not in have]
                if missing:
                    print(f"{relative}: not defined in {', '.join(SHARED_BY[relative])}: "
                          f"{', '.join(missing)}")
                    bad += len(missing)
                continue
            sources = implementations(folder, stem)
            for source in sources:
                path = os.path.join(src, source)
                have = defined(read(path)) if os.path.exists(path) else set()
                missing = [name for name in names if name not in have]
                if missing:
                    where = source if os.path.exists(path) else f"{source} (no such file)"
                    print(f"{relative}: not defined in {where}: {', '.join(missing)}")
                    bad += len(missing)
    if bad:
        print(f"{bad} function(s) declared in a.h but not defined in a.c")
    else:
        print(f"every function declared in a.h is defined in a.c ({', '.join(FOLDERS)})")
    return 1 if bad else 0


def c_files_outside_tests(src):
    """The C files of the repository but tests/, build trees and hidden folders."""
    for top in sorted(os.listdir(src)):
        path = os.path.join(src, top)
        if top == "tests" or top.startswith(".") or not os.path.isdir(path) \
                or os.path.exists(os.path.join(path, "CMakeCache.txt")):
            continue
        for root, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".")
                             and not os.path.exists(os.path.join(root, d, "CMakeCache.txt")))
            for name in sorted(files):
                if name.endswith(".c"):
                    yield os.path.join(root, name)


def check_lengths(src, limit):
    bad = 0
    for path in c_files_outside_tests(src):
        lines = read(path).count("\n")
        if lines > limit:
            print(f"{os.path.relpath(path, src)}: {lines} lines (limit {limit})")
            bad += 1
    if bad:
        print(f"{bad} C file(s) longer than {limit} lines: split them along their own parts")
    else:
        print(f"no C file outside tests/ is longer than {limit} lines")
    return 1 if bad else 0


def main(argv):
    if len(argv) < 3 or argv[1] not in ("circles", "definitions", "lengths"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    src = argv[2]
    if argv[1] == "circles":
        return check_circles(src)
    if argv[1] == "definitions":
        return check_definitions(src)
    return check_lengths(src, int(argv[3]) if len(argv) > 3 else 900)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
