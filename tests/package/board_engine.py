#!/usr/bin/env python3
"""An installed kaki-board plays with the kaki installed beside it.

    board_engine.py KAKI_BOARD EXPECTED_KAKI VERSION

Starts KAKI_BOARD (an installed copy, with no source tree or build folder named anywhere)
on a free port, loads its page, starts a game in which the engine moves first (which starts
its default engine), and
checks that the engine it started is the program EXPECTED_KAKI (its child process's
executable) and answered the handshake as "Kaki VERSION"; then stops the board with SIGTERM.
Prints PASS or FAILED: reason.  Waits for events with generous time-outs."""
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request

board, expected, version = sys.argv[1:4]


def fail(msg):
    print('FAILED: ' + msg)
    sys.exit(1)


def children(pid):
    """The executables of pid's child processes (from /proc)."""
    found = []
    for entry in os.listdir('/proc'):
        if not entry.isdigit():
            continue
        try:
            with open('/proc/%s/stat' % entry) as f:
                ppid = int(f.read().rsplit(')', 1)[1].split()[1])
            if ppid == pid:
                found.append(os.path.realpath('/proc/%s/exe' % entry))
        except (OSError, ValueError, IndexError):
            pass
    return found


proc = subprocess.Popen([board, '--port', '0'], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                        text=True, cwd='/')
try:
    first = proc.stdout.readline()
    if not first.startswith('Kaki board: http://'):
        fail('first line %r (stderr: %s)' % (first, proc.stderr.read()))
    url = first.split(': ', 1)[1].strip()
    page = urllib.request.urlopen(url, timeout=30).read().decode()
    if '<html' not in page.lower():
        fail('the page at %s is not HTML' % url)
    req = urllib.request.Request(url + 'api/new',
                                 data=json.dumps({'sente': 'engine', 'gote': 'human'}).encode(),
                                 headers={'Content-Type': 'application/json'})
    urllib.request.urlopen(req, timeout=30).read()
    name, exes = '', []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = json.load(urllib.request.urlopen(url + 'api/state', timeout=30))
        name = state['engines'][0]['name']
        exes = children(proc.pid)
        if name == 'Kaki ' + version and exes:
            break
        time.sleep(0.2)
    if name != 'Kaki ' + version:
        fail('the engine is called %r, not "Kaki %s"' % (name, version))
    if os.path.realpath(expected) not in exes:
        fail('the engine started is %s, not %s' % (exes, expected))
    print('kaki-board served its page and started %s, which answered as %r' % (exes[0], name))
finally:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
print('PASS')
