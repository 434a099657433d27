#!/usr/bin/env python3
"""The build enforces the layers (cmake/KakiLayers.cmake, docs/ARCHITECTURE.md).

  layers_enforced.py SOURCE_DIR BUILD_DIR

For each library folder this takes a C file of the folder with its exact compile command from
BUILD_DIR/compile_commands.json and compiles (syntax only) in a scratch copy of the folder:
  * the file unchanged: it must compile (the control);
  * the file with an include of a header of a layer below it: it must compile;
  * the file with an include of a header of a layer above it or beside it: it must fail, with
    the compiler saying that it cannot find that header.
The headers are the first of each folder, so that renaming files does not weaken the test.  It
also checks that no include of a library folder climbs out of it with "..".  Nothing here
depends on the machine's speed: a handful of syntax-only compiles.
"""
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

# folder: (folders it may include, folders it must not include)
CASES = {
    "util": (["platform"], ["board"]),
    "board": (["util"], ["eval", "search", "protocol"]),
    "eval": (["board"], ["search", "protocol"]),
    "search": (["eval", "board"], ["protocol"]),
    "cecpclient": (["util"], ["board", "protocol"]),
    "match": (["board", "cecpclient"], ["search", "eval", "protocol", "gui"]),
    "gui": (["board", "cecpclient"], ["protocol", "search", "eval", "match"]),
    "tuning": (["search", "eval"], ["protocol"]),
}

CLIMB = re.compile(r'^\s*#\s*include\s*"[^"]*\.\./', re.M)


def first_header(src, folder):
    headers = sorted(n for n in os.listdir(os.path.join(src, folder)) if n.endswith(".h"))
    if not headers:
        sys.exit(f"error: no header in {folder}/")
    return f"{folder}/{headers[0]}"


def compile_entry(commands, src, folder):
    """The compile command of the smallest C file of the folder."""
    root = os.path.realpath(os.path.join(src, folder))
    paths = [(e, os.path.realpath(os.path.join(e["directory"], e["file"]))) for e in commands]
    entries = [e for e, path in paths if os.path.dirname(path) == root and os.path.exists(path)]
    if not entries:
        sys.exit(f"error: no compile command for a file of {folder}/ in compile_commands.json")
    return min(entries, key=lambda e: (os.path.getsize(os.path.join(e["directory"], e["file"])),
                                       e["file"]))


def syntax_only(entry, path):
    """The entry's command compiling `path` for syntax only (no object, no dependency file)."""
    args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    source = os.path.realpath(os.path.join(entry["directory"], entry["file"]))
    result, skip = [], False
    for arg in args:
        if skip:
            skip = False
        elif arg in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
        elif arg in ("-c", "-MD", "-MMD"):
            pass
        elif os.path.realpath(os.path.join(entry["directory"], arg)) == source:
            result.append(path)
        else:
            result.append(arg)
    return result + ["-fsyntax-only"]


def compile_ok(entry, path):
    run = subprocess.run(syntax_only(entry, path), cwd=entry["directory"], capture_output=True,
                         text=True, env=dict(os.environ, LC_ALL="C"))
    return run.returncode == 0, run.stderr


def check_folder(src, scratch, commands, folder, allowed, forbidden):
    entry = compile_entry(commands, src, folder)
    name = os.path.basename(entry["file"])
    copy = os.path.join(scratch, folder)
    shutil.copytree(os.path.join(src, folder), copy,
                    ignore=lambda d, names: [n for n in names if not n.endswith((".c", ".h"))])
    path = os.path.join(copy, name)
    with open(path, encoding="utf-8") as f:
        original = f.read()
    failures = 0

    def attempt(header):
        if header:
            with open(path, "w", encoding="utf-8") as f:
                f.write(f'#include "{header}"\n' + original)
        return compile_ok(entry, path)

    ok, err = attempt(None)
    print(f"{folder}/{name} unchanged: {'compiles' if ok else 'DOES NOT COMPILE'}")
    if not ok:
        print(err)
        return 1
    for other in allowed:
        header = first_header(src, other)
        ok, err = attempt(header)
        print(f"{folder}/{name} + #include \"{header}\" (below): "
              f"{'compiles' if ok else 'DOES NOT COMPILE'}")
        if not ok:
            print(err)
            failures += 1
    for other in forbidden:
        header = first_header(src, other)
        ok, err = attempt(header)
        refused = not ok and header in err and ("No such file" in err or "not found" in err)
        print(f"{folder}/{name} + #include \"{header}\" (not below): "
              f"{'refused' if refused else 'COMPILES' if ok else 'FAILS FOR ANOTHER REASON'}")
        if not refused:
            print(err)
            failures += 1
    return failures


def check_climbs(src):
    failures = 0
    for folder in CASES:
        for name in sorted(os.listdir(os.path.join(src, folder))):
            if name.endswith((".c", ".h")):
                with open(os.path.join(src, folder, name), encoding="utf-8") as f:
                    for line in CLIMB.findall(f.read()):
                        print(f"{folder}/{name}: an include climbs out of its folder: {line.strip()}")
                        failures += 1
    return failures


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    src, build = os.path.realpath(argv[1]), argv[2]
    database = os.path.join(build, "compile_commands.json")
    if not os.path.exists(database):
        print(f"error: no {database} (CMAKE_EXPORT_COMPILE_COMMANDS; a Makefile or Ninja "
              "generator writes it)")
        return 1
    with open(database, encoding="utf-8") as f:
        commands = json.load(f)
    failures = check_climbs(src)
    with tempfile.TemporaryDirectory(prefix="kaki-layers-") as scratch:
        for folder, (allowed, forbidden) in CASES.items():
            failures += check_folder(src, scratch, commands, folder, allowed, forbidden)
    print("every layer sees only the layers below it" if not failures
          else f"{failures} failure(s): the build does not enforce the layers")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
