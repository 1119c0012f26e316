// Sockets, written once for every system: what differs (socket flags, accepting, SIGPIPE) is
// asked of Platform.c.
#include "Platform.h"
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

cel_errno_kind cel_errno_classify(int error_number) {
    if (error_number == EAGAIN || error_number == EWOULDBLOCK) return CEL_ERRNO_WOULD_BLOCK;
    if (error_number == EMFILE || error_number == ENFILE) return CEL_ERRNO_NO_DESCRIPTORS;
    if (error_number == EADDRINUSE) return CEL_ERRNO_ADDRESS_IN_USE;
    return CEL_ERRNO_OTHER;
}

int cel_errno_is_process_limit(int error_number) { return error_number == EMFILE; }

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
        fd = cel_platform_socket(address->ai_family, address->ai_socktype, address->ai_protocol);
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
    int fd;
    do {
        fd = cel_platform_accept(listen_fd, (struct sockaddr *)&peer, &peer_length);
    } while (fd < 0 && errno == EINTR);
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

ssize_t cel_writev(int fd, const cel_iovec *vectors, int count) {
    struct msghdr message;
    memset(&message, 0, sizeof message);
    message.msg_iov = (struct iovec *)vectors;
    message.msg_iovlen = count;
    ssize_t written;
    do {
        written = sendmsg(fd, &message, cel_platform_send_flags());
    } while (written < 0 && errno == EINTR);
    return written < 0 ? -errno : written;
}

ssize_t cel_write(int fd, const void *buffer, size_t length) {
    ssize_t written;
    do {
        written = send(fd, buffer, length, cel_platform_send_flags());
    } while (written < 0 && errno == EINTR);
    return written < 0 ? -errno : written;
}

int cel_shutdown_write(int fd) { return shutdown(fd, SHUT_WR) < 0 ? -errno : 0; }

int cel_close(int fd) { return close(fd) < 0 ? -errno : 0; }

uint64_t cel_open_file_limit_goal(uint64_t soft, uint64_t hard, uint64_t ceiling) {
    uint64_t goal = hard < ceiling ? hard : ceiling;
    return goal > soft ? goal : soft;
}

long cel_raise_open_file_limit(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return -errno;
    uint64_t goal = cel_open_file_limit_goal(limit.rlim_cur, limit.rlim_max, cel_platform_open_file_ceiling());
    if (goal > limit.rlim_cur) {
        limit.rlim_cur = (rlim_t)goal;
        setrlimit(RLIMIT_NOFILE, &limit);
        if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return -errno;
    }
    return (long)limit.rlim_cur;
}
