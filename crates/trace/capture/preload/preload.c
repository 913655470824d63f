/* rogue-preload: a library that `rogue-trace capture` preloads
 * (LD_PRELOAD) into the program it records, on Linux.
 *
 * Pinning (`capture --pin`): with ROGUE_PIN_SEED set, time() returns it;
 * with ROGUE_PIN_RNG=msvc, srand() and rand() are the Microsoft C
 * runtime's (state = state * 214013 + 2531011; rand = bits 16..30). Each
 * process says once, on /dev/tty, each function it called, pinned or not
 * (time() from its own code only: curses calls it too):
 *          ESC _ rogue-trace-called;F;PID ESC \
 * (F: 1 time(), 2 srand(), 4 rand(), 16 srand() given a value time()
 * returned), so the capture knows the pin took before the first screen,
 * and in which process. A forked child says its parent's calls under its
 * own id.
 *
 * Typing (ROGUE_KEYS=FIFO): the program types its own keys, each the
 * moment it waits for it: with no input pending on its terminal, it
 * blocks for input (read(), poll(), select() and their variants), or
 * sleeps having just looked for input and found none. Then the library
 *   1. writes ESC _ rogue-trace-wait;N;PID ESC \ behind the program's
 *      output (N keys typed): the screen is the one a typist would see;
 *   2. takes the next key from the FIFO and puts its bytes into the
 *      terminal's input queue (TIOCSTI). A key is one UTF-8 character, or
 *      a special key framed as 0xff, a length, and the bytes the terminal
 *      sends in the program's cursor keys' mode, which the capture puts
 *      in only once the program waits for it; or a burst, keys typed at
 *      once, framed as 0xfe, how many keys it counts for, a length and
 *      the bytes, all put in before the program reads the first;
 *   3. lets the program's call go on: it finds the key.
 * Only the capture's terminal (ROGUE_TTY) is typed into. A key the
 * terminal would not simply pass on (canonical mode, a signal or flow
 * character), a refused TIOCSTI, or a waiting process with children ends
 * the typing: ESC _ rogue-trace-handback;N;PID ESC \, and the capture
 * types the rest. At the FIFO's end, it types no more.
 *
 * The program's standard error may be a terminal of its own
 * (ROGUE_STDERR_TTY), read apart. The wait is then said there first, so
 * that the capture knows which words came before it, unless the
 * terminal's master side (ROGUE_STDERR_MASTER, inherited) shows that the
 * capture has read all words written there: then only
 * ESC _ rogue-trace-wait-read;N;PID ESC \ is written, behind the output. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/* --- Pinning --- */

static unsigned int msvc_state = 1;

/* What this process has called of the functions told, as said. */
enum called {
    CALLED_TIME = 1,
    CALLED_SRAND = 2,
    CALLED_RAND = 4,
    CALLED_CLOCK_SEED = 16
};
static int called_said = 0;
/* The last value the C library's time() returned here, unpinned, or 0. */
static time_t clock_read = 0;
/* Set in a forked child: it has what the parent called, not said yet. */
static volatile int forked = 0;

static void on_fork(void) {
    forked = 1;
}

__attribute__((constructor)) static void watch_forks(void) {
    pthread_atfork(NULL, NULL, on_fork);
}

/* This process's id (a system call: no C library caches it). */
static pid_t this_process(void) {
    return (pid_t)syscall(SYS_getpid);
}

/* Says on /dev/tty that this process called `what` (bits of enum called),
 * with system calls, not this library's own write() and close(). */
static void say_called(int what) {
    char text[64];
    int n = snprintf(text, sizeof text, "\033_rogue-trace-called;%d;%d\033\\", what,
                     (int)this_process());
    int fd = (int)syscall(SYS_openat, AT_FDCWD, "/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        return;
    }
    if (n > 0 && n < (int)sizeof text) {
        syscall(SYS_write, fd, text, (size_t)n);
    }
    syscall(SYS_close, fd);
}

/* A forked child says, under its own id, what it has of its parent. */
static void say_inherited(void) {
    if (forked) {
        forked = 0;
        if (called_said != 0) {
            say_called(called_said);
        }
    }
}

/* Says, the first time, that this process called `what`. */
static void called(enum called what) {
    say_inherited();
    if (called_said & what) {
        return;
    }
    called_said |= what;
    say_called(what);
}

static int use_msvc(void) {
    const char *rng = getenv("ROGUE_PIN_RNG");
    return rng != NULL && strcmp(rng, "msvc") == 0;
}

