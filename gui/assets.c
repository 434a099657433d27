#include "assets.h"

#include <string.h>

const Asset *asset_find(const char *path)
{
    if (strcmp(path, "/") == 0)
        path = "/index.html";
    for (int i = 0; i < board_asset_count; i++)
        if (strcmp(board_assets[i].path, path) == 0)
            return &board_assets[i];
    return NULL;
}

const char *asset_type(const char *path)
{
    static const struct { const char *ext, *type; } types[] = {
        {".html", "text/html; charset=utf-8"}, {".css", "text/css; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"}, {".svg", "image/svg+xml"},
        {".png", "image/png"}, {".ico", "image/x-icon"},
    };
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (strcmp(dot, types[i].ext) == 0)
            return types[i].type;
    return "application/octet-stream";
}
