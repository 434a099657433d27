/* TCP sockets on Windows (Winsock 2): see net.h.  Sockets are made without handle
 * inheritance; connections are non-blocking (Windows has no MSG_DONTWAIT) and waited for with
 * select(); a listening socket is exclusive (SO_EXCLUSIVEADDRUSE: Windows' SO_REUSEADDR would
 * let another program take the port). */
#include "net.h"

#define WIN32_LEAN_AND_MEAN
#include <winsock2.h>
#include <ws2tcpip.h>
#include <windows.h>

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#ifndef WSA_FLAG_NO_HANDLE_INHERIT
#define WSA_FLAG_NO_HANDLE_INHERIT 0x80
#endif

static pthread_once_t started = PTHREAD_ONCE_INIT;
static void startup(void)
{
    WSADATA data;
    WSAStartup(MAKEWORD(2, 2), &data);
}

static void error_text(int code, char *out, size_t n)
{
    DWORD len = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, NULL,
                               (DWORD)code, MAKELANGID(LANG_NEUTRAL, SUBLANG_DEFAULT), out,
                               (DWORD)n, NULL);
    while (len > 0 && (out[len - 1] == '\n' || out[len - 1] == '\r' || out[len - 1] == '.'))
        out[--len] = '\0';
    if (len == 0)
        snprintf(out, n, "error %d", code);
}

/* Not inherited by child processes, even where the flag is unknown. */
static void no_inherit(SOCKET s) { SetHandleInformation((HANDLE)s, HANDLE_FLAG_INHERIT, 0); }

NetSocket net_listen(const char *host, int port, int *bound, char *err, size_t errsz)
{
    pthread_once(&started, startup);
    struct addrinfo hints;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    struct addrinfo *ai = NULL;
    char portstr[16], why[200];
    snprintf(portstr, sizeof portstr, "%d", port);
    int rc = getaddrinfo(host, portstr, &hints, &ai);
    if (rc != 0) {
        error_text(rc, why, sizeof why);
        snprintf(err, errsz, "cannot resolve '%s': %s", host, why);
        return NET_NONE;
    }
    SOCKET s = INVALID_SOCKET;
    for (struct addrinfo *a = ai; a && s == INVALID_SOCKET; a = a->ai_next) {
        s = WSASocketW(a->ai_family, a->ai_socktype, a->ai_protocol, NULL, 0,
                       WSA_FLAG_OVERLAPPED | WSA_FLAG_NO_HANDLE_INHERIT);
        if (s == INVALID_SOCKET)
            s = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
        if (s == INVALID_SOCKET)
            continue;
        no_inherit(s);
        BOOL one = TRUE;
        setsockopt(s, SOL_SOCKET, SO_EXCLUSIVEADDRUSE, (const char *)&one, sizeof one);
        if (bind(s, a->ai_addr, (int)a->ai_addrlen) != 0 || listen(s, 64) != 0) {
            error_text(WSAGetLastError(), why, sizeof why);
            snprintf(err, errsz, "cannot listen on %s port %d: %s", host, port, why);
            closesocket(s);
            s = INVALID_SOCKET;
        }
    }
    freeaddrinfo(ai);
    if (s == INVALID_SOCKET)
        return NET_NONE;
    u_long nonblocking = 1; /* accept cannot block if the connection went meanwhile */
    ioctlsocket(s, FIONBIO, &nonblocking);
    struct sockaddr_storage ss;
    int sl = sizeof ss;
    getsockname(s, (struct sockaddr *)&ss, &sl);
    *bound = ss.ss_family == AF_INET6 ? ntohs(((struct sockaddr_in6 *)&ss)->sin6_port)
                                      : ntohs(((struct sockaddr_in *)&ss)->sin_port);
    return (NetSocket)s;
}

NetSocket net_accept(NetSocket listener)
{
    SOCKET s = accept((SOCKET)listener, NULL, NULL);
    if (s == INVALID_SOCKET)
        return NET_NONE;
    no_inherit(s);
    u_long nonblocking = 1;
    ioctlsocket(s, FIONBIO, &nonblocking);
    return (NetSocket)s;
}

/* Does the peer's side read as closed?  Looks without taking anything. */
static bool hung_up(SOCKET s)
{
    char c;
    int r = recv(s, &c, 1, MSG_PEEK);
    return r == 0 || (r < 0 && WSAGetLastError() != WSAEWOULDBLOCK);
}

int net_wait(NetSocket sock, int events, int ms)
{
    SOCKET s = (SOCKET)sock;
    fd_set rd, wr, ex;
    FD_ZERO(&rd);
    FD_ZERO(&wr);
    FD_ZERO(&ex);
    if (events & (NET_READABLE | NET_HANGUP))
        FD_SET(s, &rd);
    if (events & NET_WRITABLE)
        FD_SET(s, &wr);
    FD_SET(s, &ex);
    struct timeval tv = {ms / 1000, (ms % 1000) * 1000};
    int r = select(0, &rd, &wr, &ex, &tv);
    if (r <= 0)
        return r < 0 ? -1 : 0;
    int got = 0;
    if (FD_ISSET(s, &rd))
        got |= NET_READABLE | ((events & NET_HANGUP) && hung_up(s) ? NET_HANGUP : 0);
    if (FD_ISSET(s, &wr))
        got |= NET_WRITABLE;
    if (FD_ISSET(s, &ex))
        got |= NET_HANGUP;
    return got;
}

long net_send(NetSocket s, const char *buf, size_t n)
{
    int r = send((SOCKET)s, buf, n > 0x40000000 ? 0x40000000 : (int)n, 0);
    if (r > 0)
        return r;
    return r < 0 && WSAGetLastError() == WSAEWOULDBLOCK ? NET_AGAIN : -1;
}

long net_recv(NetSocket s, char *buf, size_t n)
{
    int r = recv((SOCKET)s, buf, n > 0x40000000 ? 0x40000000 : (int)n, 0);
    if (r >= 0)
        return r;
    int e = WSAGetLastError();
    return e == WSAEWOULDBLOCK || e == WSAEINTR ? NET_AGAIN : -1;
}

void net_shutdown_close(NetSocket s)
{
    shutdown((SOCKET)s, SD_BOTH);
    closesocket((SOCKET)s);
}

void net_close(NetSocket s) { closesocket((SOCKET)s); }

void net_machine_names(void (*fn)(void *ctx, const char *name), void *ctx)
{
    pthread_once(&started, startup);
    char name[256];
    if (gethostname(name, sizeof name) != 0)
        return;
    name[sizeof name - 1] = '\0';
    fn(ctx, name);
    /* the addresses of the host name: the machine's own, from its own configuration */
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM}, *ai = NULL;
    if (getaddrinfo(name, NULL, &hints, &ai) != 0)
        return;
    for (struct addrinfo *a = ai; a; a = a->ai_next) {
        char text[NI_MAXHOST];
        if (a->ai_family == AF_INET6 &&
            IN6_IS_ADDR_LINKLOCAL(&((struct sockaddr_in6 *)a->ai_addr)->sin6_addr))
            continue;
        if (getnameinfo(a->ai_addr, (socklen_t)a->ai_addrlen, text, sizeof text, NULL, 0,
                        NI_NUMERICHOST) == 0)
            fn(ctx, text);
    }
    freeaddrinfo(ai);
}
