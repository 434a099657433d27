#include "http.h"

#include <ctype.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int refuse(int status, char *err, size_t errsz, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int refuse(int status, char *err, size_t errsz, const char *fmt, ...)
{
    if (err && errsz) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errsz, fmt, ap);
        va_end(ap);
    }
    return -status;
}

/* RFC 9110 token characters. */
static bool is_tchar(unsigned char c)
{
    return isalnum(c) || (c && strchr("!#$%&'*+-.^_`|~", c));
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Percent-decodes s[0..n) into out; false on a bad escape or a NUL. */
static bool percent_decode(const char *s, size_t n, char *out, size_t outsz)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        int c = (unsigned char)s[i];
        if (c == '%') {
            if (i + 2 >= n)
                return false;
            int hi = hexval(s[i + 1]), lo = hexval(s[i + 2]);
            if (hi < 0 || lo < 0)
                return false;
            c = hi * 16 + lo;
            i += 2;
        }
        if (c == 0 || k + 1 >= outsz)
            return false;
        out[k++] = (char)c;
    }
    out[k] = '\0';
    return true;
}

/* The request line "METHOD TARGET HTTP/1.x". */
static int parse_request_line(const char *line, size_t n, HttpRequest *req, char *err,
                              size_t errsz)
{
    const char *sp1 = memchr(line, ' ', n);
    if (!sp1 || sp1 == line || (size_t)(sp1 - line) >= sizeof req->method)
        return refuse(400, err, errsz, "malformed request line");
    for (const char *p = line; p < sp1; p++)
        if (!is_tchar((unsigned char)*p))
            return refuse(400, err, errsz, "malformed method");
    memcpy(req->method, line, (size_t)(sp1 - line));
    req->method[sp1 - line] = '\0';
    const char *target = sp1 + 1;
    const char *sp2 = memchr(target, ' ', n - (size_t)(target - line));
    if (!sp2 || sp2 == target)
        return refuse(400, err, errsz, "malformed request line");
    const char *version = sp2 + 1;
    size_t vlen = n - (size_t)(version - line);
    if (vlen != 8 || memcmp(version, "HTTP/1.", 7) != 0 || !isdigit((unsigned char)version[7]))
        return refuse(vlen >= 5 && memcmp(version, "HTTP/", 5) == 0 ? 505 : 400, err, errsz,
                      "unsupported protocol version");
    req->minor = version[7] - '0';
    if (*target != '/')
        return refuse(400, err, errsz, "the target must be a path");
    for (const char *p = target; p < sp2; p++)
        if ((unsigned char)*p <= 32 || (unsigned char)*p >= 127)
            return refuse(400, err, errsz, "bad character in the target");
    const char *q = memchr(target, '?', (size_t)(sp2 - target));
    size_t plen = (size_t)((q ? q : sp2) - target);
    if (!percent_decode(target, plen, req->path, sizeof req->path))
        return refuse(400, err, errsz, "bad percent-encoding in the path");
    size_t qlen = q ? (size_t)(sp2 - q - 1) : 0;
    memcpy(req->query, q ? q + 1 : "", qlen);
    req->query[qlen] = '\0';
    if (strcmp(req->method, "GET") && strcmp(req->method, "POST") && strcmp(req->method, "HEAD"))
        return refuse(405, err, errsz, "method %s is not allowed", req->method);
    return 0;
}

/* One header line into req (stored in req->head at *used). */
static int parse_header(const char *line, size_t n, HttpRequest *req, size_t *used, char *err,
                        size_t errsz)
{
    if (line[0] == ' ' || line[0] == '\t')
        return refuse(400, err, errsz, "folded header lines are not allowed");
    const char *colon = memchr(line, ':', n);
    if (!colon || colon == line)
        return refuse(400, err, errsz, "malformed header line");
    for (const char *p = line; p < colon; p++)
        if (!is_tchar((unsigned char)*p))
            return refuse(400, err, errsz, "malformed header name");
    if (req->nheaders == HTTP_HEADERS_MAX)
        return refuse(431, err, errsz, "more than %d headers", HTTP_HEADERS_MAX);
    const char *v = colon + 1, *end = line + n;
    while (v < end && (*v == ' ' || *v == '\t'))
        v++;
    while (end > v && (end[-1] == ' ' || end[-1] == '\t'))
        end--;
    for (const char *p = v; p < end; p++)
        if (((unsigned char)*p < 32 && *p != '\t') || *p == 127)
            return refuse(400, err, errsz, "control character in a header value");
    size_t nlen = (size_t)(colon - line), vlen = (size_t)(end - v);
    if (*used + nlen + vlen + 2 > sizeof req->head)
        return refuse(431, err, errsz, "headers too large");
    char *name = req->head + *used;
    for (size_t i = 0; i < nlen; i++)
        name[i] = (char)tolower((unsigned char)line[i]);
    name[nlen] = '\0';
    char *value = name + nlen + 1;
    memcpy(value, v, vlen);
    value[vlen] = '\0';
    *used += nlen + vlen + 2;
    req->headers[req->nheaders++] = (HttpHeader){name, value};
    return 0;
}

