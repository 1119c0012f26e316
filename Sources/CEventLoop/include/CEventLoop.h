#ifndef C_EVENT_LOOP_H
#define C_EVENT_LOOP_H
/// The system calls of the HTTP server, in one small corner: readiness, sockets, files, clocks.
/// Every call that can fail returns a negative errno instead of touching `errno`, so the Swift
/// side never reads thread-local C state.
///
/// What differs between systems lives in two kinds of file here, and nowhere else:
/// - `Platform.c`: socket flags, accepting, SIGPIPE, wake-ups, file times (Linux, Darwin, and the
///   portable build `-DADIVINA_PORTABLE` that runs on Linux the path a Mac takes);
/// - the readiness backends behind `cel_poller`: `ReadinessEpoll.c` (Linux) and
///   `ReadinessPoll.c` (poll(2): macOS and the portable build).
#include <errno.h>
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>
#include <sys/uio.h>

/// Readiness bits reported by `cel_poller_wait` and requested by `cel_poller_add`/`_modify`.
enum {
    CEL_READABLE = 1,
    CEL_WRITABLE = 2,
    CEL_HANGUP = 4,
    CEL_ERROR = 8
};

/// One readiness report: the caller's token and the `CEL_*` bits.
typedef struct {
    uint64_t token;
    uint32_t events;
} cel_event;

/// One buffer of a gathered write (`struct iovec`, named here so Swift needs no system module).
typedef struct iovec cel_iovec;

/// What `cel_stat`/`cel_open_file` learn about a file.
typedef struct {
    int kind; /* 0 missing, 1 regular file, 2 directory, 3 anything else */
    int64_t size;
    int64_t mtime_seconds;
    int64_t mtime_nanoseconds;
    uint64_t device;
    uint64_t inode;
} cel_file_info;

/// The errno values the Swift side tells apart (the numbers differ between systems).
typedef enum {
    CEL_ERRNO_WOULD_BLOCK = 1, /* EAGAIN or EWOULDBLOCK */
    CEL_ERRNO_NO_DESCRIPTORS = 2, /* EMFILE or ENFILE */
    CEL_ERRNO_ADDRESS_IN_USE = 3, /* EADDRINUSE */
    CEL_ERRNO_OTHER = 0
} cel_errno_kind;
/// What kind of error `error_number` (a positive errno) is.
cel_errno_kind cel_errno_classify(int error_number);
/// Whether a call's negative result `-error_number` says "try again when ready" (EAGAIN, EWOULDBLOCK).
static inline int cel_would_block(long result) { return -result == EAGAIN || -result == EWOULDBLOCK; }
/// The first `byte` in `length` bytes at `bytes` (memchr), or NULL.
static inline const void *cel_find_byte(const void *bytes, int byte, size_t length) {
    return memchr(bytes, byte, length);
}
/// Whether `error_number` is EMFILE (else ENFILE, when it is a shortage of descriptors).
int cel_errno_is_process_limit(int error_number);

// MARK: Readiness: one set of watched descriptors per event loop.

/// A readiness set: epoll on Linux, poll(2) on macOS and in the portable build. Used by one
/// thread at a time.
typedef struct cel_poller cel_poller;
/// A new, empty set, or NULL (`*error` receives the errno).
cel_poller *cel_poller_create(int *error);
void cel_poller_destroy(cel_poller *poller);
int cel_poller_add(cel_poller *poller, int fd, uint32_t interest, uint64_t token);
int cel_poller_modify(cel_poller *poller, int fd, uint32_t interest, uint64_t token);
int cel_poller_remove(cel_poller *poller, int fd);
/// Takes `fd` out of the set (when it is there) and closes it. Returns 0 or -errno of `close`.
int cel_poller_close(cel_poller *poller, int fd);
/// Waits up to `timeout_ms` (-1: forever) and fills `events`. Returns the count or -errno.
int cel_poller_wait(cel_poller *poller, cel_event *events, int capacity, int timeout_ms);
/// Whether every loop may watch the one listening socket: epoll wakes one loop per connection
/// (EPOLLEXCLUSIVE). Without it (poll), one loop accepts and hands connections to the others.
int cel_poller_shares_listener(void);
/// Watches a listening socket for new connections (exclusively where the backend can).
int cel_poller_add_listener(cel_poller *poller, int fd, uint64_t token);
/// The backend's name: "epoll" or "poll".
const char *cel_poller_backend(void);

