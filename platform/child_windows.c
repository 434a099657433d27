/* Child processes on Windows: see child.h.
 *
 * The pipes are named pipes whose ends on our side are overlapped: one read of the child's
 * output is always under way, and a wait for output is a wait for its event, for one child or
 * several at once; a write that does not fit the pipe stays under way (its bytes are ours
 * until it completes) and the next write waits for it.  The child's ends are inheritable only
 * while the spawn lock is held, and CreateProcess is told to pass exactly those three handles
 * (PROC_THREAD_ATTRIBUTE_HANDLE_LIST).  The child starts suspended, goes into a job object of
 * its own (killed as a whole; closing the job kills what is left, so the engines die with
 * the program however it ends; a crash ends a process without the error dialog) and leads a
 * new process group (Ctrl-C in the console does not reach it).  Windows has no SIGTERM:
 * child_terminate asks nothing and child_kill ends the job. */
#include "child.h"

#define WIN32_LEAN_AND_MEAN
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

#define PIPE_BUF_SIZE 65536
#define KILL_STATUS 1       /* the exit code of a child we killed */
#define KILLED_SIGNAL 9     /* how child_ended reports it: "killed" */

struct Child {
    HANDLE process, job;    /* job NULL if the process could not be put in one */
    DWORD pid;
    HANDLE in, out;         /* our ends: the child's stdin (NULL once closed), its stdout */
    OVERLAPPED rov, wov;    /* the read and the write under way, each with its event */
    bool reading, writing;  /* a ReadFile / WriteFile is under way */
    bool out_ended;         /* the child closed its output */
    bool killed;            /* child_kill was called */
    DWORD rpos, rlen;       /* read bytes not yet taken: rbuf[rpos .. rlen) */
    char rbuf[PIPE_BUF_SIZE];
    char wbuf[PIPE_BUF_SIZE];
};

static pthread_mutex_t spawn_mutex = PTHREAD_MUTEX_INITIALIZER;
static atomic_long pipe_serial;

static void close_handle(HANDLE *h)
{
    if (*h && *h != INVALID_HANDLE_VALUE)
        CloseHandle(*h);
    *h = NULL;
}

/* The system's message for an error code, without its line end. */
static void error_text(DWORD code, char *out, size_t n)
{
    DWORD len = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, NULL,
                               code, MAKELANGID(LANG_NEUTRAL, SUBLANG_DEFAULT), out,
                               n > 0xFFFF ? 0xFFFF : (DWORD)n, NULL);
    while (len > 0 && (out[len - 1] == '\n' || out[len - 1] == '\r' || out[len - 1] == '.'))
        out[--len] = '\0';
    if (len == 0)
        snprintf(out, n, "error %lu", (unsigned long)code);
}

static bool has_dir_part(const char *cmd) { return strpbrk(cmd, "/\\:") != NULL; }

/* The program's full path: a command with a directory part from our directory (".exe" added
   if it names no file), any other where CreateProcess would look, PATH included. */
static bool resolve_path(const char *cmd, char *out, DWORD outsz, char *err, size_t errsz)
{
    char why[200];
    if (!has_dir_part(cmd)) {
        DWORD n = SearchPathA(NULL, cmd, ".exe", outsz, out, NULL);
        if (n > 0 && n < outsz)
            return true;
        snprintf(err, errsz, "cannot execute '%s': not found in PATH", cmd);
        return false;
    }
    const char *const suffixes[] = {"", ".exe"};
    for (int i = 0; i < 2; i++) {
        char name[MAX_PATH * 4];
        snprintf(name, sizeof name, "%s%s", cmd, suffixes[i]);
        DWORD n = GetFullPathNameA(name, outsz, out, NULL);
        DWORD attr = n > 0 && n < outsz ? GetFileAttributesA(out) : INVALID_FILE_ATTRIBUTES;
        if (attr != INVALID_FILE_ATTRIBUTES && !(attr & FILE_ATTRIBUTE_DIRECTORY))
            return true;
    }
    error_text(ERROR_FILE_NOT_FOUND, why, sizeof why);
    snprintf(err, errsz, "cannot execute '%s': %s", cmd, why);
    return false;
}

