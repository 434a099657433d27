#!/usr/bin/env python3
"""kaki-match as OpenBench's game runner, checked with OpenBench's own client code.

The client modules are imported unmodified from the OpenBench snapshot (nothing is copied):
MatchRunner builds the runner's command line from a workload exactly as a worker does,
run_and_parse_runner() runs kaki-match under the name fastchess-ob and parses its output with
update_results(), PGNHelper reads the errors from the PGN, bench.run_benchmark() runs the bench
check (one `kaki bench` per core at once, 60 s limit, the expected signature) and get_version()
reads the runner's version.  Each scenario's parsed trinomial, pentanomial and crash, time-loss
and illegal-move counts must equal what the PGN file says.

  runner_contract.py OPENBENCH_DIR KAKI KAKI_MATCH FAKE_ENGINE BENCH_SIGNATURE
"""
import multiprocessing
import os
import queue
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import types

sys.dont_write_bytecode = True  # the snapshot stays untouched
OB, KAKI, KAKI_MATCH, FAKE = map(os.path.abspath, sys.argv[1:5])
SIGNATURE = sys.argv[5]
sys.path.insert(0, os.path.join(OB, 'Client'))
import bench   # noqa: E402  (OpenBench's Client/bench.py)
import worker  # noqa: E402  (OpenBench's Client/worker.py)

failures = []


def check(what, ok, detail=''):
    print('%s: %s%s' % ('ok' if ok else 'FAILED', what, (' (%s)' % detail) if detail else ''))
    if not ok:
        failures.append(what)


def workload(dev_tc, base_tc, rounds, book):
    """The parts of a server workload that MatchRunner reads."""
    engine = lambda tc: {'engine': 'Kaki', 'options': 'Threads=1 Hash=8', 'time_control': tc}
    return {
        'test': {'id': 12, 'type': 'GAMES', 'syzygy_wdl': 'OPTIONAL', 'syzygy_adj': 'OPTIONAL',
                 'win_adj': 'movecount=3 score=400',
                 'draw_adj': 'movenumber=40 movecount=8 score=10',
                 'play_reverses': False, 'book': {'name': book}, 'book_index': 5,
                 'book_seed': 12, 'dev': engine(dev_tc), 'base': engine(base_tc)},
        'result': {'id': 34},
        'distribution': {'runner-count': 1, 'concurrency-per': 2, 'rounds-per-runner': rounds},
    }


def pgn_truth(path):
    """Dev's trinomial (L, D, W) and pentanomial, the error kinds OpenBench reads and the
    Terminations, from the PGN."""
    games, errors, terms = {}, [], []
    for headers, moves in worker.PGNHelper.slice_pgn_file(path):
        get = lambda tag: worker.PGNHelper.get_pgn_header(headers, tag)
        games[int(get('Round'))] = (get('White'), get('Result'))
        errors.append(worker.PGNHelper.get_error_reason(headers))
        terms.append(get('Termination'))
    points = {}
    for number, (white, result) in games.items():
        white_points = {'1-0': 2, '1/2-1/2': 1, '0-1': 0}[result]
        points[number] = white_points if white == 'Kaki-dev' else 2 - white_points
    tri, penta = [0, 0, 0], [0] * 5
    for number, p in points.items():
        tri[p] += 1
        if number % 2 == 1 and number + 1 in points:
            penta[p + points[number + 1]] += 1
    return sorted(games), tri, penta, errors, terms


