/* The evaluation's CECP options (protocol/evaloptions.c, docs/NNUE.md): the feature lines,
 * Evaluation switching the search's evaluation, EvalFile loading a net, and every bad file or
 * value refused with tellusererror while the net in use stays. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cecp_harness.h"
#include "check.h"
#include "eval/eval.h"
#include "eval/nnue.h"
#include "nnuenets.h"

static Out out;

static void send(Cecp *c, const char *line)
{
    cecp_handle(c, line);
    CHECK(cecp_wait_idle(c, 60000), "engine still thinking after '%s'", line);
}

/* The last line starting with prefix, or NULL (caller frees). */
static char *last_line(const char *prefix)
{
    int idx = -1, i = -1;
    while ((i = out_find(&out, i + 1, prefix)) >= 0)
        idx = i;
    return out_line(&out, idx);
}

static bool has_line(const char *line) { return out_find(&out, 0, line) >= 0; }

/* The option is refused: a tellusererror line containing `why`, the net in use unchanged. */
static void refused(Cecp *c, const char *line, const char *why)
{
    uint32_t id = nnue_net_id();
    out_clear(&out);
    send(c, line);
    char *told = last_line("tellusererror Option refused");
    CHECK(told && strstr(told, why) && strstr(told, line), "'%s': got '%s', want '%s'", line, told ? told : "nothing",
          why);
    CHECK(nnue_net_id() == id, "'%s': the net in use changed", line);
    CHECK(!has_line("Error"), "'%s': an Error line (XBoard would take a move back)", line);
    free(told);
}

static void write_file(const char *path, const uint8_t *d, size_t n)
{
    FILE *f = fopen(path, "wb");
    CHECK(f && fwrite(d, 1, n, f) == n, "cannot write %s", path);
    if (f)
        fclose(f);
}

int main(void)
{
    out_init(&out);
    Cecp *c = cecp_new(out_write, &out);
    cecp_set_resource_limits(c, 16, 1);
    send(c, "xboard");
    send(c, "protover 2");
    char combo[120]; /* the default evaluation (eval/eval.h EVAL_DEFAULT) starred */
    snprintf(combo, sizeof combo, "feature option=\"Evaluation -combo %snnue /// %slearnt /// %sgcsa\"",
             EVAL_DEFAULT == EVAL_NNUE ? "*" : "", EVAL_DEFAULT == EVAL_LEARNT ? "*" : "",
             EVAL_DEFAULT == EVAL_MATERIAL ? "*" : "");
    CHECK(has_line(combo), "Evaluation combo, the default starred");
    CHECK(has_line("feature option=\"EvalFile -file \""), "EvalFile option");

    /* bad values and files */
    refused(c, "option Evaluation=neural", "nnue, learnt or gcsa");
    refused(c, "option EvalFile=/nonexistent/net.nnue", "cannot open");
    Rng rng = {11};
    NnueNet *net = random_net(&rng, 32, NNUE_SCRELU, 60, 127);
    size_t n;
    uint8_t *bytes = nnue_net_write(net, &n);
    nnue_net_free(net);
    const char *path = "test_cecp_nnue.nnue";
    write_file(path, bytes, n / 2);
    refused(c, "option EvalFile=test_cecp_nnue.nnue", "truncated");
    bytes[8] = 1; /* version 1 */
    write_file(path, bytes, n);
    refused(c, "option EvalFile=test_cecp_nnue.nnue", "version 1");
    bytes[8] = 2;
    bytes[n / 2] ^= 1;
    write_file(path, bytes, n);
    refused(c, "option EvalFile=test_cecp_nnue.nnue", "checksum");
    bytes[n / 2] ^= 1;

    /* a good file, then the network playing */
    write_file(path, bytes, n);
    out_clear(&out);
    send(c, "option EvalFile=test_cecp_nnue.nnue");
    CHECK(has_line("# EvalFile: test_cecp_nnue.nnue (random h=32 SCReLU)"), "loaded message");
    CHECK(strcmp(nnue_net_name(), path) == 0, "net in use: %s", nnue_net_name());
    send(c, "option Evaluation=nnue");
    out_clear(&out);
    send(c, "protover 2");
    CHECK(has_line("feature option=\"Evaluation -combo *nnue /// learnt /// gcsa\""), "nnue chosen");
    CHECK(has_line("feature option=\"EvalFile -file test_cecp_nnue.nnue\""), "EvalFile shows the file");
    send(c, "new");
    send(c, "sd 3");
    send(c, "post");
    out_clear(&out);
    send(c, "go");
    CHECK(out_find(&out, 0, "move ") >= 0, "no move with Evaluation=nnue");
    CHECK(cecp_check(c) == NULL, "position: %s", cecp_check(c));

    /* back to the built-in net and the learnt evaluation */
    out_clear(&out);
    send(c, "force");
    send(c, "option EvalFile=");
    CHECK(strcmp(nnue_net_name(), "built-in") == 0 && has_line("# EvalFile: the built-in net"), "built-in again");
    send(c, "option Evaluation=learnt");
    out_clear(&out);
    send(c, "protover 2");
    CHECK(has_line("feature option=\"Evaluation -combo nnue /// *learnt /// gcsa\""), "learnt chosen");
    CHECK(has_line("feature option=\"EvalFile -file \""), "EvalFile empty again");

    remove(path);
    free(bytes);
    send(c, "quit");
    cecp_free(c);
    out_free(&out);
    return check_finish("test_cecp_nnue");
}