/* Appends arg to the command line as the C runtime's parser reads it back. */
static bool append_arg(char *line, size_t cap, size_t *len, const char *arg)
{
    bool quote = !*arg || strpbrk(arg, " \t\n\v\"") != NULL;
#define PUT(ch)                                                                          \
    do {                                                                                 \
        if (*len + 1 >= cap)                                                             \
            return false;                                                                \
        line[(*len)++] = (ch);                                                           \
    } while (0)
    if (*len > 0)
        PUT(' ');
    if (!quote) {
        for (const char *p = arg; *p; p++)
            PUT(*p);
    } else {
        PUT('"');
        for (const char *p = arg;; p++) {
            size_t slashes = 0;
            while (*p == '\\')
                slashes++, p++;
            size_t times = !*p ? 2 * slashes : *p == '"' ? 2 * slashes + 1 : slashes;
            for (size_t i = 0; i < times; i++)
                PUT('\\');
            if (!*p)
                break;
            PUT(*p);
        }
        PUT('"');
    }
    line[*len] = '\0';
    return true;
#undef PUT
}

/* A named pipe with our end overlapped: *ours reads (inbound) or writes, *theirs is the
   child's end, inheritable. */
static bool make_pipe(bool inbound, HANDLE *ours, HANDLE *theirs)
{
    char name[96];
    snprintf(name, sizeof name, "\\\\.\\pipe\\kaki-%lu-%ld", (unsigned long)GetCurrentProcessId(),
             atomic_fetch_add(&pipe_serial, 1));
    DWORD mode = (inbound ? PIPE_ACCESS_INBOUND : PIPE_ACCESS_OUTBOUND) | FILE_FLAG_OVERLAPPED |
                 FILE_FLAG_FIRST_PIPE_INSTANCE;
    DWORD type = PIPE_TYPE_BYTE | PIPE_READMODE_BYTE | PIPE_WAIT;
    *ours = CreateNamedPipeA(name, mode, type | PIPE_REJECT_REMOTE_CLIENTS, 1, PIPE_BUF_SIZE,
                             PIPE_BUF_SIZE, 0, NULL);
    if (*ours == INVALID_HANDLE_VALUE) /* systems before Vista lack the flag */
        *ours = CreateNamedPipeA(name, mode, type, 1, PIPE_BUF_SIZE, PIPE_BUF_SIZE, 0, NULL);
    if (*ours == INVALID_HANDLE_VALUE) {
        *ours = *theirs = NULL;
        return false;
    }
    SECURITY_ATTRIBUTES sa = {sizeof sa, NULL, TRUE};
    *theirs = CreateFileA(name, inbound ? GENERIC_WRITE | FILE_READ_ATTRIBUTES
                                        : GENERIC_READ | FILE_WRITE_ATTRIBUTES,
                          0, &sa, OPEN_EXISTING, 0, NULL);
    if (*theirs == INVALID_HANDLE_VALUE) {
        close_handle(ours);
        *theirs = NULL;
        return false;
    }
    return true;
}

/* The child's stderr: the file appended to, or an inheritable copy of ours (NULL if we have
   none). */
static bool stderr_handle(const char *path, HANDLE *h)
{
    SECURITY_ATTRIBUTES sa = {sizeof sa, NULL, TRUE};
    if (path) {
        *h = CreateFileA(path, FILE_APPEND_DATA | SYNCHRONIZE,
                         FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, &sa, OPEN_ALWAYS,
                         FILE_ATTRIBUTE_NORMAL, NULL);
        return *h != INVALID_HANDLE_VALUE;
    }
    HANDLE ours = GetStdHandle(STD_ERROR_HANDLE);
    if (!ours || ours == INVALID_HANDLE_VALUE ||
        !DuplicateHandle(GetCurrentProcess(), ours, GetCurrentProcess(), h, 0, TRUE,
                         DUPLICATE_SAME_ACCESS))
        *h = NULL;
    return true;
}

/* A job that kills its processes when they crash (no dialog) and when it is closed. */
static HANDLE make_job(void)
{
    HANDLE job = CreateJobObjectA(NULL, NULL);
    if (!job)
        return NULL;
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION info;
    memset(&info, 0, sizeof info);
    info.BasicLimitInformation.LimitFlags =
        JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE | JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION;
    SetInformationJobObject(job, JobObjectExtendedLimitInformation, &info, sizeof info);
    return job;
}

