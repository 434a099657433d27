/* The page's files (gui/web/), compiled into kaki-board by gui/embed.cmake at build time, so
 * that the board works from any directory and fetches nothing from anywhere else. */
#ifndef KAKI_GUI_ASSETS_H
#define KAKI_GUI_ASSETS_H

#include <stddef.h>

typedef struct Asset {
    const char *path;          /* "/index.html" */
    const unsigned char *data;
    size_t len;
} Asset;

extern const Asset board_assets[];
extern const int board_asset_count;

/* The asset served for a request path ("/" is "/index.html"), or NULL. */
const Asset *asset_find(const char *path);
/* Content type from the file name. */
const char *asset_type(const char *path);

#endif
