/* kaki-board's configuration from its command line (config.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/strutil.h"

int board_config_option(BoardConfig *cfg, const char *assignment, char *err, size_t errsz)
{
    const char *eq = strchr(assignment, '=');
    if (!eq || eq == assignment) {
        snprintf(err, errsz, "expected NAME=VALUE, got '%s'", assignment);
        return -1;
    }
    for (int i = 0; i < rule_option_count; i++)
        if (strlen(rule_options[i].name) == (size_t)(eq - assignment) &&
            strncmp(rule_options[i].name, assignment, (size_t)(eq - assignment)) == 0)
            return rules_set_assignment(&cfg->rules, assignment, err, errsz);
    if (cfg->noptions == BOARD_MAX_OPTIONS) {
        snprintf(err, errsz, "more than %d engine options", BOARD_MAX_OPTIONS);
        return -1;
    }
    char *name = xstrdup(assignment);
    name[eq - assignment] = '\0';
    cfg->options[cfg->noptions++] = (XeSetting){name, name + (eq - assignment) + 1};
    return 0;
}

int board_config_engine(EngineCommand *cmd, const char *command, char *err, size_t errsz)
{
    for (int i = 0; i < cmd->argc; i++)
        free(cmd->argv[i]);
    cmd->argc = 0;
    char *copy = xstrdup(command);
    for (char *save, *tok = strtok_r(copy, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
        if (cmd->argc == BOARD_MAX_ENGINE_ARGS) {
            snprintf(err, errsz, "more than %d words in the engine command", BOARD_MAX_ENGINE_ARGS);
            free(copy);
            return -1;
        }
        cmd->argv[cmd->argc++] = xstrdup(tok);
    }
    cmd->argv[cmd->argc] = NULL;
    free(copy);
    if (cmd->argc == 0) {
        snprintf(err, errsz, "empty engine command");
        return -1;
    }
    return 0;
}

void board_config_free(BoardConfig *cfg)
{
    for (int e = 0; e < 2; e++)
        for (int i = 0; i < cfg->engine[e].argc; i++)
            free(cfg->engine[e].argv[i]);
    for (int i = 0; i < cfg->noptions; i++)
        free((char *)cfg->options[i].name);
    memset(cfg, 0, sizeof *cfg);
}
