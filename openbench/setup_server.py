#!/usr/bin/env python3
"""Makes an OpenBench server directory (a checkout of github.com/AndyGrant/OpenBench) a server
for Kaki, as docs/OPENBENCH.md describes:

  * Engines/Kaki.json   the engine entry (openbench/Kaki.json with your repository and NPS);
  * Books/BOOK.json     the opening book entry: its SHA-256 and the URL of its .zip;
  * BOOK.zip            written next to the book, for you to host at that URL;
  * Config/config.json  engines ["Kaki"], books [BOOK], and kaki-match as the game runner:
                        fastchess_min_version = kaki-match's version, fastchess_repo_url =
                        your Kaki repository (a worker without ./fastchess-ob builds it there
                        with `make`);
  * with --no-htmlmin, OpenSite/settings.py without django-htmlmin's two middleware lines
    (for Debian's python3-django, which has no django-htmlmin package).

  setup_server.py OPENBENCH_DIR --repo URL --book FILE --book-url URL [--ref main] [--nps N]
                  [--no-htmlmin]
"""
import argparse
import hashlib
import json
import os
import re
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))


def kaki_version():
    with open(os.path.join(HERE, '..', 'CMakeLists.txt')) as f:
        match = re.search(r'project\(kaki VERSION ([0-9.]+)', f.read())
    if not match:
        sys.exit('setup_server: no project version in CMakeLists.txt')
    return match.group(1)


def write_json(path, data):
    with open(path, 'w') as f:
        json.dump(data, f, indent=4)
        f.write('\n')
    print('wrote %s' % path)


def book_entry(ob, book, url):
    """Books/NAME.json and NAME.zip; returns NAME."""
    name = os.path.basename(book)
    if len(name) > 32:
        sys.exit('setup_server: the book name %s is longer than OpenBench allows (32)' % name)
    if not name.endswith(('.tfen', '.epd')):
        sys.exit('setup_server: name the book NAME.tfen (OpenBench passes the suffix as format=)')
    if any(word in name.upper() for word in ('FRC', '960', 'FISCHER')):
        sys.exit('setup_server: OpenBench asks for Chess960 when the book name contains FRC, 960 '
                 'or FISCHER; choose another name')
    with open(book, 'rb') as f:
        content = f.read()
    content.decode('ascii')  # TFEN lines are ASCII; OpenBench hashes the text as UTF-8
    write_json(os.path.join(ob, 'Books', name + '.json'),
               {'sha': hashlib.sha256(content).hexdigest().upper(), 'source': url})
    archive = book + '.zip'
    with zipfile.ZipFile(archive, 'w', zipfile.ZIP_DEFLATED) as z:
        z.write(book, name)
    print('wrote %s: host it at %s' % (archive, url))
    return name


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('openbench', help='the OpenBench server directory')
    p.add_argument('--repo', required=True, help='Kaki repository, https://github.com/OWNER/NAME')
    p.add_argument('--ref', default='main', help='branch that workers build kaki-match from')
    p.add_argument('--book', required=True, help='the opening book: TFEN lines (kaki-match book)')
    p.add_argument('--book-url', required=True, help='where BOOK.zip will be served')
    p.add_argument('--nps', type=int, help='the reference speed for scaling time controls '
                   '(`kaki bench` nps on a typical worker)')
    p.add_argument('--no-htmlmin', action='store_true', help="remove django-htmlmin's middleware")
    args = p.parse_args()
    ob = args.openbench
    if not os.path.isfile(os.path.join(ob, 'manage.py')):
        sys.exit('setup_server: %s is not an OpenBench directory (no manage.py)' % ob)

    with open(os.path.join(HERE, 'Kaki.json')) as f:
        engine = json.load(f)
    book = book_entry(ob, args.book, args.book_url)
    engine['source'] = args.repo
    if args.nps:
        engine['nps'] = args.nps
    engine['test_presets']['default']['book_name'] = book
    write_json(os.path.join(ob, 'Engines', 'Kaki.json'), engine)

    config_path = os.path.join(ob, 'Config', 'config.json')
    with open(config_path) as f:
        config = json.load(f)
    config.update({'engines': ['Kaki'], 'books': [book],
                   'fastchess_min_version': kaki_version(),
                   'fastchess_repo_url': args.repo, 'fastchess_repo_ref': args.ref})
    write_json(config_path, config)

    if args.no_htmlmin:
        settings = os.path.join(ob, 'OpenSite', 'settings.py')
        with open(settings) as f:
            lines = f.readlines()
        kept = [line for line in lines if 'htmlmin.middleware' not in line]
        with open(settings, 'w') as f:
            f.writelines(kept)
        print('removed %d htmlmin lines from %s' % (len(lines) - len(kept), settings))
    return 0


if __name__ == '__main__':
    sys.exit(main())
