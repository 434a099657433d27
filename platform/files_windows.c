/* Files and paths on Windows: see files.h.  Descriptors are the C runtime's, opened in binary
 * mode (the files kaki-match writes are byte for byte those of the Linux build) and not
 * inherited (_O_NOINHERIT: an engine started later must not hold them open). */
#include "files.h"

#define WIN32_LEAN_AND_MEAN
#include <direct.h>
#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <windows.h>

const char platform_exe_suffix[] = ".exe";

int platform_open_append(const char *path, bool truncate)
{
    return _open(path, _O_WRONLY | _O_CREAT | _O_APPEND | _O_BINARY | _O_NOINHERIT |
                 (truncate ? _O_TRUNC : 0), _S_IREAD | _S_IWRITE);
}

int platform_open_rw(const char *path)
{
    return _open(path, _O_RDWR | _O_BINARY | _O_NOINHERIT);
}

long platform_pread(int fd, void *buf, size_t n, int64_t offset)
{
    HANDLE h = (HANDLE)_get_osfhandle(fd);
    OVERLAPPED ov;
    memset(&ov, 0, sizeof ov);
    ov.Offset = (DWORD)((uint64_t)offset & 0xFFFFFFFFu);
    ov.OffsetHigh = (DWORD)((uint64_t)offset >> 32);
    DWORD got = 0, want = n > 0x40000000 ? 0x40000000 : (DWORD)n;
    if (h == INVALID_HANDLE_VALUE) {
        errno = EBADF;
        return -1;
    }
    if (!ReadFile(h, buf, want, &got, &ov)) {
        if (GetLastError() == ERROR_HANDLE_EOF)
            return 0;
        errno = EIO;
        return -1;
    }
    return (long)got;
}

int platform_truncate(int fd, int64_t size)
{
    errno_t e = _chsize_s(fd, size);
    if (e) {
        errno = e;
        return -1;
    }
    return 0;
}

bool platform_file_size(int fd, int64_t *size, bool *regular)
{
    struct _stat64 st;
    if (_fstat64(fd, &st) != 0)
        return false;
    *size = (int64_t)st.st_size;
    *regular = (st.st_mode & _S_IFMT) == _S_IFREG;
    return true;
}

int platform_mkdir(const char *path) { return _mkdir(path); }

bool platform_executable(const char *path)
{
    DWORD a = GetFileAttributesA(path);
    return a != INVALID_FILE_ATTRIBUTES && !(a & FILE_ATTRIBUTE_DIRECTORY);
}

bool platform_self_dir(char *out, size_t n)
{
    DWORD len = GetModuleFileNameA(NULL, out, n > 0xFFFF ? 0xFFFF : (DWORD)n);
    if (len == 0 || len >= n)
        return false;
    char *name = (char *)platform_basename(out);
    if (name == out)
        return false;
    name[-1] = '\0';
    return true;
}

const char *platform_basename(const char *path)
{
    const char *base = path;
    for (const char *p = path; *p; p++)
        if (*p == '/' || *p == '\\' || *p == ':')
            base = p + 1;
    return base;
}

/* No open_memstream: a temporary file that Windows deletes when it is closed, and that it
   keeps in memory as long as it can (FILE_ATTRIBUTE_TEMPORARY). */
FILE *platform_memstream_open(char **buf, size_t *len)
{
    *buf = NULL;
    *len = 0;
    char dir[MAX_PATH + 1], path[MAX_PATH + 1];
    DWORD n = GetTempPathA(sizeof dir, dir);
    if (n == 0 || n > sizeof dir || !GetTempFileNameA(dir, "kak", 0, path)) {
        errno = EIO;
        return NULL;
    }
    HANDLE h = CreateFileA(path, GENERIC_READ | GENERIC_WRITE, 0, NULL, CREATE_ALWAYS,
                           FILE_ATTRIBUTE_TEMPORARY | FILE_FLAG_DELETE_ON_CLOSE, NULL);
    if (h == INVALID_HANDLE_VALUE) {
        DeleteFileA(path);
        errno = EIO;
        return NULL;
    }
    int fd = _open_osfhandle((intptr_t)h, _O_RDWR | _O_BINARY | _O_NOINHERIT);
    if (fd < 0) {
        CloseHandle(h);
        return NULL;
    }
    FILE *f = _fdopen(fd, "w+b");
    if (!f)
        _close(fd);
    return f;
}

int platform_memstream_close(FILE *f, char **buf, size_t *len)
{
    *buf = NULL;
    *len = 0;
    if (fflush(f) != 0 || ferror(f) || fseek(f, 0, SEEK_END) != 0) {
        fclose(f);
        return EOF;
    }
    long size = ftell(f);
    char *text = size >= 0 ? malloc((size_t)size + 1) : NULL;
    if (!text || fseek(f, 0, SEEK_SET) != 0 ||
        fread(text, 1, (size_t)size, f) != (size_t)size) {
        free(text);
        fclose(f);
        return EOF;
    }
    text[size] = '\0';
    fclose(f); /* the file goes with it */
    *buf = text;
    *len = (size_t)size;
    return 0;
}
