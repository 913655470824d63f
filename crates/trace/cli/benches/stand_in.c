/* A stand-in for the C original: a curses program with the same calls and
 * screen (a 25x100 map redrawn with clear() and mvaddch() after every key,
 * read with getch()). `make bench` captures it on ncurses, to measure what
 * capturing the C original costs; `make test-windows` builds it with MinGW
 * on PDCurses and captures it on Wine's console, against its twin on
 * ncurses. Given `--cursor-shown`, it never calls curs_set(0); given
 * `--no-endwin`, it exits at q without calling endwin(). */
#ifdef _WIN32
#include <curses.h>
#else
#include <ncurses.h>
#endif
#include <string.h>

/* Whether `option` is among the arguments. */
static int given(int argc, char **argv, const char *option) {
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], option) == 0)
            return 1;
    return 0;
}

int main(int argc, char **argv) {
    int ch = 0, y, x, py = 10, px = 50;
    initscr();
    noecho();
    if (!given(argc, argv, "--cursor-shown"))
        curs_set(0);
    start_color();
    init_pair(1, COLOR_WHITE, COLOR_BLACK);
    init_pair(2, COLOR_BLUE, COLOR_BLACK);
    do {
        if (ch == 'h') px--;
        if (ch == 'l') px++;
        if (ch == 'k') py--;
        if (ch == 'j') py++;
        clear();
        for (y = 0; y < 25; y++)
            for (x = 0; x < 100; x++)
                mvaddch(y, x, ((x + y + px) % 7 ? '.' : '#') | COLOR_PAIR((x - px) * (x - px) + (y - py) * (y - py) < 225 ? 1 : 2));
        mvaddch(py, px, '@' | COLOR_PAIR(1));
    } while ((ch = getch()) && ch != 'q');
    if (!given(argc, argv, "--no-endwin"))
        endwin();
    return 0;
}
