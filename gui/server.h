/* kaki-board's HTTP server: one listening socket (127.0.0.1 unless told otherwise), a thread
 * per connection up to a limit, keep-alive with idle timeouts, request heads and bodies read
 * with bounds (gui/http.h), Host/Origin checked before any handler runs, and a clean stop:
 * server_stop makes every connection thread finish and waits for it. */
#ifndef KAKI_GUI_SERVER_H
#define KAKI_GUI_SERVER_H

#include <stdbool.h>
#include <stddef.h>

#include "http.h"

#define SERVER_MAX_CONNECTIONS 64
#define SERVER_IDLE_MS 20000      /* keep-alive: no new request within this */
#define SERVER_REQUEST_MS 10000   /* a request head or body must arrive within this */

typedef struct Server Server;
typedef struct HttpConn HttpConn;

/* Handles one request; must answer it with one of the http_respond functions (or a stream). */
typedef void (*HttpHandler)(void *ctx, HttpConn *c, const HttpRequest *req, const char *body,
                            size_t bodylen);

/* Listens on host:port (port 0: a free port).  NULL with a message on failure.  Requests must
   name the server in Host (and Origin, if any): host:port, and for a loopback or wildcard host
   the loopback names; for a wildcard host ("0.0.0.0", "::") also the machine's host name and
   every address of its interfaces (http_origin_init). */
Server *server_open(const char *host, int port, char *err, size_t errsz);
/* Accepts `name` too (kaki-board's --allow-host): a name under which other machines reach this
   one.  Before server_run. */
void server_allow_host(Server *s, const char *name);
int server_port(const Server *s);
/* Shorter timeouts (tests): idle keep-alive connections, and a request in transit. */
void server_set_timeouts(Server *s, int idle_ms, int request_ms);
const HttpOrigin *server_origin(const Server *s);
/* Accepts connections until server_stop; returns then, after every connection has ended. */
void server_run(Server *s, HttpHandler handler, void *ctx);
/* Any thread (not a handler): stop accepting, end every connection. */
void server_stop(Server *s);
bool server_stopping(const Server *s);
void server_close(Server *s);
/* Requests served so far, and refused before a handler (bad head, Host/Origin, limits). */
void server_counts(const Server *s, long *served, long *refused);

void http_respond(HttpConn *c, int status, const char *type, const char *body, size_t len);
void http_respond_json(HttpConn *c, int status, const char *json);
/* {"error": message} */
void http_respond_error(HttpConn *c, int status, const char *message);

/* Event streams: the response head of text/event-stream; then chunks of event text.  write
   returns -1 once the page has gone.  A HEAD request gets the head alone: begin returns -1
   after it (no body may follow), and write writes nothing. */
int http_stream_begin(HttpConn *c);
int http_stream_write(HttpConn *c, const char *text, size_t len);
/* Has the peer closed the connection (or is the server stopping)? */
bool http_stream_closed(HttpConn *c);

#endif
