/* What differs between POSIX systems and Windows, behind one small interface.  Everything
 * else in Kaki is plain C17 with pthreads (MinGW-w64's winpthreads on Windows); the build
 * (CMakeLists.txt) compiles posix.c or windows.c, never both, and no other file asks which
 * system it runs on.  docs/WINDOWS.md says what the Windows build is and how it is tested. */
#ifndef KAKI_PLATFORM_H
#define KAKI_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Monotonic time in microseconds: never jumps, unrelated to the wall clock.  util/clock.h is
   the interface the rest of Kaki uses. */
int64_t platform_mono_us(void);

/* Sleeps for at least ms > 0 milliseconds (resumed after a signal). */
void platform_sleep_ms(int64_t ms);

/* The machine's physical memory in MiB, or 0 if it cannot be told. */
long platform_physical_mb(void);

/* Makes standard input a plain byte stream before platform_read_stdin is used: on Windows no
   CR-LF translation and no end of input at a Ctrl-Z byte (a GUI or a fuzzer may send one). */
void platform_stdin_binary(void);

/* Reads up to n bytes of standard input, blocking (a CECP engine reads it on a thread of its
   own).  Returns the number of bytes read, 0 at the end of input, -1 on an error. */
long platform_read_stdin(char *buf, size_t n);

/* A large block of `bytes` zeroed bytes, at least page aligned, or NULL if the memory cannot
   be had.  With huge_pages, on Linux, the kernel is asked for transparent huge pages (2 MiB
   aligned): one TLB entry then covers 2 MiB of a hash table instead of 4 KiB, and a search
   probing it at random waits less; the kernel may compact memory when they are first written.
   Freed only by platform_free_large with the same size. */
void *platform_alloc_large(size_t bytes, bool huge_pages);
void platform_free_large(void *block, size_t bytes);

#endif