/* CreateProcess with the three handles as the child's standard streams, and only those
   inherited where the system allows to say so.  The spawn lock is held. */
static bool create_process(const char *app, char *cmdline, const char *dir, HANDLE std[3],
                           PROCESS_INFORMATION *pi)
{
    STARTUPINFOEXA si;
    memset(&si, 0, sizeof si);
    si.StartupInfo.cb = sizeof si;
    si.StartupInfo.dwFlags = STARTF_USESTDHANDLES;
    si.StartupInfo.hStdInput = std[0];
    si.StartupInfo.hStdOutput = std[1];
    si.StartupInfo.hStdError = std[2];
    HANDLE list[3];
    DWORD nlist = 0;
    for (int i = 0; i < 3; i++)
        if (std[i])
            list[nlist++] = std[i];
    SIZE_T size = 0;
    InitializeProcThreadAttributeList(NULL, 1, 0, &size);
    void *attrs = size ? malloc(size) : NULL;
    DWORD flags = CREATE_SUSPENDED | CREATE_NEW_PROCESS_GROUP;
    if (attrs && InitializeProcThreadAttributeList(attrs, 1, 0, &size)) {
        if (UpdateProcThreadAttribute(attrs, 0, PROC_THREAD_ATTRIBUTE_HANDLE_LIST, list,
                                      nlist * sizeof(HANDLE), NULL, NULL)) {
            si.lpAttributeList = attrs;
            si.StartupInfo.cb = sizeof si;
            flags |= EXTENDED_STARTUPINFO_PRESENT;
        }
    }
    BOOL ok = CreateProcessA(app, cmdline, NULL, NULL, TRUE, flags, NULL, dir,
                             &si.StartupInfo, pi);
    if (!ok && si.lpAttributeList) { /* the attribute refused: the spawn lock suffices */
        DWORD e = GetLastError();
        if (e == ERROR_INVALID_PARAMETER || e == ERROR_NOT_SUPPORTED) {
            si.lpAttributeList = NULL;
            si.StartupInfo.cb = sizeof si.StartupInfo;
            ok = CreateProcessA(app, cmdline, NULL, NULL, TRUE,
                                flags & ~(DWORD)EXTENDED_STARTUPINFO_PRESENT, NULL, dir,
                                &si.StartupInfo, pi);
        } else
            SetLastError(e);
    }
    if (attrs) {
        DWORD e = GetLastError();
        if (flags & EXTENDED_STARTUPINFO_PRESENT)
            DeleteProcThreadAttributeList(attrs);
        free(attrs);
        SetLastError(e);
    }
    return ok != 0;
}

static void start_read(Child *c);

Child *child_spawn(char *const argv[], const char *dir, const char *stderr_path, char *err,
                   size_t errsz)
{
    char app[MAX_PATH * 4];
    size_t cap = 32768, len = 0; /* CreateProcess's limit */
    char *cmdline = malloc(cap);
    bool fits = cmdline != NULL;
    for (int i = 0; argv[i] && fits; i++)
        fits = append_arg(cmdline, cap, &len, argv[i]);
    if (!resolve_path(argv[0], app, sizeof app, err, errsz) ||
        (!fits && snprintf(err, errsz, "cannot start '%s': command line too long", argv[0]))) {
        free(cmdline);
        return NULL;
    }
    pthread_mutex_lock(&spawn_mutex); /* no other child may inherit the handles made here */
    /* a crash of an engine must not wait for someone to close a dialog (inherited) */
    SetErrorMode(GetErrorMode() | SEM_FAILCRITICALERRORS | SEM_NOGPFAULTERRORBOX);
    Child *c = calloc(1, sizeof *c);
    HANDLE std[3] = {NULL, NULL, NULL};
    char why[256];
    bool ok = c && make_pipe(false, &c->in, &std[0]) && make_pipe(true, &c->out, &std[1]);
    if (!ok)
        snprintf(err, errsz, "pipe: error %lu", (unsigned long)GetLastError());
    else if (!stderr_handle(stderr_path, &std[2])) {
        snprintf(err, errsz, "cannot open %s", stderr_path);
        std[2] = NULL;
        ok = false;
    }
    PROCESS_INFORMATION pi;
    memset(&pi, 0, sizeof pi);
    if (ok && !create_process(app, cmdline, dir, std, &pi)) {
        error_text(GetLastError(), why, sizeof why);
        snprintf(err, errsz, "cannot start '%s'%s%s: %s", argv[0], dir ? " in " : "",
                 dir ? dir : "", why);
        ok = false;
    }
    for (int i = 0; i < 3; i++)
        close_handle(&std[i]);
    pthread_mutex_unlock(&spawn_mutex);
    free(cmdline);
    if (!ok) {
        if (c) {
            close_handle(&c->in);
            close_handle(&c->out);
            free(c);
        }
        return NULL;
    }
    c->process = pi.hProcess;
    c->pid = pi.dwProcessId;
    c->job = make_job();
    if (c->job && !AssignProcessToJobObject(c->job, c->process))
        close_handle(&c->job); /* e.g. in a job that allows none inside: killed alone */
    ResumeThread(pi.hThread);
    CloseHandle(pi.hThread);
    c->rov.hEvent = CreateEventA(NULL, TRUE, FALSE, NULL);
    c->wov.hEvent = CreateEventA(NULL, TRUE, TRUE, NULL);
    start_read(c);
    return c;
}

