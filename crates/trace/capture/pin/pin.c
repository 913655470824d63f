/* rogue-pin: a library preloaded into the C original by
 * `rogue-trace capture --pin` (LD_PRELOAD), so that it builds the dungeon
 * of a chosen seed with a chosen C library's rand().
 *
 * - time() returns ROGUE_PIN_SEED, so `srand(time(NULL))` receives it;
 * - with ROGUE_PIN_RNG=msvc, srand() and rand() are the Microsoft C
 *   runtime's (state = state * 214013 + 2531011; rand = bits 16..30), what
 *   the same code does when built on Windows. With glibc, the C library's
 *   own srand() and rand() are used.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static unsigned int msvc_state = 1;

static int use_msvc(void) {
    const char *rng = getenv("ROGUE_PIN_RNG");
    return rng != NULL && strcmp(rng, "msvc") == 0;
}

time_t time(time_t *out) {
    const char *seed = getenv("ROGUE_PIN_SEED");
    time_t value = seed != NULL ? (time_t)strtoul(seed, NULL, 10) : 0;
    if (out != NULL) {
        *out = value;
    }
    return value;
}

void srand(unsigned int seed) {
    if (use_msvc()) {
        msvc_state = seed;
        return;
    }
    void (*next)(unsigned int) = (void (*)(unsigned int))dlsym(RTLD_NEXT, "srand");
    next(seed);
}

int rand(void) {
    if (use_msvc()) {
        msvc_state = msvc_state * 214013u + 2531011u;
        return (int)((msvc_state >> 16) & 0x7fff);
    }
    int (*next)(void) = (int (*)(void))dlsym(RTLD_NEXT, "rand");
    return next();
}
