/* A command as the dispatcher (dispatch.c) hands it to its handler: the input line cut into its
 * command word and arguments, and the type of every handler.  Types only. */
#ifndef KAKI_PROTOCOL_COMMAND_H
#define KAKI_PROTOCOL_COMMAND_H

#include <stdbool.h>

#include "session.h"

/* One input line, cut up for its handler. */
typedef struct Command {
    char word[24];    /* the command word; "\x01" if too long to be one */
    bool word_too_long;
    char *line;       /* the whole line, blanks around it removed */
    char *args;       /* what follows the word, blanks skipped (a bare move: the whole line) */
    char shown[200];  /* the line as echoed in error messages */
} Command;

/* A command's handler (one per command or group of commands, in the file of its concern). */
typedef void (*CommandFn)(Cecp *c, Command *cmd);

#endif
