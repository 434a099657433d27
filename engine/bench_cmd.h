/* `kaki bench`: the fixed-depth search of the bench positions and its node signature.
 * Arguments after the subcommand's name; returns the exit status. */
#ifndef KAKI_BENCH_CMD_H
#define KAKI_BENCH_CMD_H

int cmd_bench(int argc, char **argv);

#endif