/* Content-Length, Transfer-Encoding and Connection. */
static int body_and_connection(HttpRequest *req, char *err, size_t errsz)
{
    const char *cl = NULL;
    for (int i = 0; i < req->nheaders; i++) {
        if (strcmp(req->headers[i].name, "transfer-encoding") == 0)
            return refuse(501, err, errsz, "transfer codings (chunked bodies) are not supported");
        if (strcmp(req->headers[i].name, "content-length") == 0) {
            if (cl && strcmp(cl, req->headers[i].value) != 0)
                return refuse(400, err, errsz, "conflicting Content-Length headers");
            cl = req->headers[i].value;
        }
    }
    req->content_length = 0;
    if (cl) {
        if (!*cl || strlen(cl) > 12 || strspn(cl, "0123456789") != strlen(cl))
            return refuse(400, err, errsz, "bad Content-Length");
        long v = strtol(cl, NULL, 10);
        if (v > HTTP_BODY_MAX)
            return refuse(413, err, errsz, "request body larger than %d bytes", HTTP_BODY_MAX);
        req->content_length = v;
    } else if (strcmp(req->method, "POST") == 0)
        return refuse(411, err, errsz, "a POST request needs a Content-Length");
    const char *conn = http_header(req, "connection");
    req->keep_alive = req->minor >= 1;
    if (conn && strcasecmp(conn, "close") == 0)
        req->keep_alive = false;
    if (conn && strcasecmp(conn, "keep-alive") == 0)
        req->keep_alive = true;
    return 0;
}

int http_parse_head(const char *buf, size_t len, HttpRequest *req, char *err, size_t errsz)
{
    /* the end of the head: CRLF CRLF (a bare LF is accepted as a line end) */
    size_t end = 0;
    bool complete = false;
    for (size_t i = 0; i < len && i < HTTP_HEAD_MAX; i++) {
        if (buf[i] != '\n')
            continue;
        if ((i >= 1 && buf[i - 1] == '\n') || (i >= 2 && buf[i - 1] == '\r' && buf[i - 2] == '\n')) {
            end = i + 1;
            complete = true;
            break;
        }
    }
    const char *nl = memchr(buf, '\n', len < HTTP_HEAD_MAX ? len : HTTP_HEAD_MAX);
    size_t first = nl ? (size_t)(nl - buf) : len;
    if (first > HTTP_LINE_MAX)
        return refuse(414, err, errsz, "request line longer than %d bytes", HTTP_LINE_MAX);
    if (!complete)
        return len >= HTTP_HEAD_MAX
                   ? refuse(431, err, errsz, "request head larger than %d bytes", HTTP_HEAD_MAX)
                   : 0;
    memset(req, 0, offsetof(HttpRequest, head));
    size_t used = 0;
    size_t pos = 0;
    bool first_line = true;
    while (pos < end) {
        const char *line = buf + pos;
        const char *lf = memchr(line, '\n', end - pos);
        size_t n = (size_t)(lf - line);
        pos += n + 1;
        if (n && line[n - 1] == '\r')
            n--;
        if (memchr(line, '\r', n) || memchr(line, '\0', n))
            return refuse(400, err, errsz, "stray CR or NUL in the request head");
        if (n == 0) {
            if (first_line)
                return refuse(400, err, errsz, "empty request line");
            break;
        }
        int rc = first_line ? parse_request_line(line, n, req, err, errsz)
                            : parse_header(line, n, req, &used, err, errsz);
        if (rc)
            return rc;
        first_line = false;
    }
    int rc = body_and_connection(req, err, errsz);
    return rc ? rc : (int)end;
}

const char *http_header(const HttpRequest *req, const char *name)
{
    for (int i = 0; i < req->nheaders; i++)
        if (strcmp(req->headers[i].name, name) == 0)
            return req->headers[i].value;
    return NULL;
}

