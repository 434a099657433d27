#include "version.h"

/* KAKI_VERSION and KAKI_BENCH_SIGNATURE come from the build (util/CMakeLists.txt), and
   kaki_git.h, rewritten at every build from `git describe`, defines KAKI_GIT_DESCRIBE ("" when
   not built from a git checkout: a source tarball). */
#include "kaki_git.h"

#ifndef KAKI_VERSION
#error "KAKI_VERSION must be defined by the build (CMakeLists.txt)"
#endif
#ifndef KAKI_BENCH_SIGNATURE
#error "KAKI_BENCH_SIGNATURE must be defined by the build (CMakeLists.txt)"
#endif

#define KAKI_STR2(x) #x
#define KAKI_STR(x) KAKI_STR2(x)

const char *kaki_version(void)
{
    return KAKI_VERSION;
}

void version_print(FILE *f, const char *program)
{
    const char *git = KAKI_GIT_DESCRIBE;
    fprintf(f, "%s %s (bench %s%s%s)\n", program, KAKI_VERSION, KAKI_STR(KAKI_BENCH_SIGNATURE),
            git[0] ? ", git " : "", git);
}