def run(name, dev, base, dev_tc, base_tc, rounds, expect):
    """One runner invocation built and parsed by OpenBench's worker code."""
    config = types.SimpleNamespace(workload=workload(dev_tc, base_tc, rounds, BOOK),
                                   syzygy_max=0, syzygy_path=None)
    stamp = int(time.time())
    command = worker.build_runner_command(config, dev, base, 1.0, stamp, 0)
    print('\n--- %s: %s' % (name, command))
    results, abort = multiprocessing.Queue(), threading.Event()
    worker.run_and_parse_runner(config, command, 0, results, abort)
    got = {'trinomial': [0, 0, 0], 'pentanomial': [0] * 5, 'crashes': 0, 'timelosses': 0,
           'illegals': 0}
    while True:
        try:
            batch = results.get(timeout=1)
        except queue.Empty:
            break
        for key in got:
            got[key] = [a + b for a, b in zip(got[key], batch[key])] \
                if isinstance(got[key], list) else got[key] + batch[key]
    pgn = worker.MatchRunner.pgn_name(config, stamp, 0)
    numbers, tri, penta, errors, terms = pgn_truth(pgn)
    print('parsed by OpenBench: %s' % got)
    print('from the PGN: trinomial %s, pentanomial %s, errors %s' % (tri, penta, errors))
    check('%s: games 1..%d in the PGN' % (name, 2 * rounds), numbers == list(range(1, 2 * rounds + 1)))
    check('%s: every game parsed' % name, sum(got['trinomial']) == 2 * rounds, got['trinomial'])
    check('%s: trinomial as in the PGN' % name, got['trinomial'] == tri)
    check('%s: pentanomial as in the PGN' % name, got['pentanomial'] == penta)
    # each count as the PGN's Terminations say; a faulty engine's in every game
    faults = {'crashes': terms.count('abandoned'), 'timelosses': terms.count('time forfeit'),
              'illegals': terms.count('illegal move')}
    for key, want in faults.items():
        check('%s: %s as in the PGN (%d)' % (name, key, want), got[key] == want, got[key])
    if expect:
        key = {'crash': 'crashes', 'timeloss': 'timelosses', 'illegal': 'illegals'}[expect]
        check('%s: a fault in every game' % name, faults[key] == 2 * rounds, faults[key])
    want_errors = {'abandoned': 'Disconnect', 'illegal move': 'Illegal Move'}
    check('%s: OpenBench reads the errors from the PGN' % name,
          errors == [want_errors.get(t) for t in terms], errors)
    return got


def main():
    global BOOK
    tmp = tempfile.mkdtemp(prefix='kaki-ob-contract-')
    os.chdir(tmp)
    for d in ('Engines', 'Books', 'PGNs'):
        os.mkdir(d)
    os.symlink(KAKI_MATCH, 'fastchess-ob')
    BOOK = 'tenjiku-test.tfen'
    with open(os.path.join('Books', BOOK), 'w') as f:
        subprocess.run([KAKI_MATCH, 'book', '--count', '24', '--seed', '5'], stdout=f, check=True)
    shutil.copy(KAKI, os.path.join('Engines', 'Kaki-0123ABCD'))
    engines = {}
    for fault in ('crash', 'illegal', 'slow'):
        engines['Fake-%s' % fault] = 'exec %s --fail %s@3 --seed 4 "$@"' % (shlex.quote(FAKE), fault)
    for name, body in engines.items():
        with open(os.path.join('Engines', name), 'w') as f:
            f.write('#!/bin/sh\n%s\n' % body)
        os.chmod(os.path.join('Engines', name), 0o755)

    # the runner is accepted as fastchess-ob by its version
    version = worker.get_version('./fastchess-ob')
    check('get_version reads the runner version', bool(version), version)
    check('a server can ask for this version',
          worker.compare_versions('./fastchess-ob', version) == version)

    run('fixed nodes, dev stronger', 'Kaki-0123ABCD', 'Kaki-0123ABCD', 'N=3000', 'N=1000', 6, None)
    run('time control', 'Kaki-0123ABCD', 'Kaki-0123ABCD', '4.0+0.04', '4.0+0.04', 2, None)
    run('crashing dev', 'Fake-crash', 'Kaki-0123ABCD', 'N=1000', 'N=1000', 2, 'crash')
    run('illegal moves', 'Fake-illegal', 'Kaki-0123ABCD', 'N=1000', 'N=1000', 2, 'illegal')
    run('time losses', 'Fake-slow', 'Kaki-0123ABCD', '1.0+0.01', '1.0+0.01', 2, 'timeloss')

    # the bench check of every workload: one copy per core at once, within 60 s, deterministic
    cores = os.cpu_count() or 1
    t0 = time.time()
    try:
        nps, nodes = bench.run_benchmark(os.path.join('Engines', 'Kaki-0123ABCD'), cores, 1,
                                         int(SIGNATURE))
        check('bench: %d copies agree on the signature %s' % (cores, SIGNATURE),
              nodes == int(SIGNATURE), nodes)
    except Exception as error:  # OpenBenchBadBenchException
        check('bench accepted by OpenBench', False, error)
    print('bench: %d copies in %.1f s' % (cores, time.time() - t0))

    print('\n%d failed' % len(failures))
    os.chdir('/')
    if failures:
        print('files kept in %s' % tmp)
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