const char *http_query_param(const char *query, const char *name, char *out, size_t outsz)
{
    size_t nl = strlen(name);
    for (const char *p = query; *p;) {
        const char *amp = strchr(p, '&');
        size_t n = amp ? (size_t)(amp - p) : strlen(p);
        if (n > nl && strncmp(p, name, nl) == 0 && p[nl] == '=') {
            char raw[1024];
            size_t vn = n - nl - 1;
            if (vn >= sizeof raw)
                return NULL;
            memcpy(raw, p + nl + 1, vn);
            for (size_t i = 0; i < vn; i++)
                if (raw[i] == '+')
                    raw[i] = ' ';
            return percent_decode(raw, vn, out, outsz) ? out : NULL;
        }
        p += n + (amp ? 1 : 0);
    }
    return NULL;
}

static void add_name(HttpOrigin *o, const char *text)
{
    for (int i = 0; i < o->n; i++)
        if (strcasecmp(o->hosts[i], text) == 0)
            return;
    if (o->n < HTTP_ORIGIN_MAX && strlen(text) < sizeof o->hosts[0])
        strcpy(o->hosts[o->n++], text);
}

void http_origin_add(HttpOrigin *o, const char *name, int port)
{
    char text[300];
    bool v6 = strchr(name, ':') && name[0] != '[';
    if (!*name || strlen(name) > 255)
        return;
    snprintf(text, sizeof text, v6 ? "[%s]" : "%s", name);
    if (port == 80)
        add_name(o, text);
    size_t n = strlen(text);
    snprintf(text + n, sizeof text - n, ":%d", port);
    add_name(o, text);
}

bool http_host_is_wildcard(const char *host)
{
    return !*host || strcmp(host, "0.0.0.0") == 0 || strcmp(host, "::") == 0 ||
           strcmp(host, "[::]") == 0 || strcmp(host, "*") == 0;
}

void http_origin_init(HttpOrigin *o, const char *host, int port)
{
    o->n = 0;
    if (*host && strcmp(host, "*") != 0)
        http_origin_add(o, host, port);
    if (strcmp(host, "127.0.0.1") == 0 || strcmp(host, "::1") == 0 ||
        strcasecmp(host, "localhost") == 0 || http_host_is_wildcard(host)) {
        http_origin_add(o, "127.0.0.1", port);
        http_origin_add(o, "localhost", port);
        http_origin_add(o, "::1", port);
    }
}

static bool allowed_host(const HttpOrigin *o, const char *h)
{
    for (int i = 0; i < o->n; i++)
        if (strcasecmp(o->hosts[i], h) == 0)
            return true;
    return false;
}

bool http_origin_check(const HttpOrigin *o, const HttpRequest *req, char *why, size_t whysz)
{
    const char *host = http_header(req, "host");
    if (!host || !allowed_host(o, host)) {
        snprintf(why, whysz, "Host '%.100s' is not this server (expected %s)",
                 host ? host : "(none)", o->hosts[0]);
        return false;
    }
    const char *origin = http_header(req, "origin");
    if (origin && !(strncmp(origin, "http://", 7) == 0 && allowed_host(o, origin + 7))) {
        snprintf(why, whysz, "requests from the page at '%.100s' are not allowed", origin);
        return false;
    }
    return true;
}

const char *http_reason(int status)
{
    switch (status) {
    case 200: return "OK";
    case 204: return "No Content";
    case 400: return "Bad Request";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 411: return "Length Required";
    case 413: return "Content Too Large";
    case 414: return "URI Too Long";
    case 415: return "Unsupported Media Type";
    case 422: return "Unprocessable Content";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    default: return "Unknown";
    }
}

int http_format_head(char *out, size_t outsz, int status, const char *type, long length,
                     bool keep_alive)
{
    char len[48] = "";
    if (length >= 0)
        snprintf(len, sizeof len, "Content-Length: %ld\r\n", length);
    int n = snprintf(out, outsz,
                     "HTTP/1.1 %d %s\r\n"
                     "Content-Type: %s\r\n"
                     "%s"
                     "Cache-Control: no-store\r\n"
                     "X-Content-Type-Options: nosniff\r\n"
                     "Referrer-Policy: no-referrer\r\n"
                     "Content-Security-Policy: default-src 'self'; img-src 'self' data:; "
                     "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'\r\n"
                     "Connection: %s\r\n\r\n",
                     status, http_reason(status), type, len, keep_alive ? "keep-alive" : "close");
    return n < 0 ? 0 : (n >= (int)outsz ? (int)outsz - 1 : n);
}