/* Whether address lies in the program itself (dl_iterate_phdr's first). */
static int in_program_at(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    uintptr_t address = (uintptr_t)data;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t from = info->dlpi_addr + ph->p_vaddr;
        if (ph->p_type == PT_LOAD && address >= from && address - from < ph->p_memsz) {
            return 1;
        }
    }
    return -1;
}

static int in_program(void *address) {
    return dl_iterate_phdr(in_program_at, address) == 1;
}

time_t time(time_t *out) {
    /* Only the program's own calls say it seeds: curses calls time() too,
     * for its own ends. */
    if (!(called_said & CALLED_TIME) && in_program(__builtin_return_address(0))) {
        called(CALLED_TIME);
    }
    const char *seed = getenv("ROGUE_PIN_SEED");
    if (seed == NULL) {
        time_t (*next)(time_t *) = (time_t (*)(time_t *))dlsym(RTLD_NEXT, "time");
        clock_read = next(out);
        return clock_read;
    }
    time_t value = (time_t)strtoul(seed, NULL, 10);
    if (out != NULL) {
        *out = value;
    }
    return value;
}

void srand(unsigned int seed) {
    if (clock_read != 0 && seed == (unsigned int)clock_read) {
        called(CALLED_CLOCK_SEED);
    }
    if (use_msvc()) {
        called(CALLED_SRAND);
        msvc_state = seed;
        return;
    }
    void (*next)(unsigned int) = (void (*)(unsigned int))dlsym(RTLD_NEXT, "srand");
    next(seed);
}

int rand(void) {
    if (use_msvc()) {
        called(CALLED_RAND);
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

/* Whether this copy of the library is the one the program calls. */
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

/* The lowest number the library's own files take, above the program's. */
#define OWN_FD_FROM 300

/* The library's own file fd, moved to a number from OWN_FD_FROM if it can. */
static int moved_apart(int fd) {
    int moved = fcntl(fd, F_DUPFD_CLOEXEC, OWN_FD_FROM);
    if (moved < 0) {
        return fd;
    }
    syscall(SYS_close, fd);
    return moved;
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
        } else {
            keys_fd = moved_apart(keys_fd);
        }
    }
    return keys_fd;
}

/* Whether input is pending on fd (a system call, not this library's poll). */
static int pending(int fd) {
    struct pollfd one = {fd, POLLIN, 0};
    struct timespec now = {0, 0};
    return syscall(SYS_ppoll, &one, 1, &now, NULL, sizeof(sigset_t)) > 0;
}

/* The terminal of the program's standard error (ROGUE_STDERR_TTY), opened
 * at the first wait, or -1, and its device. */
static int stderr_terminal_fd = -1;
static dev_t stderr_terminal_device;

/* Whether fd is still the standard error's terminal (close_range may have
 * closed it behind this library's back). */
static int still_stderr_terminal(int fd) {
    struct stat st;
    return fstat(fd, &st) == 0 && S_ISCHR(st.st_mode) && st.st_rdev == stderr_terminal_device;
}

/* Opens the standard error's terminal, as stderr_terminal_fd. */
static void open_stderr_terminal(void) {
    const char *path = getenv("ROGUE_STDERR_TTY");
    if (path == NULL) {
        return;
    }
    int fd = (int)syscall(SYS_openat, AT_FDCWD, path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        return;
    }
    fd = moved_apart(fd);
    struct stat st;
    if (fstat(fd, &st) != 0) {
        syscall(SYS_close, fd);
        return;
    }
    stderr_terminal_device = st.st_rdev;
    stderr_terminal_fd = fd;
}

/* The master side of that terminal, given to the program as the
 * descriptor ROGUE_STDERR_MASTER (-2 not looked for yet, -1 none), and
 * its terminal's number. */
static int stderr_master_fd = -2;
static unsigned int stderr_master_pts;

/* Whether fd is the master of terminal number pts. */
static int master_of(int fd, unsigned int pts) {
    unsigned int n;
    return fd >= 0 && ioctl(fd, TIOCGPTN, &n) == 0 && n == pts;
}

/* The descriptor ROGUE_STDERR_MASTER names, moved apart, if it is the
 * master of the terminal ROGUE_STDERR_TTY; else -1. */
static int open_stderr_master(void) {
    const char *number = getenv("ROGUE_STDERR_MASTER");
    const char *path = getenv("ROGUE_STDERR_TTY");
    unsigned int pts;
    if (number == NULL || path == NULL || sscanf(path, "/dev/pts/%u", &pts) != 1 ||
        !master_of(atoi(number), pts)) {
        return -1;
    }
    stderr_master_pts = pts;
    return moved_apart(atoi(number));
}

