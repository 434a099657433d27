/* The disputed rules of docs/RULES.md §9, chosen at run time.  Every option lives here and nowhere
 * else; the move generator reads the piece tables derived from it (pieces.h). */
#ifndef KAKI_RULES_H
#define KAKI_RULES_H

#include <stddef.h>

enum { LIONHAWK_FULL, LIONHAWK_TSA };
enum { FREEEAGLE_DIAG_LION, FREEEAGLE_WEST };
enum { FDSUICIDE_TSA, FDSUICIDE_ALL_BURN };
enum { FDRANGE_RANK, FDRANGE_FILE };
enum { TETRARCH_VERTICAL, TETRARCH_WESTERN };
enum { JUMPCAP_CVP, JUMPCAP_NOJUMP, JUMPCAP_TSA };
enum { REPCHECK_ON, REPCHECK_OFF };

/* Every field stores the index of its value in rule_options[] (0 = the default). */

typedef struct Rules {
    int lion_hawk;           /* LIONHAWK_*   */
    int free_eagle;          /* FREEEAGLE_*  */
    int fd_suicide;          /* FDSUICIDE_*  */
    int fd_range;            /* FDRANGE_*    */
    int tetrarch;            /* TETRARCH_*   */
    int jumper_capture;      /* JUMPCAP_*    */
    int jump_noncapture;     /* 0 off, 1 on  */
    int second_chance;       /* 0 off, 1 on  */
    int promo_any_square;    /* promo_path: 0 endpoints, 1 any_square */
    int promo_burn;          /* 0 off, 1 on  */
    int rep_check_exception; /* REPCHECK_*   */
} Rules;

/* One row per option: its name, its values (index = stored int), the field it sets. */
typedef struct RuleOption {
    const char *name;
    const char *values[4]; /* NULL-terminated; values[0] is the default */
    size_t offset;         /* offsetof(Rules, field) */
} RuleOption;

extern const RuleOption rule_options[];
extern const int rule_option_count;

void rules_default(Rules *r);
/* Sets NAME to VALUE.  Returns 0, or -1 with a message in err for an unknown name or value. */
int rules_set(Rules *r, const char *name, const char *value, char *err, size_t errsz);
/* Parses "NAME=VALUE". */
int rules_set_assignment(Rules *r, const char *assignment, char *err, size_t errsz);
int rules_get(const Rules *r, int option_index);
/* "lion_hawk=full fd_range=rank ..." for every option; returns buf. */
char *rules_describe(const Rules *r, char *buf, size_t bufsz);

#endif
