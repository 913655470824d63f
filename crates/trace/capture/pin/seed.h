/* Pins the seed of a C program that seeds with srand(time(NULL)) where
 * `rogue-trace capture --pin` cannot (it preloads a library, which only
 * Linux does), as on Windows: compiled with
 *
 *     -include seed.h -DROGUE_SEED=42
 *
 * every time() call of the program returns 42, and its source is not
 * changed. Its rand() stays the C library's own: Microsoft's, with
 * MinGW's or Microsoft's compiler. time()'s argument is not written. */
#ifndef ROGUE_SEED_H
#define ROGUE_SEED_H
#include <time.h>
#ifndef ROGUE_SEED
#error "give the seed: -DROGUE_SEED=N"
#endif
#define time(t) ((time_t)(ROGUE_SEED))
#endif