/* Whether the capture has read all the program wrote on its standard
 * error's terminal: it leaves a byte there until it reads a wait said
 * there, so the master holds nothing only if no word came since. */
static int stderr_all_read(void) {
    if (stderr_master_fd == -2) {
        stderr_master_fd = open_stderr_master();
    }
    /* Polling the master first moves the words in flight into it. */
    return master_of(stderr_master_fd, stderr_master_pts) && !pending(stderr_master_fd);
}

/* Says the same on that terminal, behind the words written there before. */
static void say_on_stderr_terminal(const char *text, size_t n) {
    int program_errno = errno;
    if (stderr_terminal_fd >= 0 && !still_stderr_terminal(stderr_terminal_fd)) {
        stderr_terminal_fd = -1;
    }
    if (stderr_terminal_fd < 0) {
        open_stderr_terminal();
    }
    if (stderr_terminal_fd >= 0) {
        syscall(SYS_write, stderr_terminal_fd, text, n);
    }
    errno = program_errno;
}

/* Writes ESC _ rogue-trace-KIND;N;PID ESC \ to the terminal fd (or, if
 * read-only, to standard output if a terminal), after the standard
 * error's terminal. */
static void notice(int fd, const char *kind) {
    char text[64];
    int all_read = strcmp(kind, "wait") == 0 && stderr_all_read();
    int n = snprintf(text, sizeof text, "\033_rogue-trace-%s;%lu;%d\033\\",
                     all_read ? "wait-read" : kind, typed, (int)this_process());
    if (n <= 0 || n >= (int)sizeof text) {
        return;
    }
    if (!all_read) {
        say_on_stderr_terminal(text, (size_t)n);
    }
    if (syscall(SYS_write, fd, text, (size_t)n) < 0 && fd != 1 && isatty(1)) {
        syscall(SYS_write, 1, text, (size_t)n);
    }
}

/* Keys read from the FIFO, in large pieces, and not typed yet. */
static unsigned char ahead[4096];
static size_t ahead_from = 0, ahead_to = 0;

/* Takes exactly n bytes of the keys; whether there were. */
static int take(unsigned char *into, size_t n) {
    for (size_t got = 0; got < n; got++) {
        while (ahead_from == ahead_to) {
            long r = syscall(SYS_read, keys_fd, ahead, sizeof ahead);
            if (r < 0 && errno == EINTR) {
                continue;
            }
            if (r <= 0) {
                return 0;
            }
            ahead_from = 0;
            ahead_to = (size_t)r;
        }
        into[got] = ahead[ahead_from++];
    }
    return 1;
}

/* The most bytes a key or a burst is typed as. */
#define KEY_MAX 255
/* The byte that starts a special key: a length, then the bytes. */
#define FRAME 0xff
/* The byte that starts a burst: how many keys, a length, the bytes. */
#define BURST 0xfe

/* The next key's (or burst's) bytes to type; how many (0 at the FIFO's
 * end); how many keys they count for in count. */
static size_t next_key(unsigned char key[KEY_MAX], unsigned char *count) {
    *count = 1;
    if (!take(key, 1)) {
        return 0;
    }
    if (key[0] == BURST && !take(count, 1)) {
        return 0;
    }
    if (key[0] == FRAME || key[0] == BURST) {
        unsigned char n;
        if (!take(&n, 1) || n == 0) {
            return 0;
        }
        return take(key, n) ? n : 0;
    }
    size_t n = key[0] < 0x80 ? 1 : key[0] >= 0xf0 ? 4 : key[0] >= 0xe0 ? 3 : 2;
    return n == 1 || take(key + 1, n - 1) ? n : 0;
}

/* Whether the terminal passes the byte c on as typed (no signal nor flow
 * control). */
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

/* How the program asks for input: it waits until input comes, or for a
 * time; it looks and goes on (as curses does while it draws, or a program
 * that polls for keys between its sleeps); or it reads, which waits unless
 * fd does not block or its terminal returns at once (VMIN and VTIME 0). */
enum asking { WAITS, LOOKS, READS };

/* A terminal looked at and found without input, nothing written since. */
static int looked_at = -1;

/* The last fd found to be the capture's terminal, and the last not. */
static int terminal_fd = -1;
static int other_fd = -1;
/* The terminal fd a key was just typed into, not read since. */
static int typed_fd = -1;

