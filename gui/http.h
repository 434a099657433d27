/* HTTP/1.1 for kaki-board: the request-head parser (pure, bounded, tested and fuzzed on its
 * own), the checks of Host and Origin against the served address (DNS rebinding), and the
 * formatting of responses. */
#ifndef KAKI_GUI_HTTP_H
#define KAKI_GUI_HTTP_H

#include <stdbool.h>
#include <stddef.h>

#define HTTP_LINE_MAX 2048        /* request line */
#define HTTP_HEAD_MAX 16384       /* request line + headers */
#define HTTP_HEADERS_MAX 64
#define HTTP_BODY_MAX (4 << 20)   /* a PGN of a very long game fits easily */

typedef struct HttpHeader {
    const char *name;  /* lower case */
    const char *value; /* blanks trimmed */
} HttpHeader;

typedef struct HttpRequest {
    char method[8];
    char path[HTTP_LINE_MAX];   /* decoded path, without the query */
    char query[HTTP_LINE_MAX];  /* raw query (after '?'), "" if none */
    int minor;                  /* HTTP/1.minor */
    int nheaders;
    HttpHeader headers[HTTP_HEADERS_MAX];
    char head[HTTP_HEAD_MAX];   /* storage for the header strings */
    long content_length;        /* 0 when absent */
    bool keep_alive;
} HttpRequest;

/* Parses the request head at the start of buf[0..len).  Returns the number of bytes of the
   head (request line, headers and the blank line) when it is complete, 0 when more bytes are
   needed, or -STATUS for a request to refuse (-400 malformed, -405 method, -411/-413 body,
   -414 request line too long, -431 headers too large or too many, -501 chunked or other
   transfer codings, -505 version), with a message in err. */
int http_parse_head(const char *buf, size_t len, HttpRequest *req, char *err, size_t errsz);

/* Value of a header (name in lower case), or NULL. */
const char *http_header(const HttpRequest *req, const char *name);

/* The value of `name` in a query string "a=1&b=x" (percent-decoded into out), or NULL. */
const char *http_query_param(const char *query, const char *name, char *out, size_t outsz);

/* The names under which this server may be addressed, "127.0.0.1:8080" etc. */
#define HTTP_ORIGIN_MAX 64
typedef struct HttpOrigin {
    int n;
    char hosts[HTTP_ORIGIN_MAX][300];
} HttpOrigin;

/* Is host a wildcard address (every interface: "0.0.0.0", "::", "[::]", "*" or "")? */
bool http_host_is_wildcard(const char *host);
/* Builds the allowed Host values for a server bound to host:port: host itself, and for a
   loopback or wildcard address the loopback names "127.0.0.1", "localhost" and "[::1]".  The
   server adds the machine's own names and addresses for a wildcard (server.c) and the names
   of --allow-host (http_origin_add); nothing else is accepted, so that a foreign name that
   resolves to this machine (DNS rebinding) is refused. */
void http_origin_init(HttpOrigin *o, const char *host, int port);
/* Allows `name` (a host name, an IPv4 address or an IPv6 address with or without brackets)
   with this port ("name:port"; also "name" alone on port 80).  Ignored when full. */
void http_origin_add(HttpOrigin *o, const char *name, int port);
/* Is the request allowed: a Host header that names this server, and, if the request has an
   Origin header, an origin "http://" + one of those names?  Otherwise false with a reason. */
bool http_origin_check(const HttpOrigin *o, const HttpRequest *req, char *why, size_t whysz);

/* "Not Found" etc. */
const char *http_reason(int status);

/* The response head: status line, Content-Type, Content-Length (-1: none, for event streams),
   no caching, nosniff, the content security policy, Connection.  Returns its length. */
int http_format_head(char *out, size_t outsz, int status, const char *type, long length,
                     bool keep_alive);

#endif
