/* Nets for the NNUE tests: random ones (every weight drawn, so that every feature matters) and
 * helpers to put them in use.  Header-only, shared by tests. */
#ifndef KAKI_TEST_NNUENETS_H
#define KAKI_TEST_NNUENETS_H

#include <stdio.h>
#include <stdlib.h>

#include "eval/nnue.h"
#include "randpos.h"

static inline int rng_range(Rng *r, int lo, int hi) { return lo + rng_below(r, hi - lo + 1); }

/* A net of h units: feature weights in [-ft, ft], biases in [-ft, 4 ft], output weights in
   [-out, out]; description "random". */
static inline NnueNet *random_net(Rng *r, int h, int activation, int ft, int out)
{
    NnueNet *net = nnue_net_new(h, activation);
    if (!net)
        abort();
    snprintf(net->description, sizeof net->description, "random h=%d %s", h,
             activation == NNUE_SCRELU ? "SCReLU" : "CReLU");
    for (int i = 0; i < h; i++)
        net->ft_bias[i] = (int16_t)rng_range(r, -ft, 4 * ft);
    for (size_t i = 0; i < (size_t)NNUE_INPUTS * (size_t)h; i++)
        net->ft_weight[i] = (int16_t)rng_range(r, -ft, ft);
    for (int i = 0; i < 2 * h; i++)
        net->out_weight[i] = (int16_t)rng_range(r, -out, out);
    for (size_t f = 0; f < NNUE_INPUTS; f++)
        net->psqt_weight[f] = rng_range(r, -20000, 20000);
    net->out_bias = rng_range(r, -100000, 100000);
    return net;
}

/* Puts net in use through its file bytes (frees net); false with a message if refused. */
static inline bool use_net(NnueNet *net, const char *name)
{
    size_t size;
    uint8_t *bytes = nnue_net_write(net, &size);
    nnue_net_free(net);
    char err[300] = "";
    bool ok = bytes && nnue_load_memory(bytes, size, name, err, sizeof err) == 0;
    if (!ok)
        fprintf(stderr, "%s: refused: %s\n", name, err);
    free(bytes);
    return ok;
}

#endif
