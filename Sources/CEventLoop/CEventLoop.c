#define _GNU_SOURCE
#include "CEventLoop.h"
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static uint32_t to_epoll(uint32_t interest) {
    uint32_t events = 0;
    if (interest & CEL_READABLE) events |= EPOLLIN | EPOLLRDHUP;
    if (interest & CEL_WRITABLE) events |= EPOLLOUT;
    return events;
}

int cel_epoll_create(void) {
    int fd = epoll_create1(EPOLL_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

static int control(int epoll_fd, int op, int fd, uint32_t interest, uint64_t token) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = to_epoll(interest);
    event.data.u64 = token;
    return epoll_ctl(epoll_fd, op, fd, &event) < 0 ? -errno : 0;
}

int cel_epoll_add(int epoll_fd, int fd, uint32_t interest, uint64_t token) {
    return control(epoll_fd, EPOLL_CTL_ADD, fd, interest, token);
}

int cel_epoll_add_exclusive(int epoll_fd, int fd, uint64_t token) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = EPOLLIN | EPOLLEXCLUSIVE;
    event.data.u64 = token;
    return epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &event) < 0 ? -errno : 0;
}

int cel_epoll_remove(int epoll_fd, int fd) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    return epoll_ctl(epoll_fd, EPOLL_CTL_DEL, fd, &event) < 0 ? -errno : 0;
}

int cel_epoll_modify(int epoll_fd, int fd, uint32_t interest, uint64_t token) {
    return control(epoll_fd, EPOLL_CTL_MOD, fd, interest, token);
}

int cel_epoll_wait(int epoll_fd, cel_event *events, int capacity, int timeout_ms) {
    struct epoll_event raw[256];
    if (capacity > 256) capacity = 256;
    int count;
    do {
        count = epoll_wait(epoll_fd, raw, capacity, timeout_ms);
    } while (count < 0 && errno == EINTR);
    if (count < 0) return -errno;
    for (int i = 0; i < count; i++) {
        uint32_t bits = 0;
        if (raw[i].events & EPOLLIN) bits |= CEL_READABLE;
        if (raw[i].events & EPOLLOUT) bits |= CEL_WRITABLE;
        if (raw[i].events & (EPOLLHUP | EPOLLRDHUP)) bits |= CEL_HANGUP;
        if (raw[i].events & EPOLLERR) bits |= CEL_ERROR;
        events[i].token = raw[i].data.u64;
        events[i].events = bits;
    }
    return count;
}