long child_pid(const Child *c) { return (long)c->pid; }

/* Takes the result of the read under way, if it has completed. */
static void collect_read(Child *c)
{
    if (!c->reading)
        return;
    DWORD got = 0;
    if (GetOverlappedResult(c->out, &c->rov, &got, FALSE)) {
        c->reading = false;
        c->rpos = 0;
        c->rlen = got;
    } else if (GetLastError() != ERROR_IO_INCOMPLETE) {
        c->reading = false;
        c->out_ended = true; /* ERROR_BROKEN_PIPE: the child closed its output */
    }
}

/* Starts the next read of the child's output when the last one has been taken. */
static void start_read(Child *c)
{
    if (c->reading || c->out_ended || c->rpos < c->rlen)
        return;
    c->rpos = c->rlen = 0;
    if (ReadFile(c->out, c->rbuf, sizeof c->rbuf, NULL, &c->rov) ||
        GetLastError() == ERROR_IO_PENDING)
        c->reading = true;
    else
        c->out_ended = true;
    collect_read(c);
}

long child_read(Child *c, char *buf, size_t n)
{
    collect_read(c);
    start_read(c);
    if (c->rpos < c->rlen) {
        DWORD take = c->rlen - c->rpos;
        if (take > n)
            take = (DWORD)n;
        memcpy(buf, c->rbuf + c->rpos, take);
        c->rpos += take;
        start_read(c);
        return (long)take;
    }
    return c->out_ended ? -1 : 0;
}

int child_wait_output(Child *const cs[], int n, int ms)
{
    HANDLE events[MAXIMUM_WAIT_OBJECTS];
    DWORD nev = 0;
    for (int i = 0; i < n; i++) {
        Child *c = cs[i];
        if (!c)
            continue;
        collect_read(c);
        start_read(c);
        if (c->rpos < c->rlen || c->out_ended)
            return 1;
        if (nev < MAXIMUM_WAIT_OBJECTS)
            events[nev++] = c->rov.hEvent;
    }
    if (nev == 0) {
        if (ms > 0)
            Sleep((DWORD)ms);
        return 0;
    }
    DWORD r = WaitForMultipleObjects(nev, events, FALSE, ms < 0 ? 0 : (DWORD)ms);
    if (r == WAIT_TIMEOUT)
        return 0;
    return r < WAIT_OBJECT_0 + nev ? 1 : -1;
}

/* Takes the result of the write under way, if it has completed: false if it failed. */
static bool collect_write(Child *c)
{
    if (!c->writing)
        return true;
    DWORD done = 0;
    if (GetOverlappedResult(c->in, &c->wov, &done, FALSE)) {
        c->writing = false;
        return true;
    }
    if (GetLastError() == ERROR_IO_INCOMPLETE)
        return true;
    c->writing = false;
    return false;
}

