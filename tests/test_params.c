/* The search parameters (search/params.h):
 *   - the table: names unique and non-empty, every one with a meaning, every default inside
 *     its range, and search_params_default giving the defaults field by field;
 *   - search_params_set refuses unknown names and values out of range and leaves the
 *     parameters unchanged then, takes the range's ends, and search_params_get reads back. */
#include <string.h>

#include "check.h"
#include "search/params.h"

static void table(void)
{
    int n = search_param_count();
    CHECK(n > 20, "%d parameters", n);
    CHECK(search_param_info(-1) == NULL && search_param_info(n) == NULL, "rows 0..%d only", n - 1);
    SearchParams p = search_params_default();
    for (int i = 0; i < n; i++) {
        const SearchParamInfo *r = search_param_info(i);
        CHECK(r->name && r->name[0] && r->meaning && r->meaning[0], "row %d: name and meaning", i);
        CHECK(!strchr(r->meaning, '\n'), "%s: a one-line meaning", r->name);
        CHECK(r->min <= r->def && r->def <= r->max, "%s: default %d outside [%d, %d]", r->name,
              r->def, r->min, r->max);
        CHECK(search_param_find(r->name) == r, "%s: found by its name", r->name);
        for (int j = 0; j < i; j++) {
            const SearchParamInfo *o = search_param_info(j);
            CHECK(strcmp(r->name, o->name) != 0, "%s: the name of two rows", r->name);
            CHECK(r->offset != o->offset, "%s and %s: the same field", r->name, o->name);
        }
        int v = -1;
        CHECK(search_params_get(&p, r->name, &v) && v == r->def, "%s: default %d, got %d",
              r->name, r->def, v);
    }
    CHECK(n * sizeof(int) == sizeof(SearchParams), "a row for every field");
}

static void setting(void)
{
    const SearchParams def = search_params_default();
    SearchParams p = def;
    CHECK(!search_params_set(&p, "NO_SUCH_PARAMETER", 1), "an unknown name is refused");
    CHECK(!search_params_set(&p, "rfp_margin", 100), "names are case-sensitive");
    CHECK(!search_params_set(&p, "", 1), "the empty name is refused");
    CHECK(search_param_find("RFP_MARGIN ") == NULL, "no trailing blank");
    for (int i = 0; i < search_param_count(); i++) {
        const SearchParamInfo *r = search_param_info(i);
        CHECK(!search_params_set(&p, r->name, r->min - 1), "%s: %d below the range", r->name,
              r->min - 1);
        CHECK(!search_params_set(&p, r->name, r->max + 1), "%s: %d above the range", r->name,
              r->max + 1);
        CHECK(memcmp(&p, &def, sizeof p) == 0, "%s: a refused value changes nothing", r->name);
        int v;
        CHECK(search_params_set(&p, r->name, r->min) && search_params_get(&p, r->name, &v) &&
                  v == r->min, "%s: its minimum %d", r->name, r->min);
        CHECK(search_params_set(&p, r->name, r->max) && search_params_get(&p, r->name, &v) &&
                  v == r->max, "%s: its maximum %d", r->name, r->max);
        CHECK(search_params_set(&p, r->name, r->def), "%s: back to the default", r->name);
    }
    CHECK(memcmp(&p, &def, sizeof p) == 0, "every parameter back at its default");
    CHECK(search_params_set(&p, "RFP_MARGIN", 77) && p.rfp_margin == 77, "the named field is set");
    int v = 0;
    CHECK(!search_params_get(&p, "NO_SUCH_PARAMETER", &v) && v == 0, "unknown name: no value");
}

int main(void)
{
    table();
    setting();
    return check_finish("test_params");
}
