/* The version of Kaki's programs: one number (CMakeLists.txt's project(VERSION)), the bench
 * signature of the engine it was built with (`kaki bench`) and, when built from a git
 * checkout, `git describe`; nothing that depends on when or where it was built. */
#ifndef KAKI_UTIL_VERSION_H
#define KAKI_UTIL_VERSION_H

#include <stdio.h>

/* The version number, e.g. "0.2.0". */
const char *kaki_version(void);
/* Writes "PROGRAM 0.2.0 (bench 609287)" (", git DESCRIBE" inside the brackets in a git
 * build) and a newline to f: what every program prints for --version. */
void version_print(FILE *f, const char *program);

#endif
