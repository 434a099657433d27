/* `kaki go` (one search) and `kaki eval` (the static evaluation, term by term).
 * Arguments after the subcommand's name; returns the exit status. */
#ifndef KAKI_SEARCH_CMD_H
#define KAKI_SEARCH_CMD_H

int cmd_go(int argc, char **argv);
int cmd_eval(int argc, char **argv);

#endif
