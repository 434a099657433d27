#!/bin/sh
# The browser of the Windows tests' Wine prefix (wine_prefix.sh makes it winebrowser's only
# one): a program that opens a web page (kaki-board.exe --open, "Kaki board.bat") gets its URL
# appended to $KAKI_URL_LOG instead of a real browser opening on the host.
[ -n "${KAKI_URL_LOG:-}" ] && echo "$1" >>"$KAKI_URL_LOG"
exit 0