// MARK: Wake-ups: how another thread wakes a loop out of `cel_poller_wait`.

/// Makes a waker: `fds[0]` is watched for reading, `fds[1]` is written to (the same eventfd on
/// Linux; a non-blocking self-pipe on macOS and in the portable build). Returns 0 or -errno.
int cel_waker_create(int fds[2]);
/// Wakes the loop watching the waker whose write end is `write_fd` (async-signal-safe).
void cel_waker_signal(int write_fd);
/// Empties the waker whose read end is `read_fd`.
void cel_waker_drain(int read_fd);
/// Closes both ends (once when they are the same descriptor).
void cel_waker_close(const int fds[2]);

// MARK: Sockets

/// Binds and listens (non-blocking, SO_REUSEADDR). Returns the socket or a negative errno;
/// -100000 - EAI_* when the host does not resolve. `bound_port` receives the real port.
int cel_listen(const char *host, int port, int backlog, int *bound_port);
/// Accepts one connection: non-blocking, close-on-exec, TCP_NODELAY, no SIGPIPE. Returns fd or
/// -errno; `address` (of `address_length` bytes, 46 is enough) receives the peer's IP address as
/// text ("" when unknown), an IPv4-mapped IPv6 address as plain IPv4.
int cel_accept(int listen_fd, char *address, size_t address_length);
ssize_t cel_read(int fd, void *buffer, size_t length);
/// A gathered write: a vanished peer is an EPIPE, never a SIGPIPE.
ssize_t cel_writev(int fd, const cel_iovec *vectors, int count);
/// `send`, without SIGPIPE. Returns the count written or -errno.
ssize_t cel_write(int fd, const void *buffer, size_t length);
/// Half-closes the sending side (the client sees end of stream, we can still drain its input).
int cel_shutdown_write(int fd);
int cel_close(int fd);
/// Raises this process's soft open-file limit as far as the system lets it and returns the limit
/// obtained (or -errno): the hard limit, except where the system caps it lower (Darwin, whose hard
/// limit is RLIM_INFINITY: min(OPEN_MAX, kern.maxfilesperproc), 10240 on a default macOS, rather
/// than Terminal's 256). Never lowers it; calling it again returns the same limit.
long cel_raise_open_file_limit(void);
/// The soft open-file limit `cel_raise_open_file_limit` asks for, given the current `soft` and
/// `hard` limits and the system's `ceiling` for one process: min(hard, ceiling), never below `soft`.
uint64_t cel_open_file_limit_goal(uint64_t soft, uint64_t hard, uint64_t ceiling);

// MARK: Clocks

uint64_t cel_monotonic_nanoseconds(void);
int64_t cel_wall_clock_seconds(void);
/// Writes the IMF-fixdate of `seconds` (29 characters plus NUL) into `out`.
void cel_format_http_date(int64_t seconds, char out[32]);

// MARK: Files

/// `stat` following symbolic links. Returns 0 or -errno.
int cel_stat(const char *path, cel_file_info *info);
/// Opens a regular file for reading without following a final symlink; fills `info`.
/// Returns the fd, -EISDIR/-EINVAL-like errors for non-regular files, or -errno.
int cel_open_regular_file(const char *path, cel_file_info *info);
/// Reads exactly `length` bytes (fewer only at end of file). Returns the count or -errno.
ssize_t cel_read_fully(int fd, void *buffer, size_t length);
/// `realpath` into a malloc'd string the caller frees, or NULL.
char *cel_realpath(const char *path);
void cel_free(void *pointer);
const char *cel_error_message(int error_number);
/// The resolver's message for the code `cel_listen` encoded as -100000 - code.
const char *cel_resolver_message(int code);
/// Writes `length` bytes to standard error (for warnings; errors ignored).
void cel_write_standard_error(const void *buffer, size_t length);

// MARK: Termination signals

/// Makes SIGINT and SIGTERM set a flag and wake `wake_fd` (a waker's write end) instead of
/// killing the process. Returns 0 or -ENOSPC (at most 16 loops).
int cel_shutdown_on_termination_signals(int wake_fd);
/// Whether a termination signal arrived and `wake_fd` was registered for it.
int cel_termination_requested(int wake_fd);
/// Unregisters `wake_fd` (before it is closed: no handler writes to it afterwards); after a
/// termination signal, wakes the fds still registered. The last one out restores the default
/// signal actions.
void cel_forget_termination_fd(int wake_fd);

#endif
