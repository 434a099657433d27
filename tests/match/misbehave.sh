#!/usr/bin/env bash
# A scripted CECP engine that misbehaves on its first move of every game (kaki-match tests).
#   misbehave.sh MODE
# MODE: illegal    plays a pawn two squares forward (well-formed, illegal)
#       garbage    answers with an unparsable move
#       crash      kills itself with SIGSEGV
#       exit       exits with status 3
#       hang       stops answering (sleeps in a child process)
#       timeloss   moves legally, but 1.5 s late (run with --tc 0:01 and --grace 3)
#       falseclaim claims a win that the rules do not give it
#       resign     resigns
#       flood      floods its output (yes(1)) instead of moving, never reading again
#       floodresign resigns, then floods
#       pawns      plays pawn moves on file a (a legal, short-lived engine; never misbehaves)
# It plays sente's a-pawn (a5a6, a6a7, ...) or gote's (a12a11, ...), as the game requires.
mode=$1
ply=0          # moves seen since "new": decides which side we play
mine=0         # our own moves in this game
force=1
move() {
    mine=$((mine + 1))
    case $mode in
        illegal) if [ $((ply % 2)) -eq 0 ]; then echo "move a5a7"; else echo "move a12a10"; fi; return ;;
        garbage) echo "move zz99"; return ;;
        crash) kill -SEGV $$; sleep 5; exit 1 ;;
        exit) exit 3 ;;
        hang) sleep 987654; return ;;
        timeloss) sleep 1.5 ;;
        falseclaim) if [ $((ply % 2)) -eq 0 ]; then echo "1-0 {I win}"; else echo "0-1 {I win}"; fi; return ;;
        resign) echo "resign"; return ;;
        flood) exec yes ;;
        floodresign) echo "resign"; exec yes ;;
    esac
    if [ $((ply % 2)) -eq 0 ]; then
        echo "move a$((4 + mine))a$((5 + mine))"
    else
        echo "move a$((13 - mine))a$((12 - mine))"
    fi
    ply=$((ply + 1))
}
while IFS= read -r line; do
    set -- $line
    case $1 in
        protover)
            echo 'feature myname="misbehave-'"$mode"'" variants="tenjiku" ping=1 setboard=1 usermove=1 sigint=0 sigterm=0 done=1' ;;
        new) ply=0; mine=0; force=0 ;;
        force|result) force=1 ;;
        go) force=0; move ;;
        usermove) ply=$((ply + 1)); [ $force -eq 0 ] && move ;;
        ping) echo "pong $2" ;;
        quit) exit 0 ;;
    esac
done
