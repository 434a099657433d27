/* A child process with its standard input and output on pipes to us: what cecpclient/proc.c
 * needs of the system to drive an engine.  child_posix.c or child_windows.c implements it.
 *
 * A child runs in a process group of its own (POSIX) or a job object (Windows), so that
 * child_kill ends the helpers it started too, and it inherits nothing of ours but its three
 * standard streams.  Reads and writes never block; the waits take a time-out.  One thread at
 * a time uses a Child. */
#ifndef KAKI_PLATFORM_CHILD_H
#define KAKI_PLATFORM_CHILD_H

#include <stdbool.h>
#include <stddef.h>

typedef struct Child Child;

/* Starts argv[0] with the arguments argv (NULL-terminated) in directory dir (NULL: ours).  A
   command without a directory part is looked up in PATH (on Windows also beside the program
   and in the system folders, where CreateProcess looks); a relative one is relative to our
   directory, not dir.  Its stderr is appended to the file stderr_path (NULL: it shares ours).
   NULL with a message in err on failure, failures to execute included. */
Child *child_spawn(char *const argv[], const char *dir, const char *stderr_path, char *err,
                   size_t errsz);

/* The child's process id (for messages). */
long child_pid(const Child *c);

/* Writes up to n bytes into the child's input without blocking: the number written (> 0), 0
   when the pipe is full, -1 when the child no longer reads it (gone, or input closed). */
long child_write(Child *c, const char *buf, size_t n);

/* Do bytes child_write took still wait in our process for the child to read them?  On
   Windows the last write may be under way, and closing the input would cancel it; POSIX
   pipes keep what was written, so there it is always false. */
bool child_write_pending(Child *c);

/* Waits up to ms for room in the child's input (it may return earlier). */
void child_wait_writable(Child *c, int ms);

/* Reads what the child has written, without blocking: the number of bytes (> 0), 0 if there
   is nothing now, -1 at the end of its output (it closed it, or an error). */
long child_read(Child *c, char *buf, size_t n);

/* Waits up to ms until one of the n children (NULL entries are skipped; none: it just waits)
   has output to read or has closed it.  > 0 when one has, 0 after ms, -1 on an error (the
   caller then takes the output as ended); a signal may end the wait early with 0. */
int child_wait_output(Child *const cs[], int n, int ms);

/* Closes our end of the child's input: it reads the end of its input. */
void child_close_input(Child *c);

/* Has the child ended?  Neither waits nor reaps (until child_release, its process id and
   group cannot be reused).  1: it has, how in *code (its exit status, -1 if a signal ended
   it) and *sig (that signal, 0 if none); 0: it runs; -1: it cannot be told (not our child). */
int child_ended(Child *c, int *code, int *sig);

/* Asks the child and its group to end (SIGTERM).  false where the system has no such request
   (Windows): the caller goes on to child_kill. */
bool child_terminate(Child *c);

/* Ends the child and every process of its group (SIGKILL; on Windows its job object). */
void child_kill(Child *c);

/* Waits for the child's end (call child_kill first unless it has ended), closes our pipe ends
   and frees c.  true with how it ended in *code and *sig (as child_ended) if that could be
   told. */
bool child_release(Child *c, int *code, int *sig);

/* Reaps one child process of ours that nobody waited for (there should be none): its process
   id, or 0 when there is none (always on Windows, which has no zombies). */
long child_reap_stray(void);

/* How a child ended, in words: "exited with status 3", "killed by signal 11 (Segmentation
   fault)", on Windows also "crashed with exception 0xC0000005 (access violation)". */
void child_describe_end(int code, int sig, char *out, size_t outsz);

#endif
