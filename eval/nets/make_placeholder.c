/* kaki-nnue-placeholder FILE: writes the placeholder net (eval/nnue_placeholder.h), which is
 * eval/nets/default.nnue until a trained net replaces it. */
#include <stdio.h>

#include "eval/nnue_format.h"
#include "eval/nnue_placeholder.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: kaki-nnue-placeholder FILE\n");
        return 2;
    }
    NnueNet *net = nnue_placeholder_net();
    char err[300];
    if (!net || nnue_net_save(net, argv[1], err, sizeof err) != 0) {
        fprintf(stderr, "error: %s\n", net ? err : "the placeholder does not fit");
        nnue_net_free(net);
        return 1;
    }
    printf("%s: %s, %zu bytes\n", argv[1], net->description, nnue_file_size(net->hidden));
    nnue_net_free(net);
    return 0;
}
