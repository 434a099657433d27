/* What XBoard 4.9.1 adds to its engine list from installed plugin files, read as XBoard reads
 * them (menus.c: AutoInstall -> InstallFromDir -> InstallNewEngine; xboard.c: LoadLogo ->
 * FindLogo; backend.c: TidyProgramName), but under a directory given on the command line
 * instead of /usr/share/games/plugins, so that a package installed into a scratch root can be
 * checked:
 *
 *   xboard_plugins PLUGINS_DIR [SETTINGS_FILE]
 *
 * XBoard with -autoInstall (Debian's /etc/xboard/xboard.conf sets it) scans PLUGINS_DIR/xboard
 * for names containing ".eng" that were modified after the user's settings file was last
 * saved (SETTINGS_FILE's time; without one, or if it does not exist, every file), reads "plugin spec MAJOR.MINOR", then the engine command line and the
 * variants line, splits off "cd DIR;" as the engine's directory, and appends the command
 * (quoted if it has blanks, with -fd DIR) to -firstChessProgramNames, its engine list.  The
 * logo XBoard shows for the engine is PLUGINS_DIR/logos/NAME.png, NAME being the command's
 * file name without directory or .exe.  Prints, per plugin file in name order:
 *
 *   FILE: engine list line <LINE>; command <COMMAND>; variants <VARIANTS>; logo <PNG|none>
 *
 * or "FILE: not listed (REASON)".  Exit status 0, or 2 when PLUGINS_DIR/xboard cannot be read. */
#include <dirent.h>
#include <sys/stat.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define LINE_MAX_LEN 1024

/* The engine-list line XBoard makes of a command and directory (InstallNewEngine). */
static int engine_line(const char *command, const char *dir, char *line, size_t n)
{
    const char *quote = "";
    if (strchr(command, ' ')) {
        if (!strchr(command, '"'))
            quote = "\"";
        else if (!strchr(command, '\''))
            quote = "'";
        else
            return -1; /* "Could not auto-install" */
    }
    int len = snprintf(line, n, "%s%s%s", quote, command, quote);
    if (strcmp(dir, "") != 0 && strcmp(dir, ".") != 0)
        snprintf(line + len, n - (size_t)len, " -fd %s", dir);
    return 0;
}

/* The program's file name without directory or ".exe" (TidyProgramName, local engine). */
static void tidy_name(const char *command, char *name, size_t n)
{
    const char *start = command, *end;
    if (*start == '"' || *start == '\'')
        end = strchr(start + 1, *start);
    else
        end = strchr(start, ' ');
    if (!end)
        end = start + strlen(start);
    const char *p = end;
    while (p > start && p[-1] != '/' && p[-1] != '\\')
        p--;
    if (p == start && *p == '"')
        p++;
    size_t len = (size_t)(end - p);
    if (len >= 4 && strncasecmp(end - 4, ".exe", 4) == 0)
        len -= 4;
    snprintf(name, n, "%.*s", (int)len, p);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void read_plugin(const char *plugins, const char *file, time_t last_saved)
{
    char path[4096], command[LINE_MAX_LEN], variants[LINE_MAX_LEN], dir[LINE_MAX_LEN] = "";
    char dummy;
    int major, minor;
    snprintf(path, sizeof path, "%s/xboard/%s", plugins, file);
    struct stat st;
    time_t installed = stat(path, &st) == 0 ? st.st_mtime : 0;
    if (last_saved != 0 && installed - last_saved <= 0) {
        printf("%s: not listed (not newer than the saved settings)\n", file);
        return;
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("%s: not listed (cannot be opened)\n", file);
        return;
    }
    /* the three reads of InstallFromDir, with its formats */
    int bad = fscanf(f, "plugin spec %d.%d%c", &major, &minor, &dummy) != 3 ||
              fscanf(f, "%1023[^\n]%c", command, &dummy) != 2 ||
              fscanf(f, "%1023[^\n]%c", variants, &dummy) != 2;
    fclose(f);
    if (bad) {
        printf("%s: not listed (not a plugin spec of three lines)\n", file);
        return;
    }
    const char *cmd = command;
    if (sscanf(command, "cd %1023[^;];%c", dir, &dummy) == 2)
        cmd = command + strlen(dir) + 4;
    char line[2 * LINE_MAX_LEN], name[LINE_MAX_LEN], logo[4096];
    if (engine_line(cmd, dir, line, sizeof line) != 0) {
        printf("%s: not listed (a command with both kinds of quote)\n", file);
        return;
    }
    tidy_name(cmd, name, sizeof name);
    snprintf(logo, sizeof logo, "%s/logos/%s.png", plugins, name);
    FILE *l = fopen(logo, "r");
    if (l)
        fclose(l);
    printf("%s: engine list line <%s>; command <%s>; variants <%s>; logo <%s>\n", file, line, cmd,
           variants, l ? logo : "none");
}

int main(int argc, char **argv)
{
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: xboard_plugins PLUGINS_DIR [SETTINGS_FILE]\n");
        return 2;
    }
    struct stat settings;
    time_t last_saved = argc == 3 && stat(argv[2], &settings) == 0 ? settings.st_mtime : 0;
    char path[4096];
    snprintf(path, sizeof path, "%s/xboard", argv[1]);
    DIR *d = opendir(path);
    if (!d) {
        fprintf(stderr, "xboard_plugins: cannot read %s\n", path);
        return 2;
    }
    char *names[256];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 256)
        if (strstr(e->d_name, ".eng")) /* XBoard's test, which also skips . and .. */
            names[n++] = strdup(e->d_name);
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], by_name);
    for (int i = 0; i < n; i++) {
        read_plugin(argv[1], names[i], last_saved);
        free(names[i]);
    }
    return 0;
}
