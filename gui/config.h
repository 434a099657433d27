/* kaki-board's configuration from its command line: the engines' command lines, their
 * options, the rules of the first game, and the protocol log. */
#ifndef KAKI_GUI_CONFIG_H
#define KAKI_GUI_CONFIG_H

#include <stddef.h>

#include "board/rules.h"
#include "cecpclient/xengine.h"

#define BOARD_MAX_ENGINE_ARGS 32
#define BOARD_MAX_OPTIONS 32

/* One engine command line: the program and its arguments. */
typedef struct EngineCommand {
    char *argv[BOARD_MAX_ENGINE_ARGS + 1];
    int argc;
} EngineCommand;

typedef struct BoardConfig {
    EngineCommand engine[2];    /* engine[1] is engine[0] when only one was given */
    XeSetting options[BOARD_MAX_OPTIONS]; /* --option NAME=VALUE that are not rules options */
    int noptions;
    Rules rules;                /* the rules of the first game */
    const char *engine_log;     /* protocol log file, NULL = none */
} BoardConfig;

/* Parses "NAME=VALUE": a rules option goes into cfg->rules, anything else is an engine
   option.  0, or -1 with a message. */
int board_config_option(BoardConfig *cfg, const char *assignment, char *err, size_t errsz);
/* Splits an --engine command at blanks ("kaki --threads 2").  0 or -1. */
int board_config_engine(EngineCommand *cmd, const char *command, char *err, size_t errsz);
void board_config_free(BoardConfig *cfg);

#endif