int cel_eventfd_create(void) {
    int fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

void cel_eventfd_signal(int fd) {
    uint64_t one = 1;
    ssize_t written = write(fd, &one, sizeof one);
    (void)written; /* EAGAIN means the counter is already non-zero: the loop wakes anyway. */
}

void cel_eventfd_drain(int fd) {
    uint64_t value;
    ssize_t got = read(fd, &value, sizeof value);
    (void)got;
}

int cel_listen(const char *host, int port, int backlog, int *bound_port) {
    struct addrinfo hints, *results = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    char service[16];
    snprintf(service, sizeof service, "%d", port);
    int status = getaddrinfo(host, service, &hints, &results);
    if (status != 0) return -100000 - (status < 0 ? -status : status);
    int last_error = EADDRNOTAVAIL;
    int fd = -1;
    for (struct addrinfo *address = results; address != NULL; address = address->ai_next) {
        fd = socket(address->ai_family, address->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC,
                    address->ai_protocol);
        if (fd < 0) { last_error = errno; continue; }
        int on = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
        if (bind(fd, address->ai_addr, address->ai_addrlen) == 0 && listen(fd, backlog) == 0) break;
        last_error = errno;
        close(fd);
        fd = -1;
    }
    freeaddrinfo(results);
    if (fd < 0) return -last_error;
    struct sockaddr_storage local;
    socklen_t length = sizeof local;
    if (getsockname(fd, (struct sockaddr *)&local, &length) == 0) {
        if (local.ss_family == AF_INET)
            *bound_port = ntohs(((struct sockaddr_in *)&local)->sin_port);
        else
            *bound_port = ntohs(((struct sockaddr_in6 *)&local)->sin6_port);
    }
    return fd;
}

int cel_accept(int listen_fd, char *address, size_t address_length) {
    struct sockaddr_storage peer;
    socklen_t peer_length = sizeof peer;
    int fd = accept4(listen_fd, (struct sockaddr *)&peer, &peer_length, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return -errno;
    int on = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    if (address_length > 0) {
        address[0] = 0;
        if (peer.ss_family == AF_INET) {
            inet_ntop(AF_INET, &((struct sockaddr_in *)&peer)->sin_addr, address, (socklen_t)address_length);
        } else if (peer.ss_family == AF_INET6) {
            struct in6_addr *v6 = &((struct sockaddr_in6 *)&peer)->sin6_addr;
            // An IPv4 client of a dual-stack socket reads as its IPv4 address.
            if (IN6_IS_ADDR_V4MAPPED(v6)) {
                inet_ntop(AF_INET, &v6->s6_addr[12], address, (socklen_t)address_length);
            } else {
                inet_ntop(AF_INET6, v6, address, (socklen_t)address_length);
            }
        }
    }
    return fd;
}

ssize_t cel_read(int fd, void *buffer, size_t length) {
    ssize_t count;
    do {
        count = read(fd, buffer, length);
    } while (count < 0 && errno == EINTR);
    return count < 0 ? -errno : count;
}

ssize_t cel_writev(int fd, const struct iovec *vectors, int count) {
    struct msghdr message;
    memset(&message, 0, sizeof message);
    message.msg_iov = (struct iovec *)vectors;
    message.msg_iovlen = (size_t)count;
    ssize_t written;
    do {
        written = sendmsg(fd, &message, MSG_NOSIGNAL);
    } while (written < 0 && errno == EINTR);
    return written < 0 ? -errno : written;
}

ssize_t cel_write(int fd, const void *buffer, size_t length) {
    ssize_t written;
    do {
        written = send(fd, buffer, length, MSG_NOSIGNAL);
    } while (written < 0 && errno == EINTR);
    return written < 0 ? -errno : written;
}

int cel_shutdown_write(int fd) { return shutdown(fd, SHUT_WR) < 0 ? -errno : 0; }

int cel_close(int fd) { return close(fd) < 0 ? -errno : 0; }

long cel_raise_open_file_limit(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return -errno;
    if (limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
        getrlimit(RLIMIT_NOFILE, &limit);
    }
    return (long)limit.rlim_cur;
}

uint64_t cel_monotonic_nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec;
}

int64_t cel_wall_clock_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    return (int64_t)now.tv_sec;
}

void cel_format_http_date(int64_t seconds, char out[32]) {
    static const char *days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char *months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    time_t time = (time_t)seconds;
    struct tm parts;
    gmtime_r(&time, &parts);
    snprintf(out, 32, "%s, %02d %s %04d %02d:%02d:%02d GMT", days[parts.tm_wday], parts.tm_mday,
             months[parts.tm_mon], parts.tm_year + 1900, parts.tm_hour, parts.tm_min, parts.tm_sec);
}

static void fill_info(const struct stat *status, cel_file_info *info) {
    if (S_ISREG(status->st_mode)) info->kind = 1;
    else if (S_ISDIR(status->st_mode)) info->kind = 2;
    else info->kind = 3;
    info->size = (int64_t)status->st_size;
    info->mtime_seconds = (int64_t)status->st_mtim.tv_sec;
    info->mtime_nanoseconds = (int64_t)status->st_mtim.tv_nsec;
    info->device = (uint64_t)status->st_dev;
    info->inode = (uint64_t)status->st_ino;
}

int cel_stat(const char *path, cel_file_info *info) {
    struct stat status;
    memset(info, 0, sizeof *info);
    if (stat(path, &status) != 0) return -errno;
    fill_info(&status, info);
    return 0;
}

int cel_open_regular_file(const char *path, cel_file_info *info) {
    memset(info, 0, sizeof *info);
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) return -errno;
    struct stat status;
    if (fstat(fd, &status) != 0) {
        int error = errno;
        close(fd);
        return -error;
    }
    fill_info(&status, info);
    if (info->kind != 1) {
        close(fd);
        return -EISDIR;
    }
    return fd;
}

