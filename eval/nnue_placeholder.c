/* The placeholder net (nnue_placeholder.h).
 *
 * CReLU with H = 32, every hidden and output weight 0: the score is the psqt path alone.  From
 * each perspective a piece's psqt weight is its docs/RULES.md §7 value, positive for the
 * perspective's own pieces and negative for the other side's, on every square; so psqt[us] =
 * -psqt[them] = own - other and (psqt[us] - psqt[them]) / 2 is the material balance exactly. */
#include "nnue_placeholder.h"

#include <stdio.h>

#include "board/pieces.h"

enum { PLACEHOLDER_H = 32 };

NnueNet *nnue_placeholder_net(void)
{
    NnueNet *net = nnue_net_new(PLACEHOLDER_H, NNUE_CRELU);
    if (!net)
        return NULL;
    snprintf(net->description, sizeof net->description, "placeholder: docs/RULES.md 7 material, psqt only");
    for (int k = 1; k < KIND_COUNT; k++)
        for (int sq = 0; sq < SQUARE_COUNT && kind_move_type[k] != MT_NONE; sq++)
            for (int c = 0; c < 2; c++)
                net->psqt_weight[nnue_feature(BLACK, k, c, sq)] = c == BLACK ? material_value(k) : -material_value(k);
    return net;
}