long child_write(Child *c, const char *buf, size_t n)
{
    if (!c->in || !collect_write(c))
        return -1;
    if (c->writing)
        return 0; /* the pipe is full: the last write waits for the child to read */
    DWORD m = n > sizeof c->wbuf ? (DWORD)sizeof c->wbuf : (DWORD)n;
    memcpy(c->wbuf, buf, m);
    if (WriteFile(c->in, c->wbuf, m, NULL, &c->wov))
        return (long)m;
    if (GetLastError() != ERROR_IO_PENDING)
        return -1; /* ERROR_NO_DATA, ERROR_BROKEN_PIPE: the child is gone */
    c->writing = true; /* the bytes are taken: they go as soon as the child reads */
    return (long)m;
}

bool child_write_pending(Child *c) { return c->in && collect_write(c) && c->writing; }

void child_wait_writable(Child *c, int ms)
{
    if (c->in && c->writing)
        WaitForSingleObject(c->wov.hEvent, ms < 0 ? 0 : (DWORD)ms);
}

/* Cancels what is under way on h and waits until the system has let go of the buffer. */
static void cancel_io(HANDLE h, OVERLAPPED *ov, bool *busy)
{
    if (!*busy)
        return;
    DWORD x;
    CancelIoEx(h, ov);
    GetOverlappedResult(h, ov, &x, TRUE);
    *busy = false;
}

void child_close_input(Child *c)
{
    if (!c->in)
        return;
    cancel_io(c->in, &c->wov, &c->writing);
    close_handle(&c->in);
}

static void ending(const Child *c, DWORD status, int *code, int *sig)
{
    if (c->killed && status == KILL_STATUS) {
        *code = -1;
        *sig = KILLED_SIGNAL;
    } else if (status >= 0xC0000000u || status == 0x80000003u) { /* an exception */
        *code = -1;
        *sig = (int)status;
    } else {
        *code = (int)status;
        *sig = 0;
    }
}

int child_ended(Child *c, int *code, int *sig)
{
    DWORD status;
    if (WaitForSingleObject(c->process, 0) != WAIT_OBJECT_0 ||
        !GetExitCodeProcess(c->process, &status))
        return 0;
    ending(c, status, code, sig);
    return 1;
}

bool child_terminate(Child *c)
{
    (void)c;
    return false;
}

void child_kill(Child *c)
{
    if (WaitForSingleObject(c->process, 0) == WAIT_OBJECT_0 && !c->job)
        return;
    c->killed = true;
    if (c->job)
        TerminateJobObject(c->job, KILL_STATUS);
    TerminateProcess(c->process, KILL_STATUS);
}

bool child_release(Child *c, int *code, int *sig)
{
    /* a killed process ends at once; the bound only guards against a system that hangs */
    bool ended = WaitForSingleObject(c->process, 30000) == WAIT_OBJECT_0;
    DWORD status = 0;
    ended = ended && GetExitCodeProcess(c->process, &status);
    if (ended)
        ending(c, status, code, sig);
    child_close_input(c);
    cancel_io(c->out, &c->rov, &c->reading);
    close_handle(&c->out);
    close_handle(&c->rov.hEvent);
    close_handle(&c->wov.hEvent);
    close_handle(&c->process);
    close_handle(&c->job); /* kills whatever is left in it */
    free(c);
    return ended;
}

long child_reap_stray(void) { return 0; }

static const char *exception_name(DWORD code)
{
    switch (code) {
    case 0xC0000005u: return "access violation";
    case 0xC00000FDu: return "stack overflow";
    case 0xC0000094u: return "integer division by zero";
    case 0xC000001Du: return "illegal instruction";
    case 0xC0000409u: return "stack buffer overrun or fail-fast";
    case 0xC0000374u: return "heap corruption";
    case 0xC000013Au: return "Ctrl-C";
    case 0x80000003u: return "breakpoint";
    default: return "exception";
    }
}

void child_describe_end(int code, int sig, char *out, size_t outsz)
{
    if (sig == KILLED_SIGNAL)
        snprintf(out, outsz, "killed");
    else if (sig)
        snprintf(out, outsz, "crashed with exception 0x%08lX (%s)", (unsigned long)(DWORD)sig,
                 exception_name((DWORD)sig));
    else
        snprintf(out, outsz, "exited with status %d", code);
}
