/* Killer and history updates after a quiet cut-off (history.h). */
#include "history.h"

#include "params.h"

void killers_update(Move killers[2], Move m)
{
    if (killers[0] != m) {
        killers[1] = killers[0];
        killers[0] = m;
    }
}

void history_update(int16_t (*history)[SQUARE_COUNT], Move m, const Move *tried, int n,
                    int bonus, int scale)
{
    int16_t *h = &history[move_from(m)][move_to(m)];
    *h = (int16_t)(*h + scale * bonus - *h * bonus / HISTORY_GRAVITY);
    for (int i = 0; i < n; i++) { /* the quiet moves tried before it failed */
        Move q = tried[i];
        if (q == m)
            continue;
        int16_t *hq = &history[move_from(q)][move_to(q)];
        *hq = (int16_t)(*hq - scale * bonus - *hq * bonus / HISTORY_GRAVITY);
    }
}
