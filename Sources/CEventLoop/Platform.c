// The seam: every call and constant here differs between Linux and Darwin. The native Linux
// build uses Linux's own calls; macOS, and the portable build (-DADIVINA_PORTABLE) that CI runs
// on Linux, take the POSIX path a Mac runs. Only Darwin's constants (SO_NOSIGPIPE,
// st_mtimespec) are outside what CI runs.
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "Platform.h"
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#if defined(__APPLE__)
#include <limits.h>
#include <sys/sysctl.h>
#endif
#if defined(CEL_USE_EPOLL)
#include <sys/eventfd.h>
#define CEL_NATIVE_LINUX 1
#endif

#if !defined(CEL_NATIVE_LINUX)
/// Sets O_NONBLOCK and FD_CLOEXEC on `fd`. Returns 0, or -1 with errno set.
static int make_nonblocking_cloexec(int fd) {
    int status = fcntl(fd, F_GETFL);
    if (status < 0 || fcntl(fd, F_SETFL, status | O_NONBLOCK) < 0) return -1;
    int descriptor = fcntl(fd, F_GETFD);
    if (descriptor < 0 || fcntl(fd, F_SETFD, descriptor | FD_CLOEXEC) < 0) return -1;
    return 0;
}

/// Closes `fd` keeping the errno of the failure that made us give up on it.
static int fail_closing(int fd) {
    int error = errno;
    close(fd);
    errno = error;
    return -1;
}
#endif

/// On Darwin a write to a vanished peer raises SIGPIPE unless the socket says not to.
static int never_sigpipe(int fd) {
#if defined(SO_NOSIGPIPE)
    int on = 1;
    return setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
#else
    (void)fd;
    return 0; /* Linux: MSG_NOSIGNAL on every send (cel_platform_send_flags). */
#endif
}

int cel_platform_socket(int family, int type, int protocol) {
#if defined(CEL_NATIVE_LINUX)
    return socket(family, type | SOCK_NONBLOCK | SOCK_CLOEXEC, protocol);
#else
    int fd = socket(family, type, protocol);
    if (fd < 0) return -1;
    if (make_nonblocking_cloexec(fd) < 0 || never_sigpipe(fd) < 0) return fail_closing(fd);
    return fd;
#endif
}

int cel_platform_accept(int listen_fd, struct sockaddr *peer, socklen_t *peer_length) {
#if defined(CEL_NATIVE_LINUX)
    return accept4(listen_fd, peer, peer_length, SOCK_NONBLOCK | SOCK_CLOEXEC);
#else
    int fd = accept(listen_fd, peer, peer_length);
    if (fd < 0) return -1;
    if (make_nonblocking_cloexec(fd) < 0 || never_sigpipe(fd) < 0) return fail_closing(fd);
    return fd;
#endif
}

int cel_platform_send_flags(void) {
#if defined(MSG_NOSIGNAL)
    return MSG_NOSIGNAL;
#else
    return 0; /* Darwin: SO_NOSIGPIPE was set on the socket. */
#endif
}

void cel_platform_modification_time(const struct stat *status, int64_t *seconds, int64_t *nanoseconds) {
#if defined(__APPLE__)
    *seconds = (int64_t)status->st_mtimespec.tv_sec;
    *nanoseconds = (int64_t)status->st_mtimespec.tv_nsec;
#else
    *seconds = (int64_t)status->st_mtim.tv_sec;
    *nanoseconds = (int64_t)status->st_mtim.tv_nsec;
#endif
}

uint64_t cel_platform_open_file_ceiling(void) {
#if defined(__APPLE__)
    // setrlimit(2) on Darwin: a soft RLIMIT_NOFILE above OPEN_MAX (10240) or the kernel's
    // per-process maximum is EINVAL, so asking for the hard limit (RLIM_INFINITY) gets nothing.
    uint64_t ceiling = OPEN_MAX;
    int most = 0;
    size_t size = sizeof most;
    if (sysctlbyname("kern.maxfilesperproc", &most, &size, NULL, 0) == 0 && most > 0 && (uint64_t)most < ceiling) {
        ceiling = (uint64_t)most;
    }
    return ceiling;
#else
    return UINT64_MAX;
#endif
}

int cel_waker_create(int fds[2]) {
#if defined(CEL_NATIVE_LINUX)
    int fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (fd < 0) return -errno;
    fds[0] = fds[1] = fd;
    return 0;
#else
    int ends[2];
    if (pipe(ends) < 0) return -errno;
    if (make_nonblocking_cloexec(ends[0]) < 0 || make_nonblocking_cloexec(ends[1]) < 0) {
        int error = errno;
        close(ends[0]);
        close(ends[1]);
        return -error;
    }
    fds[0] = ends[0];
    fds[1] = ends[1];
    return 0;
#endif
}
