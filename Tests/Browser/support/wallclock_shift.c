/*
 * wallclock_shift.c: an LD_PRELOAD shim that steps one process's wall clock, for the browser
 * test of the round's clock (Tests/Browser/test_classroom_wall_clock.py).
 *
 * It overrides the wall-clock reads only: clock_gettime for CLOCK_REALTIME and
 * CLOCK_REALTIME_COARSE, gettimeofday and time. Each adds an offset in whole seconds read from
 * the file named by $WALLCLOCK_SHIFT_FILE (a signed decimal number, e.g. "-3600"; absent,
 * unreadable or empty: 0). Every other clock (CLOCK_MONOTONIC, CLOCK_BOOTTIME, the CPU clocks)
 * and everything else goes to the real function, found with dlsym(RTLD_NEXT, ...).
 *
 * The file is opened once, on the first wall-clock read, and read with one pread per read of the
 * clock, so a step shows at once. Write it in place (same inode, e.g. open "r+" and write a
 * fixed-width number at offset 0): a file renamed over it is not seen.
 *
 * Deliberately small: no constructor, nothing run at load (argv, locale and the environment are
 * left alone: libfaketime's start-up code lost the Swift binary's arguments), no allocation.
 * Built by the test with the machine's C compiler: cc -shared -fPIC -D_GNU_SOURCE ... -ldl.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

typedef int (*clock_gettime_fn)(clockid_t, struct timespec *);
typedef int (*gettimeofday_fn)(struct timeval *, void *);
typedef time_t (*time_fn)(time_t *);

/* The file's descriptor: -2 not opened yet, -1 none. A race opens it twice at worst. */
static volatile int shift_fd = -2;

/* The offset now, in seconds. */
static long shift_seconds(void) {
    int fd = shift_fd;
    if (fd == -2) {
        const char *path = getenv("WALLCLOCK_SHIFT_FILE");
        fd = path ? open(path, O_RDONLY | O_CLOEXEC) : -1;
        shift_fd = fd;
    }
    if (fd < 0) return 0;
    char text[32];
    ssize_t count = pread(fd, text, sizeof text - 1, 0);
    if (count <= 0) return 0;
    long value = 0;
    int sign = 1;
    ssize_t i = 0;
    while (i < count && (text[i] == ' ' || text[i] == '\t')) i++;
    if (i < count && (text[i] == '-' || text[i] == '+')) sign = text[i++] == '-' ? -1 : 1;
    while (i < count && text[i] >= '0' && text[i] <= '9') value = value * 10 + (text[i++] - '0');
    return sign * value;
}

static clock_gettime_fn real_clock_gettime(void) {
    static clock_gettime_fn real;
    if (!real) real = (clock_gettime_fn)dlsym(RTLD_NEXT, "clock_gettime");
    return real;
}

/* glibc declares `now` non-null in both: a null one is the caller's fault, as without the shim. */
int clock_gettime(clockid_t clock, struct timespec *now) {
    int result = real_clock_gettime()(clock, now);
    if (result == 0 && (clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE)) {
        now->tv_sec += shift_seconds();
    }
    return result;
}

int gettimeofday(struct timeval *now, void *zone) {
    static gettimeofday_fn real;
    if (!real) real = (gettimeofday_fn)dlsym(RTLD_NEXT, "gettimeofday");
    int result = real(now, zone);
    if (result == 0) now->tv_sec += shift_seconds();
    return result;
}

time_t time(time_t *out) {
    struct timespec now;
    if (real_clock_gettime()(CLOCK_REALTIME, &now) != 0) return (time_t)-1;
    time_t seconds = now.tv_sec + shift_seconds();
    if (out) *out = seconds;
    return seconds;
}
