/* An engine child process on a pair of pipes (shared by kaki-match and kaki-board).
 *
 * The child runs in its own process group or job (so that helpers it starts die with it) and
 * inherits nothing of the runner but its pipes (platform/child.h, the system's part).  Reads
 * never block; output is cut into lines of at most PROC_LINE_MAX bytes (longer lines are
 * truncated and flagged, NUL bytes replaced), so garbage can never overflow anything.  Writes
 * never wait for a child that is busy: a line goes into an output queue of PROC_OUT_MAX bytes
 * (beyond the pipe's own buffer) that every read and write flushes as far as the child takes
 * it; only a full queue waits, and only while the child keeps reading.  proc_stop always
 * reaps the child: no zombies are left behind. */
#ifndef KAKI_CECPCLIENT_PROC_H
#define KAKI_CECPCLIENT_PROC_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "platform/child.h"

#define PROC_LINE_MAX 16384
#define PROC_BUF_SIZE 65536
#define PROC_OUT_MAX 65536 /* input queued for the child beyond the pipe */

typedef struct Proc {
    long pid;           /* the child's process id; 0 when not started (the owner clears it) */
    Child *child;       /* NULL once stopped */
    bool eof;           /* the child closed its stdout (usually: it died) */
    bool reaped;
    bool exited;        /* the child has ended (seen by proc_exited or when reaped) */
    int exit_code;      /* its exit status, or -1 if killed by a signal */
    int exit_signal;    /* the signal that killed it, 0 if none */
    size_t start, len;  /* the unread bytes are buf[start .. start + len) */
    bool skipping;      /* discarding the rest of an overlong line */
    const atomic_int *interrupt; /* if set and non-zero, waits end at once (proc_spawn clears
                                    it; the owner sets it afterwards) */
    char buf[PROC_BUF_SIZE];
    size_t out_start, out_len; /* the queued input is out[out_start .. out_start + out_len) */
    char out[PROC_OUT_MAX];
} Proc;

/* Starts argv[0] (looked up in PATH when it has no '/') with arguments argv (NULL-terminated)
   in directory dir (NULL = current), as child_spawn does.  Its stderr is appended to the file
   stderr_path (NULL: it shares ours).  Returns 0, or -1 with a message in err (exec failures
   included). */
int proc_spawn(Proc *p, char *const argv[], const char *dir, const char *stderr_path, char *err,
               size_t errsz);

/* Queues text plus '\n' for the child and writes what it takes now.  Returns at once unless
   the queue is full (or the line longer than it): then waits for room while the child reads,
   and gives up (-1) when it has taken nothing for stall_ms (or the interrupt is set).  Also -1
   if the child is gone.  proc_queued says how much input the child has not taken. */
int proc_write_line(Proc *p, const char *text, int stall_ms);
size_t proc_queued(const Proc *p);

/* Waits until deadline (mono_ms() value) for a complete line.  Returns 1 with the line
   (without '\n'/'\r') in line, setting *truncated if it was too long; 0 on timeout (or when
   *p->interrupt is set); -1 when the child closed its output and no full line is left.  A
   last line without '\n' before EOF is returned as a line.  Deadline 0 does not wait: a line
   already there, else 0.  Any other deadline ends the wait when it passes or the interrupt is
   set, however many lines the child writes: a child that floods its output cannot hold the
   caller in a loop of reads. */
int proc_read_line(Proc *p, char *line, size_t linesz, bool *truncated, int64_t deadline);

/* Waits up to ms until one of the n processes has output to read (NULL entries, and processes
   whose output has ended, are skipped; with none it just waits). */
void proc_wait_output(Proc *const ps[], int n, int ms);

/* Has the child exited?  Non-blocking; records how (the child is reaped by proc_stop). */
bool proc_exited(Proc *p);

/* Ends the child: writes what it takes of the queued input, waits up to grace_ms for it to
   exit by itself (after the caller sent "quit"), then SIGTERM to its process group (if
   use_sigterm, on POSIX; as long again, half a second at most), then SIGKILL (on Windows: its
   job ends); always reaps.  Closes the pipes.  Safe to call on a stopped Proc. */
void proc_stop(Proc *p, int grace_ms, bool use_sigterm);

/* "exited with status 3", "killed by signal 11 (Segmentation fault)" (child_describe_end),
   or "still running". */
void proc_describe_exit(const Proc *p, char *out, size_t outsz);

#endif
