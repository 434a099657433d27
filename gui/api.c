#include "api.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "actions.h"
#include "assets.h"
#include "json.h"
#include "util/clock.h"

/* An event stream: every event from now on, a comment now and then so that a closed page is
   noticed, until the page goes away or the server stops. */
static void stream_events(Api *api, HttpConn *c, const HttpRequest *req)
{
    char client[EVENTS_CLIENT_ID_MAX + 8];
    if (!http_query_param(req->query, "client", client, sizeof client) ||
        !events_valid_client(client)) {
        http_respond_error(c, 400, "the event stream needs ?client=ID (1-40 letters, digits, _ -)");
        return;
    }
    if (!events_enter(api->hub, client)) {
        http_respond_error(c, 429, "too many event streams are open");
        return;
    }
    uint64_t seq = events_last(api->hub);
    char *state = session_state(api->session);
    size_t n = strlen(state) + 64;
    char *first = malloc(n);
    snprintf(first, n, "retry: 1000\nevent: state\ndata: %s\n\n", state);
    free(state);
    int rc = http_stream_begin(c) || http_stream_write(c, first, strlen(first));
    free(first);
    int64_t last_write = mono_ms();
    while (rc == 0 && !http_stream_closed(c)) {
        char *text = events_wait(api->hub, &seq, 500);
        if (text) {
            rc = http_stream_write(c, text, strlen(text));
            free(text);
            last_write = mono_ms();
        } else if (mono_ms() - last_write > 10000) {
            rc = http_stream_write(c, ": keep-alive\n\n", 14);
            last_write = mono_ms();
        }
        if (events_stopping(api->hub))
            break;
    }
    events_leave(api->hub, client);
}

static void get(Api *api, HttpConn *c, const HttpRequest *req)
{
    const char *p = req->path;
    char *out = NULL;
    if (strcmp(p, "/api/state") == 0) {
        out = session_state(api->session);
        http_respond_json(c, 200, out);
    } else if (strcmp(p, "/api/pieces") == 0) {
        char set[32];
        if (!http_query_param(req->query, "set", set, sizeof set) ||
            !(out = session_pieces(api->session, set)))
            http_respond_error(c, 400, "unknown piece set (kanji, mnemonic or letters)");
        else
            http_respond_json(c, 200, out);
    } else if (strcmp(p, "/api/pgn") == 0) {
        out = session_pgn(api->session);
        http_respond(c, 200, "application/x-chess-pgn; charset=utf-8", out, strlen(out));
    } else if (strcmp(p, "/api/pgngames") == 0) {
        out = session_pgn_games(api->session);
        http_respond_json(c, 200, out);
    } else if (strcmp(p, "/api/review") == 0) {
        out = session_review(api->session);
        http_respond_json(c, 200, out);
    } else if (strcmp(p, "/api/tfen") == 0) {
        out = session_tfen(api->session);
        http_respond(c, 200, "text/plain; charset=utf-8", out, strlen(out));
    } else if (strcmp(p, "/api/events") == 0) {
        stream_events(api, c, req);
    } else {
        const Asset *a = asset_find(p);
        if (a)
            http_respond(c, 200, asset_type(a->path), (const char *)a->data, a->len);
        else
            http_respond_error(c, 404, "no such page");
    }
    free(out);
}

static void post(Api *api, HttpConn *c, const HttpRequest *req, const char *body, size_t len)
{
    if (strncmp(req->path, "/api/", 5) != 0) {
        http_respond_error(c, 404, "no such action");
        return;
    }
    const char *type = http_header(req, "content-type");
    if (!type || strncmp(type, "application/json", 16) != 0) {
        /* a form posted by a page elsewhere cannot send JSON without asking first (CORS) */
        http_respond_error(c, 415, "send the request body as application/json");
        return;
    }
    char err[200];
    JsonValue *v = json_parse(body, len, err, sizeof err);
    if (!v) {
        char msg[300];
        snprintf(msg, sizeof msg, "invalid JSON: %s", err);
        http_respond_error(c, 400, msg);
        return;
    }
    char client[EVENTS_CLIENT_ID_MAX + 8] = "";
    const char *id = http_header(req, "x-kaki-client");
    if (id && events_valid_client(id))
        snprintf(client, sizeof client, "%s", id);
    char *answer = NULL;
    int status = actions_apply(api->session, req->path + 5, v, client, &answer);
    json_free(v);
    http_respond_json(c, status, answer);
    free(answer);
}

void api_handle(void *ctx, HttpConn *c, const HttpRequest *req, const char *body, size_t len)
{
    Api *api = ctx;
    if (strcmp(req->method, "POST") == 0)
        post(api, c, req, body, len);
    else
        get(api, c, req);
}
