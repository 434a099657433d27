/* CECP v2 (XBoard/WinBoard protocol) on stdin/stdout: `kaki` without arguments. */
#ifndef KAKI_CECP_H
#define KAKI_CECP_H

/* Runs the protocol loop until "quit" or end of input; returns the exit status. */
int cecp_main(void);

#endif
