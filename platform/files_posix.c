/* Files and paths on POSIX systems: see files.h. */
#include "files.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char platform_exe_suffix[] = "";

int platform_open_append(const char *path, bool truncate)
{
    return open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (truncate ? O_TRUNC : 0), 0644);
}

int platform_open_rw(const char *path) { return open(path, O_RDWR | O_CLOEXEC); }

long platform_pread(int fd, void *buf, size_t n, int64_t offset)
{
    return (long)pread(fd, buf, n, (off_t)offset);
}

int platform_truncate(int fd, int64_t size) { return ftruncate(fd, (off_t)size); }

bool platform_file_size(int fd, int64_t *size, bool *regular)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return false;
    *size = (int64_t)st.st_size;
    *regular = S_ISREG(st.st_mode);
    return true;
}

int platform_mkdir(const char *path) { return mkdir(path, 0755); }

bool platform_executable(const char *path) { return access(path, X_OK) == 0; }

bool platform_self_dir(char *out, size_t n)
{
    if (n < 2)
        return false;
    ssize_t len = readlink("/proc/self/exe", out, n - 1);
    if (len <= 0)
        return false;
    out[len] = '\0';
    char *slash = strrchr(out, '/');
    if (!slash)
        return false;
    *slash = '\0';
    return true;
}

const char *platform_basename(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

FILE *platform_memstream_open(char **buf, size_t *len)
{
    *buf = NULL;
    *len = 0;
    return open_memstream(buf, len);
}

int platform_memstream_close(FILE *f, char **buf, size_t *len)
{
    (void)buf, (void)len; /* open_memstream keeps them up to date */
    return fclose(f);
}