ssize_t cel_read_fully(int fd, void *buffer, size_t length) {
    size_t total = 0;
    while (total < length) {
        ssize_t count = read(fd, (char *)buffer + total, length - total);
        if (count < 0) {
            if (errno == EINTR) continue;
            return -errno;
        }
        if (count == 0) break;
        total += (size_t)count;
    }
    return (ssize_t)total;
}

char *cel_realpath(const char *path) { return realpath(path, NULL); }

void cel_free(void *pointer) { free(pointer); }

const char *cel_error_message(int error_number) { return strerror(error_number); }

const char *cel_resolver_message(int code) { return gai_strerror(-code); }

/* Termination signals: the handler only sets a flag and writes to the registered eventfds
   (both async-signal-safe); each registered event loop wakes, sees the flag, shuts down.

   Several loops (a server's, or several servers') register at once, and a loop that wakes can
   forget its fd while the handler, on another thread, is still walking the list. So:
   - registering and forgetting take `termination_lock` (never taken by the handler);
   - the handler counts itself in `handlers_running`, and forgetting waits for it to be zero
     before the loop may close its eventfd, so the handler never writes to a closed (or reused) fd;
   - the handler can miss an fd that forgetting moved within the list, so once its own fd is out
     and no handler runs, a loop that forgets after a termination wakes every fd still
     registered. Every loop hears the signal, whatever the interleaving. */
enum { MAX_TERMINATION_FDS = 16 };
static atomic_int termination_requested = 0;
static atomic_int termination_fds[MAX_TERMINATION_FDS];
static atomic_int termination_fd_count = 0;
static atomic_int handlers_running = 0;
static pthread_mutex_t termination_lock = PTHREAD_MUTEX_INITIALIZER;

static void wake(int fd) {
    uint64_t one = 1;
    ssize_t written = write(fd, &one, sizeof one);
    (void)written;
}

static void on_termination_signal(int signal_number) {
    (void)signal_number;
    int saved = errno;
    atomic_fetch_add(&handlers_running, 1);
    atomic_store(&termination_requested, 1);
    for (int i = 0; i < atomic_load(&termination_fd_count); i++) wake(atomic_load(&termination_fds[i]));
    atomic_fetch_sub(&handlers_running, 1);
    errno = saved;
}

static void set_termination_action(void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
}

int cel_shutdown_on_termination_signals(int wake_fd) {
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &previous);
    pthread_mutex_lock(&termination_lock);
    int result = 0;
    int count = atomic_load(&termination_fd_count);
    if (count >= MAX_TERMINATION_FDS) {
        result = -ENOSPC;
    } else {
        atomic_store(&termination_fds[count], wake_fd);
        atomic_store(&termination_fd_count, count + 1);
        if (count == 0) set_termination_action(on_termination_signal);
    }
    pthread_mutex_unlock(&termination_lock);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    return result;
}

int cel_termination_requested(int wake_fd) {
    if (!atomic_load(&termination_requested)) return 0;
    pthread_mutex_lock(&termination_lock);
    int found = 0;
    for (int i = 0; i < atomic_load(&termination_fd_count) && !found; i++)
        found = atomic_load(&termination_fds[i]) == wake_fd;
    pthread_mutex_unlock(&termination_lock);
    return found;
}

void cel_forget_termination_fd(int wake_fd) {
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &previous);
    pthread_mutex_lock(&termination_lock);
    int count = atomic_load(&termination_fd_count);
    for (int i = 0; i < count; i++) {
        if (atomic_load(&termination_fds[i]) == wake_fd) {
            atomic_store(&termination_fds[i], atomic_load(&termination_fds[count - 1]));
            atomic_store(&termination_fd_count, --count);
            if (count == 0) set_termination_action(SIG_DFL);
            break;
        }
    }
    while (atomic_load(&handlers_running) > 0) sched_yield();
    // Only now may the flag be cleared: a handler that was running could still have set it.
    if (count == 0) atomic_store(&termination_requested, 0);
    else if (atomic_load(&termination_requested))
        for (int i = 0; i < count; i++) wake(atomic_load(&termination_fds[i]));
    pthread_mutex_unlock(&termination_lock);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
}
