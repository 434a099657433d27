/* TCP sockets on POSIX systems: see net.h.  Descriptors are close-on-exec; sends and receives
 * pass MSG_DONTWAIT, and sends MSG_NOSIGNAL (no SIGPIPE). */
#define _GNU_SOURCE 1 /* accept4, POLLRDHUP */
#include "net.h"

#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

NetSocket net_listen(const char *host, int port, int *bound, char *err, size_t errsz)
{
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
                             .ai_flags = AI_PASSIVE | AI_NUMERICSERV};
    struct addrinfo *ai = NULL;
    char portstr[16];
    snprintf(portstr, sizeof portstr, "%d", port);
    int rc = getaddrinfo(host, portstr, &hints, &ai);
    if (rc != 0) {
        snprintf(err, errsz, "cannot resolve '%s': %s", host, gai_strerror(rc));
        return NET_NONE;
    }
    int fd = -1;
    for (struct addrinfo *a = ai; a && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0)
            continue;
        int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(fd, a->ai_addr, a->ai_addrlen) != 0 || listen(fd, 64) != 0) {
            snprintf(err, errsz, "cannot listen on %s port %d: %s", host, port, strerror(errno));
            close(fd);
            fd = -1;
        }
    }
    freeaddrinfo(ai);
    if (fd < 0)
        return NET_NONE;
    struct sockaddr_storage ss;
    socklen_t sl = sizeof ss;
    getsockname(fd, (struct sockaddr *)&ss, &sl);
    *bound = ss.ss_family == AF_INET6 ? ntohs(((struct sockaddr_in6 *)&ss)->sin6_port)
                                      : ntohs(((struct sockaddr_in *)&ss)->sin_port);
    return fd;
}

NetSocket net_accept(NetSocket listener)
{
    int fd = accept4((int)listener, NULL, NULL, SOCK_CLOEXEC);
    return fd < 0 ? NET_NONE : fd;
}

int net_wait(NetSocket s, int events, int ms)
{
    short want = (short)(((events & NET_READABLE) ? POLLIN : 0) |
                         ((events & NET_WRITABLE) ? POLLOUT : 0) |
                         ((events & NET_HANGUP) ? POLLRDHUP : 0));
    struct pollfd pfd = {(int)s, want, 0};
    int r = poll(&pfd, 1, ms);
    if (r <= 0)
        return r < 0 && errno != EINTR ? -1 : 0;
    int got = ((pfd.revents & POLLIN) ? NET_READABLE : 0) |
              ((pfd.revents & POLLOUT) ? NET_WRITABLE : 0) |
              ((pfd.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)) ? NET_HANGUP : 0);
    return got;
}

long net_send(NetSocket s, const char *buf, size_t n)
{
    for (;;) {
        ssize_t w = send((int)s, buf, n, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (w >= 0)
            return w > 0 ? (long)w : -1;
        if (errno == EINTR)
            continue;
        return errno == EAGAIN || errno == EWOULDBLOCK ? NET_AGAIN : -1;
    }
}

long net_recv(NetSocket s, char *buf, size_t n)
{
    ssize_t r = recv((int)s, buf, n, MSG_DONTWAIT);
    if (r >= 0)
        return (long)r;
    return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? NET_AGAIN : -1;
}

void net_shutdown_close(NetSocket s)
{
    shutdown((int)s, SHUT_RDWR);
    close((int)s);
}

void net_close(NetSocket s) { close((int)s); }

/* The host name, and without its domain. */
static void host_names(void (*fn)(void *ctx, const char *name), void *ctx)
{
    char name[256];
    if (gethostname(name, sizeof name) != 0)
        return;
    name[sizeof name - 1] = '\0';
    fn(ctx, name);
    char *dot = strchr(name, '.');
    if (dot) {
        *dot = '\0';
        fn(ctx, name);
    }
}

void net_machine_names(void (*fn)(void *ctx, const char *name), void *ctx)
{
    host_names(fn, ctx);
    struct ifaddrs *ifs;
    if (getifaddrs(&ifs) != 0)
        return;
    for (struct ifaddrs *i = ifs; i; i = i->ifa_next) {
        char text[INET6_ADDRSTRLEN];
        if (!i->ifa_addr)
            continue;
        if (i->ifa_addr->sa_family == AF_INET) {
            inet_ntop(AF_INET, &((struct sockaddr_in *)i->ifa_addr)->sin_addr, text, sizeof text);
        } else if (i->ifa_addr->sa_family == AF_INET6) {
            const struct in6_addr *a = &((struct sockaddr_in6 *)i->ifa_addr)->sin6_addr;
            if (IN6_IS_ADDR_LINKLOCAL(a))
                continue;
            inet_ntop(AF_INET6, a, text, sizeof text);
        } else {
            continue;
        }
        fn(ctx, text);
    }
    freeifaddrs(ifs);
}
