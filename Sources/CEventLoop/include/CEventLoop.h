#ifndef C_EVENT_LOOP_H
#define C_EVENT_LOOP_H
/// The system calls of the HTTP server, in one small corner: epoll, sockets, files, clocks.
/// Every call that can fail returns a negative errno instead of touching `errno`, so the Swift
/// side never reads thread-local C state.
#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/uio.h>

/// Readiness bits reported by `cel_epoll_wait` and requested by `cel_epoll_add`/`_modify`.
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

/// What `cel_stat`/`cel_open_file` learn about a file.
typedef struct {
    int kind; /* 0 missing, 1 regular file, 2 directory, 3 anything else */
    int64_t size;
    int64_t mtime_seconds;
    int64_t mtime_nanoseconds;
    uint64_t device;
    uint64_t inode;
} cel_file_info;

int cel_epoll_create(void);
int cel_epoll_add(int epoll_fd, int fd, uint32_t interest, uint64_t token);
/// Adds a listening socket shared by several loops: EPOLLEXCLUSIVE wakes one loop per connection.
int cel_epoll_add_exclusive(int epoll_fd, int fd, uint64_t token);
int cel_epoll_remove(int epoll_fd, int fd);
int cel_epoll_modify(int epoll_fd, int fd, uint32_t interest, uint64_t token);
int cel_epoll_wait(int epoll_fd, cel_event *events, int capacity, int timeout_ms);

int cel_eventfd_create(void);
void cel_eventfd_signal(int fd);
void cel_eventfd_drain(int fd);

/// Binds and listens (non-blocking, SO_REUSEADDR). Returns the socket or a negative errno;
/// -100000 - EAI_* when the host does not resolve. `bound_port` receives the real port.
int cel_listen(const char *host, int port, int backlog, int *bound_port);
/// Accepts one connection: non-blocking, close-on-exec, TCP_NODELAY. Returns fd or -errno;
/// `address` (of `address_length` bytes, 46 is enough) receives the peer's IP address as text
/// ("" when unknown), an IPv4-mapped IPv6 address as plain IPv4.
int cel_accept(int listen_fd, char *address, size_t address_length);
ssize_t cel_read(int fd, void *buffer, size_t length);
/// `sendmsg` with MSG_NOSIGNAL: a vanished peer is an EPIPE, never a SIGPIPE.
ssize_t cel_writev(int fd, const struct iovec *vectors, int count);
/// `send` with MSG_NOSIGNAL. Returns the count written or -errno.
ssize_t cel_write(int fd, const void *buffer, size_t length);
/// Half-closes the sending side (the client sees end of stream, we can still drain its input).
int cel_shutdown_write(int fd);
int cel_close(int fd);
/// Raises the soft open-file limit to the hard limit; returns the new soft limit.
long cel_raise_open_file_limit(void);

uint64_t cel_monotonic_nanoseconds(void);
int64_t cel_wall_clock_seconds(void);
/// Writes the IMF-fixdate of `seconds` (29 characters plus NUL) into `out`.
void cel_format_http_date(int64_t seconds, char out[32]);

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

/// Makes SIGINT and SIGTERM set a flag and wake `wake_fd` (an eventfd) instead of killing the
/// process. Returns 0 or -ENOSPC (at most 16 loops).
int cel_shutdown_on_termination_signals(int wake_fd);
/// Whether a termination signal arrived and `wake_fd` was registered for it.
int cel_termination_requested(int wake_fd);
/// Unregisters `wake_fd` (before it is closed: no handler writes to it afterwards); after a
/// termination signal, wakes the fds still registered. The last one out restores the default
/// signal actions.
void cel_forget_termination_fd(int wake_fd);

#endif
