/* Files and paths, where POSIX systems and Windows differ: descriptors that no engine child
 * inherits, byte-exact files (no CR-LF translation on Windows), reading at an offset and
 * cutting a file, folders, the running program's folder, executables, and streams printed to
 * memory.  files_posix.c or files_windows.c implements it; docs/WINDOWS.md has the table. */
#ifndef KAKI_PLATFORM_FILES_H
#define KAKI_PLATFORM_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* What an executable's file name ends with: "" on POSIX, ".exe" on Windows. */
extern const char platform_exe_suffix[];

/* Opens path for appending bytes unchanged, creating it (mode 0644) and emptying it first if
   truncate; not inherited by child processes.  A descriptor for write(2), or -1 (errno). */
int platform_open_append(const char *path, bool truncate);

/* Opens an existing file for reading and writing bytes unchanged, not inherited by child
   processes.  A descriptor, or -1 (errno). */
int platform_open_rw(const char *path);

/* Reads up to n bytes at offset without moving the file position where the system allows (the
   callers own the descriptor alone).  The number read, or -1 (errno). */
long platform_pread(int fd, void *buf, size_t n, int64_t offset);

/* Cuts the file to size bytes.  0, or -1 (errno). */
int platform_truncate(int fd, int64_t size);

/* The size of the open file fd, and whether it is a regular file.  false (errno) if it cannot
   be told. */
bool platform_file_size(int fd, int64_t *size, bool *regular);

/* Creates the folder path (one level; mode 0755 where modes exist).  0, or -1 (errno; EEXIST
   when it is there already). */
int platform_mkdir(const char *path);

/* Is there an executable file at path (on Windows: a file; the suffix makes it executable)? */
bool platform_executable(const char *path);

/* The folder of the running program's executable, without a trailing separator.  false if it
   cannot be told. */
bool platform_self_dir(char *out, size_t n);

/* The file name part of path: after the last '/' (on Windows also '\\' and a drive's ':'). */
const char *platform_basename(const char *path);

/* A stream that collects what is printed to it, byte for byte, until platform_memstream_close
   (open_memstream on POSIX, a temporary file that deletes itself on Windows).  NULL on
   failure (errno). */
FILE *platform_memstream_open(char **buf, size_t *len);

/* Closes a platform_memstream_open stream: *buf (NUL-terminated, the caller frees it; NULL on
   failure) and *len then hold what was printed.  0, or EOF on failure. */
int platform_memstream_close(FILE *f, char **buf, size_t *len);

#endif
