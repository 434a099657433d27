#!/usr/bin/env python3
"""OpenBench with kaki-match as its game runner, end to end on 127.0.0.1, as a user sets it up
(docs/OPENBENCH.md).

A copy of the OpenBench snapshot in a temporary directory becomes a Kaki server
(openbench/setup_server.py); a small web server on 127.0.0.1 plays GitHub: it serves Kaki's
source archives (the tree under test), the fastchess repository archive (Kaki's again: the
worker builds kaki-match from it with `make` and installs it as fastchess-ob) and the opening
book.  The Django server runs on 127.0.0.1; the user, the engines and the tests are created
with `manage.py shell` (OpenBench's web form asks GitHub's API for the commits).  Then
unmodified OpenBench workers (client.py, each in its own PID namespace where unshare(1) can
make one, so that OpenBench's `pkill -f` sees nothing else) build both engines with the root
Makefile, pass the bench check and play the games.

Checks: the server's counts (W/L/D, pentanomial) of a fixed-games test between Kaki at two node
counts equal those of the PGN files the worker wrote; a second test whose dev engine crashes
in every game (tests/match/fake_engine with --fail crash@1, built by OpenBench from an archive
whose Makefile writes a wrapper; its bench is Kaki's) ends with every game lost, counted as a
crash, the test flagged with an error and one "Disconnect" event per game.

  server_test.py OPENBENCH_DIR SOURCE_DIR KAKI_MATCH KAKI FAKE_ENGINE BENCH_SIGNATURE [options]

Options (the defaults are the CI case): --games N (32) --workload-size N (2) --threads T (2)
--workers K (1) --nodes DEV,BASE (3000,1000) | --tc SECONDS+INC, --sprt, --no-crash,
--timeout SECONDS (1200), --keep, --report FILE (the figures as JSON).
"""
import argparse
import glob
import hashlib
import http.server
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import zipfile

PY = '/usr/bin/python3'
HERE = os.path.dirname(os.path.abspath(__file__))
USER, PASSWORD = 'kaki', 'kaki-openbench-test'
BOOK = 'tenjiku-test.tfen'


def log(text):
    print('[%s] %s' % (time.strftime('%H:%M:%S'), text), flush=True)


# ---- the files that GitHub would serve --------------------------------------------------

def source_archive(src, out, root):
    """A zip of the source tree like GitHub's zipball: one root folder, no build output."""
    with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
        for dirpath, dirnames, filenames in os.walk(src):
            rel = os.path.relpath(dirpath, src)
            if rel == '.':
                dirnames[:] = [d for d in dirnames if not d.startswith(('build', '.git'))]
                filenames = [f for f in filenames if f not in ('kaki', 'fastchess')]
            for name in filenames:
                z.write(os.path.join(dirpath, name), os.path.normpath(os.path.join(root, rel, name)))


def crash_archive(out, root, kaki, fake):
    """An engine that OpenBench builds with `make EXE=...`: its bench is Kaki's, and in games it
    is the fake engine crashing (SIGSEGV) on its first move of every game."""
    makefile = ('EXE ?= crashing\n'
                'all:\n'
                '\tprintf \'#!/bin/sh\\nif [ "$$1" = bench ]; then exec %s bench; fi\\n'
                'exec %s --fail crash@1 --seed 9\\n\' > $(EXE)\n'
                '\tchmod +x $(EXE)\n' % (kaki, fake))
    with zipfile.ZipFile(out, 'w') as z:
        z.writestr(root + '/Makefile', makefile)


class Files(http.server.BaseHTTPRequestHandler):
    routes = {}

    def do_GET(self):
        path = self.path.split('?')[0].rstrip('/')  # OpenBench appends '/' to URLs
        if path not in self.routes:
            self.send_error(404)
            return
        with open(self.routes[path], 'rb') as f:
            data = f.read()
        self.send_response(200)
        self.send_header('Content-Type', 'application/zip')
        self.send_header('Content-Length', str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, fmt, *args):
        log('www: ' + fmt % args)


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


# ---- the OpenBench server ----------------------------------------------------------------

