/* The CECP client's thinking-line parser (docs/PROTOCOL.md §1.6): Kaki's own format with extra
   integers before a tab, XBoard's minimal four numbers with a blank before the PV, mate scores,
   and lines that are not thinking output. */
#include <string.h>

#include "cecpclient/xengine.h"
#include "check.h"

int main(void)
{
    XeThinking t;
    CHECK(xe_parse_thinking("7 35 123 45678 9 371000 0\th4h5 i13i12", &t) && t.depth == 7 &&
              t.score == 35 && t.time_cs == 123 && t.nodes == 45678 &&
              strcmp(t.pv, "h4h5 i13i12") == 0,
          "Kaki's format: pv '%s'", t.pv);
    CHECK(xe_parse_thinking("3 149 8 13399 e7d8,d8d7 j6i5,i5i6 i3c9+", &t) && t.depth == 3 &&
              strcmp(t.pv, "e7d8,d8d7 j6i5,i5i6 i3c9+") == 0,
          "HaChu's format: pv '%s'", t.pv);
    CHECK(xe_parse_thinking("  12 -100003 50 10", &t) && t.score == -100003 && *t.pv == '\0',
          "mate score, no PV");
    CHECK(xe_parse_thinking("5 20 1 100 7\t", &t) && *t.pv == '\0', "tab, empty PV");
    CHECK(!xe_parse_thinking("move h4h5", &t), "a move");
    CHECK(!xe_parse_thinking("5 20 1", &t), "three numbers");
    CHECK(!xe_parse_thinking("5 20x 1 100 pv", &t), "garbage in a number");
    CHECK(!xe_parse_thinking("99999999999999999999 1 1 1", &t), "absurd depth");
    CHECK(!xe_parse_thinking("", &t), "empty line");
    /* numbers other programs write are bounded when read (issue 31, point 7) */
    CHECK(xe_parse_thinking("5 20 9223372036854775807 9223372036854775807\tpv", &t) &&
              t.time_cs == XE_TIME_CS_MAX && t.nodes == XE_NODES_MAX,
          "time and nodes near INT64_MAX clamped: %lld %lld", t.time_cs, t.nodes);
    CHECK(t.time_cs * 10 > 0 && t.nodes * 100 / (t.time_cs ? t.time_cs : 1) >= 0,
          "the clamped numbers multiply without overflow");
    CHECK(!xe_parse_thinking("5 20 -3 100 pv", &t), "a negative time");
    CHECK(!xe_parse_thinking("5 20 3 -100 pv", &t), "a negative node count");
    CHECK(!xe_parse_thinking("5 20 99999999999999999999 100 pv", &t), "a time beyond int64");
    return check_finish("test_xe_thinking");
}
