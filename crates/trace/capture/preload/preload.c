/* rogue-preload: a library that `rogue-trace capture` preloads
 * (LD_PRELOAD) into the program it records, on Linux.
 *
 * Pinning (`capture --pin`), for the C original's dungeon of a chosen seed
 * with a chosen C library's rand():
 * - with ROGUE_PIN_SEED set, time() returns it, so `srand(time(NULL))`
 *   receives it; without, time() is the C library's own;
 * - with ROGUE_PIN_RNG=msvc, srand() and rand() are the Microsoft C
 *   runtime's (state = state * 214013 + 2531011; rand = bits 16..30), what
 *   the same code does when built on Windows; else the C library's own.
 *
 * Typing (ROGUE_KEYS=FIFO): the program types its own keys, one at a
 * time, each the moment it waits for it. When the program asks for input
 * from its terminal (read(), poll(), select() and their variants) and
 * none is pending, the library
 *   1. writes to the terminal, behind everything the program wrote,
 *          ESC _ rogue-trace-wait;N ESC \
 *      (an APC string, which the capture takes out of the output): the
 *      program waits for a key, N keys having been typed; the screen as
 *      it is now is the one a typist would see;
 *   2. takes the next key (one UTF-8 character) from the FIFO, which the
 *      capture fills, and puts its bytes into the terminal's input queue
 *      (TIOCSTI), where the terminal handles them as it handles typing
 *      (ICRNL, echo);
 *   3. lets the program's call go on: it finds the key.
 * A key the terminal would not simply pass on (in canonical mode, or a
 * character that raises a signal or stops output) is not typed: the
 * library writes ESC _ rogue-trace-handback;N ESC \ and types no more,
 * and the capture types the rest itself. So does a refused TIOCSTI.
 * At the FIFO's end, it types no more. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/* --- Pinning --- */

static unsigned int msvc_state = 1;

static int use_msvc(void) {
    const char *rng = getenv("ROGUE_PIN_RNG");
    return rng != NULL && strcmp(rng, "msvc") == 0;
}

