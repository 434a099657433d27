/* `kaki perft`: counts the leaves of the move tree (docs/RULES.md perft figures).
 * Arguments after the subcommand's name; returns the exit status. */
#ifndef KAKI_PERFT_CMD_H
#define KAKI_PERFT_CMD_H

int cmd_perft(int argc, char **argv);

#endif
