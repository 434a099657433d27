#!/bin/sh
# Search parameters on kaki's command line (--option NAME=VALUE, search/params.c): a parameter
# set to its default searches node for node as without it; pruning switched off searches more
# nodes to the same depth, in bench and in go.
#   cli_params.sh KAKI
set -u
kaki=$1
nodes() { "$kaki" bench 4 "$@" | sed -n 's/^\([0-9]*\) nodes$/\1/p'; }
base=$(nodes)
same=$(nodes --option RFP_MARGIN=120 --option LMP_DEPTH=4)
full=$(nodes --option RFP_DEPTH=0 --option FUTILITY_DEPTH=0 --option LMP_DEPTH=0)
echo "bench 4: $base nodes; defaults given: $same; pruning off: $full"
[ -n "$base" ] && [ "$base" = "$same" ] && [ "$full" -gt "$base" ] || { echo FAIL; exit 1; }
go() { "$kaki" go --depth 5 "$@" | sed -n 's/^info depth 5 .* nodes \([0-9]*\) .*/\1/p'; }
g0=$(go) g1=$(go --option LMP_DEPTH=0)
echo "go --depth 5: $g0 nodes; LMP off: $g1"
[ -n "$g0" ] && [ "$g1" -gt "$g0" ] || { echo FAIL; exit 1; }
echo ok