SETUP = r'''
import json, math
from django.contrib.auth.models import User
from OpenBench.models import Engine, Profile, Test
from OpenBench.utils import TimeControl
p = json.loads(%r)
user = User.objects.create_user(p['user'], password=p['password'])
Profile.objects.create(user=user, enabled=True, approver=True)
ids = {}
for t in p['tests']:
    dev = Engine.objects.create(name=t['dev_name'], source=t['dev_source'], sha=t['dev_sha'],
                                bench=p['bench'])
    base = Engine.objects.create(name='main', source=t['base_source'], sha=t['base_sha'],
                                 bench=p['bench'])
    test = Test(author=p['user'], book_name=p['book'], upload_pgns='FALSE', info=t['info'],
                dev=dev, dev_repo=p['repo'], dev_engine='Kaki', dev_options='Threads=1 Hash=8',
                dev_time_control=TimeControl.parse(t['dev_tc']),
                base=base, base_repo=p['repo'], base_engine='Kaki', base_options='Threads=1 Hash=8',
                base_time_control=TimeControl.parse(t['base_tc']),
                workload_size=t['workload_size'], priority=t['priority'], throughput=100,
                syzygy_wdl='DISABLED', syzygy_adj='DISABLED', win_adj='movecount=3 score=1000',
                draw_adj='movenumber=60 movecount=8 score=20', scale_method='BASE',
                scale_nps=p['nps'], approved=True)
    if t['sprt']:
        test.test_mode, test.elolower, test.eloupper = 'SPRT', 0.0, 10.0
        test.alpha = test.beta = 0.05
        test.lowerllr = math.log(test.beta / (1.0 - test.alpha))
        test.upperllr = math.log((1.0 - test.beta) / test.alpha)
    else:
        test.test_mode, test.max_games = 'GAMES', t['games']
    test.save()
    ids[t['key']] = test.id
print('IDS ' + json.dumps(ids))
'''

QUERY = r'''
import json
from OpenBench.models import LogEvent, Result, Test
out = {}
for t in Test.objects.all():
    out[t.id] = {'games': t.games, 'tri': [t.losses, t.draws, t.wins],
                 'penta': [t.LL, t.LD, t.DD, t.DW, t.WW], 'finished': t.finished,
                 'passed': t.passed, 'failed': t.failed, 'error': t.error,
                 'llr': t.currentllr,
                 'crashes': sum(r.crashes for r in Result.objects.filter(test=t)),
                 'timelosses': sum(r.timeloss for r in Result.objects.filter(test=t)),
                 'events': [e.summary for e in LogEvent.objects.filter(test_id=t.id)]}
print('STATE ' + json.dumps(out))
'''


def manage(server_dir, *args, code=None):
    cmd = [PY, 'manage.py', *args] + (['-c', code] if code else [])
    r = subprocess.run(cmd, cwd=server_dir, capture_output=True, text=True)
    if r.returncode:
        sys.exit('manage.py %s failed:\n%s%s' % (args[0], r.stdout, r.stderr))
    return r.stdout


def tagged(output, tag):
    for line in output.splitlines():
        if line.startswith(tag + ' '):
            return json.loads(line[len(tag) + 1:])
    sys.exit('no %s line in:\n%s' % (tag, output))


def http_get(url):
    with urllib.request.urlopen(url, timeout=30) as r:
        return r.status, r.read().decode('utf-8', 'replace')


# ---- truth from the PGN files -------------------------------------------------------------

