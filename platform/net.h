/* TCP sockets, as kaki-board's HTTP server uses them: one listening socket, connections read
 * and written without blocking after a wait.  net_posix.c (BSD sockets) or net_windows.c
 * (Winsock 2) implements it.  No socket is inherited by a child process, and a write to a
 * connection the peer has closed fails instead of raising a signal. */
#ifndef KAKI_PLATFORM_NET_H
#define KAKI_PLATFORM_NET_H

#include <stddef.h>
#include <stdint.h>

/* A socket: a descriptor on POSIX, a SOCKET on Windows; NET_NONE is none. */
typedef intptr_t NetSocket;
#define NET_NONE ((NetSocket)-1)

/* What net_recv and net_send return when the call would block (or was interrupted). */
#define NET_AGAIN (-2L)

/* What net_wait waits for and reports. */
enum {
    NET_READABLE = 1,   /* data to read, or the connection closed (a read then returns 0) */
    NET_WRITABLE = 2,   /* room to write */
    NET_HANGUP = 4      /* the peer closed its side or the connection broke (asked for with
                           NET_READABLE: reported when it can be told without reading) */
};

/* Listens on host:port (a numeric or named address; port 0: a free one), the port in *bound.
   NET_NONE with a message in err on failure. */
NetSocket net_listen(const char *host, int port, int *bound, char *err, size_t errsz);

/* A waiting connection, or NET_NONE if there is none (or it failed). */
NetSocket net_accept(NetSocket listener);

/* Waits up to ms (0: just looks) until the socket is as asked (NET_READABLE, NET_WRITABLE,
   NET_HANGUP).  The events that hold, 0 at the time-out or on a signal, -1 on an error. */
int net_wait(NetSocket s, int events, int ms);

/* Sends up to n bytes without blocking: the number sent (> 0), NET_AGAIN, or -1 (the
   connection is gone). */
long net_send(NetSocket s, const char *buf, size_t n);

/* Receives up to n bytes without blocking: the number received (> 0), 0 when the peer has
   closed the connection, NET_AGAIN, or -1 on an error. */
long net_recv(NetSocket s, char *buf, size_t n);

/* Ends a connection both ways (the peer reads its end), then closes the socket. */
void net_shutdown_close(NetSocket s);

/* Closes a socket. */
void net_close(NetSocket s);

/* The names this machine answers to: its host name (and that name's first label) and the
   numeric address of each of its interfaces (IPv6 link-local ones left out: they need a zone,
   which no browser sends in a Host header).  fn is called once for each. */
void net_machine_names(void (*fn)(void *ctx, const char *name), void *ctx);

#endif