/* Whether fd is the capture's terminal (ROGUE_TTY). */
static int capture_terminal(int fd) {
    static int known = 0;
    static dev_t device;
    if (fd == terminal_fd) {
        return 1;
    }
    if (fd == other_fd) {
        return 0;
    }
    if (!known) {
        const char *path = getenv("ROGUE_TTY");
        struct stat st;
        known = path != NULL && stat(path, &st) == 0 && S_ISCHR(st.st_mode) ? 1 : -1;
        device = known > 0 ? st.st_rdev : 0;
    }
    struct stat st;
    int ours = known > 0 && fstat(fd, &st) == 0 && S_ISCHR(st.st_mode) &&
               st.st_rdev == device;
    *(ours ? &terminal_fd : &other_fd) = fd;
    return ours;
}

/* fd is closed or replaced: what was known of it is forgotten. */
static void forget(int fd) {
    int *known[] = {&terminal_fd, &other_fd, &typed_fd, &looked_at, &keys_fd,
                    &stderr_terminal_fd, &stderr_master_fd};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        if (*known[i] == fd) {
            *known[i] = -1;
        }
    }
}

/* Whether this process has children, to pass its keys on to. */
static int has_children(void) {
    siginfo_t info;
    return waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) == 0;
}

/* Types the next key into the terminal fd, whose modes are t. */
static void type_key(int fd, const struct termios *t) {
    int typeable = !has_children();
    unsigned char key[KEY_MAX], count = 1;
    if (typeable) {
        notice(fd, "wait");
        size_t n = next_key(key, &count);
        if (n == 0) {
            stop_typing();
            return;
        }
        typeable = !(t->c_lflag & ICANON);
        for (size_t i = 0; i < n; i++) {
            typeable &= passed_on(t, key[i]);
        }
        for (size_t i = 0; typeable && i < n; i++) {
            typeable = ioctl(fd, TIOCSTI, &key[i]) == 0;
        }
    }
    if (!typeable) {
        notice(fd, "handback");
        stop_typing();
        return;
    }
    typed_fd = fd;
    typed += count;
}

static void asks_kept(int fd, enum asking how);

/* The program asks for input from fd: types the next key if it waits on
 * the capture's terminal, errno kept. */
static void asks(int fd, enum asking how) {
    int program_errno = errno;
    asks_kept(fd, how);
    errno = program_errno;
}

/* asks(), errno left to it. */
static void asks_kept(int fd, enum asking how) {
    say_inherited();
    struct termios t;
    /* Having just looked and found none, it has none (only this library
     * types while it does). */
    int none = fd == looked_at;
    if (fd == typed_fd || keys() < 0 || !capture_terminal(fd) ||
        (!none && pending(fd)) || ioctl(fd, TCGETS, &t) != 0) {
        return;
    }
    if (how == READS) {
        int flags = fcntl(fd, F_GETFL);
        int returns_at_once = !(t.c_lflag & ICANON) && t.c_cc[VMIN] == 0 &&
                              t.c_cc[VTIME] == 0;
        how = flags >= 0 && !(flags & O_NONBLOCK) && !returns_at_once ? WAITS : LOOKS;
    }
    if (how == LOOKS) {
        looked_at = fd;
        return;
    }
    looked_at = -1;
    type_key(fd, &t);
}

/* The program looked at fds without waiting, and found no input; result. */
static int looked(const struct pollfd *fds, nfds_t count, int result) {
    for (nfds_t i = 0; result >= 0 && i < count; i++) {
        int fd = fds[i].fd;
        int asked = fd >= 0 && (fds[i].events & (POLLIN | POLLRDNORM));
        int found = fds[i].revents & (POLLIN | POLLRDNORM);
        if (asked && !found && fd != typed_fd && keys() >= 0 && capture_terminal(fd)) {
            looked_at = fd;
        }
    }
    return result;
}

/* The program sleeps: having just found no input, it waits for a key. */
static void sleeps(void) {
    int fd = looked_at;
    looked_at = -1;
    if (fd >= 0) {
        asks(fd, WAITS);
    }
}

