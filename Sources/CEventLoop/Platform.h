#ifndef C_EVENT_LOOP_PLATFORM_H
#define C_EVENT_LOOP_PLATFORM_H
/// The seam of this module: what the platform-free files ask of the system where Linux and
/// Darwin differ. Implemented in `Platform.c`, the only file here (with the epoll backend) that
/// names a system-specific call or constant.
#include "CEventLoop.h"
#include <sys/socket.h>
#include <sys/stat.h>

/// The readiness backend this build compiles: epoll on native Linux builds (ReadinessEpoll.c),
/// poll(2) on every other system and in the portable build (ReadinessPoll.c).
#if defined(__linux__) && !defined(ADIVINA_PORTABLE)
#define CEL_USE_EPOLL 1
#endif

/// A stream socket, non-blocking and close-on-exec. Returns the fd or -1 with errno set.
int cel_platform_socket(int family, int type, int protocol);
/// `accept` giving a non-blocking, close-on-exec socket that never raises SIGPIPE; -1 and errno.
int cel_platform_accept(int listen_fd, struct sockaddr *peer, socklen_t *peer_length);
/// The flags `send`/`sendmsg` take so that a vanished peer is EPIPE, not SIGPIPE.
int cel_platform_send_flags(void);
/// The modification time of `status`.
void cel_platform_modification_time(const struct stat *status, int64_t *seconds, int64_t *nanoseconds);
/// The most open files one process may have as its soft limit whatever its hard limit says:
/// Darwin refuses (EINVAL) a soft limit above min(OPEN_MAX, kern.maxfilesperproc), and its hard
/// limit is usually RLIM_INFINITY; elsewhere UINT64_MAX (the hard limit alone decides).
uint64_t cel_platform_open_file_ceiling(void);

#endif
