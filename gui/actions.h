/* What the page may ask the game to do: POST /api/ACTION (api.h) with a JSON body.  Every
 * action checks everything before it changes anything: a refused action leaves the game
 * exactly as it was. */
#ifndef KAKI_GUI_ACTIONS_H
#define KAKI_GUI_ACTIONS_H

#include "json.h"
#include "session.h"

/* Action `action` (move, new, setup, loadpgn, undo, goto, resign, analyse, restart, resume,
   stop) with its JSON body, from page `client` (may be "").  Locks the session.  Returns an
   HTTP status: 200 with the new state in *answer, or 4xx with {"error": ...} and the game
   unchanged.  *answer is malloc'ed. */
int actions_apply(Session *s, const char *action, const JsonValue *body, const char *client,
                  char **answer);

#endif
