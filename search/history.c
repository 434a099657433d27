/* Killer and history updates after a quiet cut-off (history.h). */
#include "history.h"

#include "board/pieces.h"
#include "params.h"

void killers_update(Move killers[2], Move m)
{
    if (killers[0] != m) {
        killers[1] = killers[0];
        killers[0] = m;
    }
}

/* Moves entry *h by sign * scale * bonus, less its gravity. */
static inline void nudge(int16_t *h, int sign, int bonus, int scale)
{
    *h = (int16_t)(*h + sign * scale * bonus - *h * bonus / HISTORY_GRAVITY);
}

void history_update(int16_t (*history)[SQUARE_COUNT], Move m, const Move *tried, int n,
                    int bonus, int scale)
{
    nudge(&history[move_from(m)][move_to(m)], 1, bonus, scale);
    for (int i = 0; i < n; i++) /* the quiet moves tried before it failed */
        if (tried[i] != m)
            nudge(&history[move_from(tried[i])][move_to(tried[i])], -1, bonus, scale);
}

static inline int16_t *cont_entry(int16_t *cont, const Position *pos, Move m)
{
    return &cont[piece_kind(pos->board[move_from(m)]) * SQUARE_COUNT + move_to(m)];
}

void cont_history_update(int16_t *cont, const Position *pos, Move m, const Move *tried, int n,
                         int bonus, int scale)
{
    nudge(cont_entry(cont, pos, m), 1, bonus, scale);
    for (int i = 0; i < n; i++)
        if (tried[i] != m)
            nudge(cont_entry(cont, pos, tried[i]), -1, bonus, scale);
}