def pgn_games(paths):
    """(number, white, result, termination) of every game in the files (one runner each)."""
    games = []
    for path in paths:
        with open(path) as f:
            text = f.read()
        for block in text.split('[Event ')[1:]:
            tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', '[Event ' + block, re.M))
            games.append((path, int(tags['Round']), tags['White'], tags['Result'],
                          tags.get('Termination', '')))
    return games


def truth(games):
    """Dev's trinomial (L, D, W) and pentanomial, pairs (2k-1, 2k) of one runner file."""
    points = {}
    for path, number, white, result, _ in games:
        p = {'1-0': 2, '1/2-1/2': 1, '0-1': 0}[result]
        points[(path, number)] = p if white.endswith('-dev') else 2 - p
    tri, penta = [0, 0, 0], [0] * 5
    for (path, number), p in points.items():
        tri[p] += 1
        if number % 2 and (path, number + 1) in points:
            penta[p + points[(path, number + 1)]] += 1
    return tri, penta


# ---- the run -------------------------------------------------------------------------------

class Run:
    def __init__(self, args):
        self.a = args
        self.tmp = tempfile.mkdtemp(prefix='kaki-openbench-')
        self.procs = []
        self.failures = []

    def check(self, what, ok, detail=''):
        log('%s: %s%s' % ('ok' if ok else 'FAILED', what, (' (%s)' % detail) if detail else ''))
        if not ok:
            self.failures.append(what)

    def serve_files(self):
        a, www = self.a, os.path.join(self.tmp, 'www')
        os.makedirs(www)
        digest = hashlib.sha1(str(time.time()).encode()).hexdigest()
        self.sha = {k: hashlib.sha1((k + digest).encode()).hexdigest()
                    for k in ('dev', 'base', 'crash')}
        routes = {}
        tree = os.path.join(www, 'kaki.zip')
        source_archive(a.source, tree, 'kaki-main')
        routes['/kaki/archive/main.zip'] = tree
        for key in ('dev', 'base'):
            routes['/src/%s.zip' % self.sha[key]] = tree
        crash = os.path.join(www, 'crash.zip')
        crash_archive(crash, 'kaki-crash', a.kaki, a.fake)
        routes['/src/%s.zip' % self.sha['crash']] = crash
        self.book = os.path.join(www, BOOK)
        with open(self.book, 'w') as f:
            subprocess.run([a.kaki_match, 'book', '--count', '200', '--seed', '11'], stdout=f,
                           check=True)
        routes['/books/%s.zip' % BOOK] = self.book + '.zip'  # written by setup_server.py
        Files.routes = routes
        self.www = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Files)
        threading.Thread(target=self.www.serve_forever, daemon=True).start()
        self.www_url = 'http://127.0.0.1:%d' % self.www.server_address[1]
        log('files on %s' % self.www_url)

    def start_server(self):
        a = self.a
        self.server_dir = os.path.join(self.tmp, 'OpenBench')
        shutil.copytree(a.openbench, self.server_dir,
                        ignore=shutil.ignore_patterns('.git', '__pycache__', 'db.sqlite3', 'Media'))
        subprocess.run([PY, os.path.join(a.source, 'openbench', 'setup_server.py'), self.server_dir,
                        '--repo', self.www_url + '/kaki', '--book', self.book,
                        '--book-url', '%s/books/%s.zip' % (self.www_url, BOOK),
                        '--nps', str(a.nps), '--no-htmlmin'], check=True)
        manage(self.server_dir, 'migrate', '--noinput')
        tests = [self.test_record('main', 2, a.games, a.workload_size, a.dev_tc, a.base_tc, a.sprt)]
        if a.crash:
            crash_games = 4 * a.threads  # one workload of workload_size 1
            tests.append(self.test_record('crash', 1, crash_games, 1, 'N=1000', 'N=1000', False))
        params = {'user': USER, 'password': PASSWORD, 'bench': a.signature, 'book': BOOK,
                  'repo': 'https://github.com/kaki-test/kaki', 'nps': a.nps, 'tests': tests}
        self.ids = tagged(manage(self.server_dir, 'shell', code=SETUP % json.dumps(params)), 'IDS')
        port = free_port()
        self.url = 'http://127.0.0.1:%d' % port
        with open(os.path.join(self.tmp, 'server.log'), 'w') as out:
            self.server = subprocess.Popen([PY, 'manage.py', 'runserver', '127.0.0.1:%d' % port,
                                            '--noreload'], cwd=self.server_dir, stdout=out,
                                           stderr=subprocess.STDOUT, start_new_session=True)
        self.procs.append(self.server)
        for _ in range(120):
            try:
                if http_get(self.url + '/api/config/')[0] == 200:
                    log('OpenBench server on %s, tests %s' % (self.url, self.ids))
                    return
            except OSError:
                pass
            time.sleep(0.5)
        sys.exit('the OpenBench server did not start (see %s/server.log)' % self.tmp)

    def test_record(self, key, priority, games, size, dev_tc, base_tc, sprt):
        src = lambda k: '%s/src/%s.zip' % (self.www_url, self.sha[k])
        dev = 'crash' if key == 'crash' else 'dev'
        return {'key': key, 'priority': priority, 'games': games, 'workload_size': size,
                'dev_tc': dev_tc, 'base_tc': base_tc, 'sprt': sprt, 'info': key,
                'dev_name': 'crashing' if key == 'crash' else 'dev', 'dev_source': src(dev),
                'dev_sha': self.sha[dev], 'base_source': src('base'), 'base_sha': self.sha['base']}

    def start_workers(self):
        a = self.a
        isolate = subprocess.run(['unshare', '--pid', '--fork', '--mount-proc', '--kill-child',
                                  'true'], capture_output=True).returncode == 0
        log('workers %s' % ('each in its own PID namespace' if isolate else
                            'without PID namespaces (unshare not permitted)'))
        env = dict(os.environ, PYTHONUNBUFFERED='1')
        self.worker_logs = []
        for k in range(a.workers):
            d = os.path.join(self.tmp, 'worker%d' % k)
            shutil.copytree(os.path.join(self.server_dir, 'Client'), d)
            cmd = [PY, 'client.py', '-U', USER, '-P', PASSWORD, '-S', self.url,
                   '--no-client-downloads', '-T', str(a.threads), '-N', '1', '-I', 'kaki%d' % k]
            if isolate:
                cmd = ['unshare', '--pid', '--fork', '--mount-proc', '--kill-child'] + cmd
            path = os.path.join(self.tmp, 'worker%d.log' % k)
            with open(path, 'w') as out:
                self.procs.append(subprocess.Popen(cmd, cwd=d, stdout=out, stderr=subprocess.STDOUT,
                                                   env=env, start_new_session=True))
            self.worker_logs.append(path)
        self.t_workers = time.time()

    def state(self):
        return {int(k): v for k, v in tagged(manage(self.server_dir, 'shell', code=QUERY),
                                             'STATE').items()}

    def wait(self):
        deadline = time.time() + self.a.timeout
        self.t_first_game = None
        last = None
        while time.time() < deadline:
            time.sleep(5)
            if self.t_first_game is None and any('Finished game' in open(p).read()
                                                 for p in self.worker_logs):
                self.t_first_game = time.time()
            for p, path in zip(self.procs[1:], self.worker_logs):
                if p.poll() is not None:
                    sys.exit('a worker exited (status %s); see %s' % (p.returncode, path))
            st = self.state()
            summary = ', '.join('test %d: %d games%s' % (i, s['games'], ' (finished)' if
                                s['finished'] else '') for i, s in sorted(st.items()))
            if summary != last:
                log(summary)
                last = summary
            if all(s['finished'] for s in st.values()):
                self.t_done = time.time()
                self.settle()
                return self.state()
        sys.exit('timeout: the tests did not finish within %d s' % self.a.timeout)

    def settle(self):
        """A worker reports the errors of its PGN (one event per crashed game) after the results
        that finish the test: wait until every worker has asked for a workload after its last."""
        def idle(path):
            text = open(path).read()
            return text.rfind('Requesting Workload') > text.rfind('Launching match runner')
        for _ in range(90):
            if all(idle(p) for p in self.worker_logs):
                return
            time.sleep(1)
        log('a worker did not ask for another workload within 90 s')

    def stop(self, server=True):
        for p in reversed(self.procs if server else self.procs[1:]):
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
            p.wait()
        # anything still running from our directory (an engine, a runner): by its id
        for pid in os.listdir('/proc') if server else []:
            if not pid.isdigit() or int(pid) == os.getpid():
                continue
            try:
                cwd = os.readlink('/proc/%s/cwd' % pid)
            except OSError:
                continue
            if cwd.startswith(self.tmp):
                log('stopping leftover process %s in %s' % (pid, cwd))
                try:
                    os.kill(int(pid), signal.SIGKILL)
                except OSError:
                    pass
        if server and hasattr(self, 'www') and not getattr(self, 'www_stopped', False):
            self.www.shutdown()
            self.www_stopped = True

    def verify(self, st):
        a = self.a
        logs = ''.join(open(p).read() for p in self.worker_logs)
        self.check('the worker built kaki-match as fastchess-ob', '> Finished building v' in logs)
        self.check('the worker built the dev and base engines',
                   'Building [Kaki-dev]' in logs and 'Building [Kaki-main]' in logs)
        self.check('the bench check passed (signature %d)' % a.signature,
                   'Bench for dev is %d' % a.signature in logs and 'Wrong Bench' not in logs
                   and 'Non-Deterministic' not in logs and 'Exceeded Max Duration' not in logs)
        main = st[self.ids['main']]
        files = glob.glob(os.path.join(self.tmp, 'worker*', 'PGNs', '%d.*.pgn' % self.ids['main']))
        games = pgn_games(files)
        tri, penta = truth(games)
        log('main test on the server: %s' % main)
        log('main test in the PGN files: %d games, trinomial %s, pentanomial %s' %
            (len(games), tri, penta))
        self.check('the main test finished', main['finished'])
        if a.workers == 1 and not a.sprt:
            self.check('server games = PGN games', main['games'] == len(games) >= a.games,
                       '%d, %d' % (main['games'], len(games)))
            self.check('server W/L/D = PGN', main['tri'] == tri)
            self.check('server pentanomial = PGN', main['penta'] == penta)
        else:  # games after the test's last report are in the PGN only
            self.check('server counts within the PGN', all(x <= y for x, y in zip(main['tri'], tri)))
            self.check('pentanomial = games / 2', sum(main['penta']) * 2 == main['games'])
        self.check('no crash, time loss or error in the main test',
                   main['crashes'] == 0 and main['timelosses'] == 0 and not main['error'],
                   '%d crashes, %d time losses, error %s' % (main['crashes'], main['timelosses'],
                                                             main['error']))
        self.check('all main games ended by the rules or adjudication',
                   all(g[4] in ('normal', 'adjudication') for g in games))
        status, page = http_get('%s/test/%d/' % (self.url, self.ids['main']))
        w, d, l = main['tri'][2], main['tri'][1], main['tri'][0]
        self.check('the test page shows W/L/D', status == 200 and
                   'W: %d L: %d D: %d' % (w, l, d) in page)
        if a.crash:
            crash = st[self.ids['crash']]
            cgames = pgn_games(glob.glob(os.path.join(self.tmp, 'worker*', 'PGNs',
                                                      '%d.*.pgn' % self.ids['crash'])))
            log('crash test on the server: %s' % crash)
            n = crash['games']
            self.check('crash test: every game lost by the crashing engine',
                       n >= 4 and crash['tri'] == [n, 0, 0] and crash['penta'] == [n // 2, 0, 0, 0, 0])
            self.check('crash test: every game counted as a crash', crash['crashes'] == n,
                       crash['crashes'])
            self.check('crash test: flagged with an error', crash['error'])
            self.check('crash test: one Disconnect event per game',
                       crash['events'].count('Disconnect') == len(cgames) >= n, crash['events'])
            self.check('crash test: PGN Termination abandoned',
                       cgames and all(g[4] == 'abandoned' for g in cgames))
        played = main['games']
        minutes = (self.t_done - (self.t_first_game or self.t_workers)) / 60.0
        self.figures = {
            'workers': a.workers, 'threads_per_worker': a.threads,
            'time_control': '%s vs %s' % (a.dev_tc, a.base_tc), 'games': played,
            'pgn_games': len(games), 'server_tri_LDW': main['tri'], 'server_penta': main['penta'],
            'server_passed': main['passed'], 'server_failed': main['failed'],
            'server_llr': main['llr'],
            'bench_nps': [int(x) for x in re.findall(r'Speed for dev is (\d+)', logs)],
            'runner_clock': sorted(set(re.findall(
                r'proto=uci (tc=\S+(?: (?:nodes|depth|timemargin)=\d+)?)', logs))),
            'setup_seconds': round((self.t_first_game or self.t_done) - self.t_workers, 1),
            'play_minutes': round(minutes, 2),
            'games_per_minute': round(played / minutes, 2) if minutes > 0 else None}
        log('figures: %s' % json.dumps(self.figures))
        if a.report:
            with open(a.report, 'w') as f:
                json.dump(self.figures, f, indent=2)


def main():
    p = argparse.ArgumentParser()
    for name in ('openbench', 'source', 'kaki_match', 'kaki', 'fake'):
        p.add_argument(name)
    p.add_argument('signature', type=int)
    p.add_argument('--games', type=int, default=32)
    p.add_argument('--workload-size', type=int, default=2)
    p.add_argument('--threads', type=int, default=2)
    p.add_argument('--workers', type=int, default=1)
    p.add_argument('--nodes', default='3000,1000')
    p.add_argument('--tc', help='a time control for both, e.g. 5.0+0.05 (instead of --nodes)')
    p.add_argument('--nps', type=int, default=400000)
    p.add_argument('--sprt', action='store_true')
    p.add_argument('--no-crash', dest='crash', action='store_false')
    p.add_argument('--timeout', type=int, default=1200)
    p.add_argument('--keep', action='store_true')
    p.add_argument('--report')
    a = p.parse_args()
    for name in ('openbench', 'source', 'kaki_match', 'kaki', 'fake'):
        setattr(a, name, os.path.abspath(getattr(a, name)))
    if a.tc:
        a.dev_tc = a.base_tc = a.tc
    else:
        dev, base = a.nodes.split(',')
        a.dev_tc, a.base_tc = 'N=' + dev, 'N=' + base
    run = Run(a)
    ok = False
    try:
        run.serve_files()
        run.start_server()
        run.start_workers()
        st = run.wait()
        run.stop(server=False)
        run.verify(st)
        ok = not run.failures
    finally:
        run.stop()
        if ok and not a.keep:
            shutil.rmtree(run.tmp, ignore_errors=True)
        else:
            log('files kept in %s' % run.tmp)
            for path in getattr(run, 'worker_logs', []):
                with open(path) as f:
                    tail = f.read()[-3000:]
                log('--- end of %s:\n%s' % (path, tail))
    log('%d checks failed' % len(run.failures) if run.failures else 'all checks passed')
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