time_t time(time_t *out) {
    const char *seed = getenv("ROGUE_PIN_SEED");
    if (seed == NULL) {
        time_t (*next)(time_t *) = (time_t (*)(time_t *))dlsym(RTLD_NEXT, "time");
        return next(out);
    }
    time_t value = (time_t)strtoul(seed, NULL, 10);
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

/* --- Typing --- */

/* The FIFO of keys: -2 not opened yet, -1 none (or no more). */
static int keys_fd = -2;
/* Keys typed so far. */
static unsigned long typed = 0;

/* Whether this copy of the library is the one the program calls (a
 * program may preload it twice: only the first types). */
static int first_copy(void) {
    static int known = -1;
    if (known < 0) {
        Dl_info called, mine;
        void *read_called = dlsym(RTLD_DEFAULT, "read");
        known = read_called != NULL && dladdr(read_called, &called) != 0 &&
                dladdr((void *)&first_copy, &mine) != 0 &&
                called.dli_fbase == mine.dli_fbase;
    }
    return known;
}

static void stop_typing(void) {
    if (keys_fd >= 0) {
        close(keys_fd);
    }
    keys_fd = -1;
}

/* The FIFO of keys, opened at the first wait; -1 if there is none. */
static int keys(void) {
    if (keys_fd == -2) {
        const char *path = getenv("ROGUE_KEYS");
        /* Opened without waiting for a writer; read waiting for keys. */
        keys_fd = path != NULL && first_copy()
                      ? (int)syscall(SYS_openat, AT_FDCWD, path,
                                     O_RDONLY | O_NONBLOCK | O_CLOEXEC)
                      : -1;
        if (keys_fd < 0 || fcntl(keys_fd, F_SETFL, 0) != 0) {
            stop_typing();
        }
    }
    return keys_fd;
}

/* Whether input is pending on fd, without waiting (a system call, so that
 * this library's own poll is not called). */
static int pending(int fd) {
    struct pollfd one = {fd, POLLIN, 0};
    struct timespec now = {0, 0};
    return syscall(SYS_ppoll, &one, 1, &now, NULL, sizeof(sigset_t)) > 0;
}

/* Writes ESC _ rogue-trace-KIND;N ESC \ to the terminal fd (or, if fd is
 * read-only, to standard output when that is a terminal). */
static void notice(int fd, const char *kind) {
    char text[64];
    int n = snprintf(text, sizeof text, "\033_rogue-trace-%s;%lu\033\\", kind, typed);
    if (n <= 0 || n >= (int)sizeof text) {
        return;
    }
    if (syscall(SYS_write, fd, text, (size_t)n) < 0 && fd != 1 && isatty(1)) {
        syscall(SYS_write, 1, text, (size_t)n);
    }
}

/* Reads exactly n bytes of the FIFO; whether it could. */
static int take(unsigned char *into, size_t n) {
    size_t got = 0;
    while (got < n) {
        long r = syscall(SYS_read, keys_fd, into + got, n - got);
        if (r < 0 && errno == EINTR) {
            continue;
        }
        if (r <= 0) {
            return 0;
        }
        got += (size_t)r;
    }
    return 1;
}

/* The next key, as its UTF-8 bytes; how many (0 at the FIFO's end). */
static size_t next_key(unsigned char key[4]) {
    if (!take(key, 1)) {
        return 0;
    }
    size_t n = key[0] < 0x80 ? 1 : key[0] >= 0xf0 ? 4 : key[0] >= 0xe0 ? 3 : 2;
    return n == 1 || take(key + 1, n - 1) ? n : 0;
}

/* Whether the terminal passes the byte c on to the program as it is
 * typed: not a character that raises a signal, nor one that stops or
 * starts output. */
static int passed_on(const struct termios *t, unsigned char c) {
    if ((t->c_lflag & ISIG) &&
        (c == t->c_cc[VINTR] || c == t->c_cc[VQUIT] || c == t->c_cc[VSUSP])) {
        return 0;
    }
    if ((t->c_iflag & IXON) && (c == t->c_cc[VSTOP] || c == t->c_cc[VSTART])) {
        return 0;
    }
    return 1;
}

/* The program asks for input from fd: if fd is a terminal with no input
 * pending, it waits for a key, which is typed. */
static void asks(int fd) {
    struct termios t;
    if (keys() < 0 || ioctl(fd, TCGETS, &t) != 0 || pending(fd)) {
        return;
    }
    notice(fd, "wait");
    unsigned char key[4];
    size_t n = next_key(key);
    if (n == 0) {
        stop_typing();
        return;
    }
    int typeable = !(t.c_lflag & ICANON);
    for (size_t i = 0; i < n; i++) {
        typeable &= passed_on(&t, key[i]);
    }
    for (size_t i = 0; typeable && i < n; i++) {
        typeable = ioctl(fd, TIOCSTI, &key[i]) == 0;
    }
    if (!typeable) {
        notice(fd, "handback");
        stop_typing();
        return;
    }
    typed++;
}

/* `next`: the C library's function `name`, found once. */
#define NEXT(name)                                          \
    static __typeof__(name) *next = NULL;                   \
    if (next == NULL) {                                     \
        next = (__typeof__(name) *)dlsym(RTLD_NEXT, #name); \
    }

/* The checked variants that _FORTIFY_SOURCE calls instead. */
ssize_t __read_chk(int fd, void *buf, size_t count, size_t size);
int __poll_chk(struct pollfd *fds, nfds_t count, int timeout, size_t size);

ssize_t read(int fd, void *buf, size_t count) {
    NEXT(read);
    if (count > 0) {
        asks(fd);
    }
    return next(fd, buf, count);
}

ssize_t __read_chk(int fd, void *buf, size_t count, size_t size) {
    NEXT(__read_chk);
    if (count > 0) {
        asks(fd);
    }
    return next(fd, buf, count, size);
}

ssize_t readv(int fd, const struct iovec *iov, int count) {
    NEXT(readv);
    if (count > 0) {
        asks(fd);
    }
    return next(fd, iov, count);
}

static void asks_any(const struct pollfd *fds, nfds_t count) {
    for (nfds_t i = 0; i < count; i++) {
        if (fds[i].fd >= 0 && (fds[i].events & (POLLIN | POLLRDNORM))) {
            asks(fds[i].fd);
        }
    }
}

int poll(struct pollfd *fds, nfds_t count, int timeout) {
    NEXT(poll);
    asks_any(fds, count);
    return next(fds, count, timeout);
}

int __poll_chk(struct pollfd *fds, nfds_t count, int timeout, size_t size) {
    NEXT(__poll_chk);
    asks_any(fds, count);
    return next(fds, count, timeout, size);
}

int ppoll(struct pollfd *fds, nfds_t count, const struct timespec *timeout,
          const sigset_t *mask) {
    NEXT(ppoll);
    asks_any(fds, count);
    return next(fds, count, timeout, mask);
}

static void asks_set(int count, fd_set *reads) {
    for (int fd = 0; reads != NULL && fd < count && fd < FD_SETSIZE; fd++) {
        if (FD_ISSET(fd, reads)) {
            asks(fd);
        }
    }
}

int select(int count, fd_set *reads, fd_set *writes, fd_set *errors,
           struct timeval *timeout) {
    NEXT(select);
    asks_set(count, reads);
    return next(count, reads, writes, errors, timeout);
}

int pselect(int count, fd_set *reads, fd_set *writes, fd_set *errors,
            const struct timespec *timeout, const sigset_t *mask) {
    NEXT(pselect);
    asks_set(count, reads);
    return next(count, reads, writes, errors, timeout, mask);
}