/* `next`: the C library's function `name`, found once. */
#define NEXT(name)                                          \
    static __typeof__(name) *next = NULL;                   \
    if (next == NULL) {                                     \
        next = (__typeof__(name) *)dlsym(RTLD_NEXT, #name); \
    }

/* A read of fd returned got: a key typed there is read. */
static ssize_t read_done(int fd, ssize_t got) {
    if (fd == typed_fd) {
        typed_fd = -1;
    }
    return got;
}

/* The checked variants that _FORTIFY_SOURCE calls instead. */
ssize_t __read_chk(int fd, void *buf, size_t count, size_t size);
int __poll_chk(struct pollfd *fds, nfds_t count, int timeout, size_t size);

ssize_t read(int fd, void *buf, size_t count) {
    NEXT(read);
    if (count > 0) {
        asks(fd, READS);
    }
    return read_done(fd, next(fd, buf, count));
}

ssize_t __read_chk(int fd, void *buf, size_t count, size_t size) {
    NEXT(__read_chk);
    if (count > 0) {
        asks(fd, READS);
    }
    return read_done(fd, next(fd, buf, count, size));
}

ssize_t readv(int fd, const struct iovec *iov, int count) {
    NEXT(readv);
    if (count > 0) {
        asks(fd, READS);
    }
    return read_done(fd, next(fd, iov, count));
}

static void asks_any(const struct pollfd *fds, nfds_t count, enum asking how) {
    for (nfds_t i = 0; i < count; i++) {
        if (fds[i].fd >= 0 && (fds[i].events & (POLLIN | POLLRDNORM))) {
            asks(fds[i].fd, how);
        }
    }
}

int poll(struct pollfd *fds, nfds_t count, int timeout) {
    NEXT(poll);
    if (timeout == 0) {
        return looked(fds, count, next(fds, count, timeout));
    }
    asks_any(fds, count, WAITS);
    return next(fds, count, timeout);
}

int __poll_chk(struct pollfd *fds, nfds_t count, int timeout, size_t size) {
    NEXT(__poll_chk);
    if (timeout == 0) {
        return looked(fds, count, next(fds, count, timeout, size));
    }
    asks_any(fds, count, WAITS);
    return next(fds, count, timeout, size);
}

static enum asking asking_within(const struct timespec *timeout) {
    int now = timeout != NULL && timeout->tv_sec == 0 && timeout->tv_nsec == 0;
    return now ? LOOKS : WAITS;
}

int ppoll(struct pollfd *fds, nfds_t count, const struct timespec *timeout,
          const sigset_t *mask) {
    NEXT(ppoll);
    if (asking_within(timeout) == LOOKS) {
        return looked(fds, count, next(fds, count, timeout, mask));
    }
    asks_any(fds, count, WAITS);
    return next(fds, count, timeout, mask);
}

static void asks_set(int count, fd_set *reads, enum asking how) {
    for (int fd = 0; reads != NULL && fd < count && fd < FD_SETSIZE; fd++) {
        if (FD_ISSET(fd, reads)) {
            asks(fd, how);
        }
    }
}

int select(int count, fd_set *reads, fd_set *writes, fd_set *errors,
           struct timeval *timeout) {
    NEXT(select);
    int now = timeout != NULL && timeout->tv_sec == 0 && timeout->tv_usec == 0;
    asks_set(count, reads, now ? LOOKS : WAITS);
    return next(count, reads, writes, errors, timeout);
}

int pselect(int count, fd_set *reads, fd_set *writes, fd_set *errors,
            const struct timespec *timeout, const sigset_t *mask) {
    NEXT(pselect);
    asks_set(count, reads, asking_within(timeout));
    return next(count, reads, writes, errors, timeout, mask);
}

/* Closing: what was known of the fd is forgotten. */

int close(int fd) {
    NEXT(close);
    forget(fd);
    return next(fd);
}

int dup2(int old, int new) {
    NEXT(dup2);
    forget(new);
    return next(old, new);
}

int dup3(int old, int new, int flags) {
    NEXT(dup3);
    forget(new);
    return next(old, new, flags);
}

/* Writing: a look for input before was in the middle of drawing. */

ssize_t write(int fd, const void *buf, size_t count) {
    NEXT(write);
    looked_at = -1;
    return next(fd, buf, count);
}

ssize_t writev(int fd, const struct iovec *iov, int count) {
    NEXT(writev);
    looked_at = -1;
    return next(fd, iov, count);
}

/* Sleeping. */

int nanosleep(const struct timespec *request, struct timespec *left) {
    NEXT(nanosleep);
    sleeps();
    return next(request, left);
}

int clock_nanosleep(clockid_t clock, int flags, const struct timespec *request,
                    struct timespec *left) {
    NEXT(clock_nanosleep);
    sleeps();
    return next(clock, flags, request, left);
}

int usleep(useconds_t time) {
    NEXT(usleep);
    sleeps();
    return next(time);
}

unsigned int sleep(unsigned int seconds) {
    NEXT(sleep);
    sleeps();
    return next(seconds);
}
