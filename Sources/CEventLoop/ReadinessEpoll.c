// The Linux readiness backend: epoll. Compiled only for native Linux builds; macOS and the
// portable build (-DADIVINA_PORTABLE) use ReadinessPoll.c.
#include "Platform.h"
#if defined(CEL_USE_EPOLL)
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

/// The set is the epoll descriptor itself.
struct cel_poller {
    int fd;
};

static uint32_t to_epoll(uint32_t interest) {
    uint32_t events = 0;
    if (interest & CEL_READABLE) events |= EPOLLIN | EPOLLRDHUP;
    if (interest & CEL_WRITABLE) events |= EPOLLOUT;
    return events;
}

cel_poller *cel_poller_create(int *error) {
    cel_poller *poller = malloc(sizeof *poller);
    if (poller == NULL) {
        *error = ENOMEM;
        return NULL;
    }
    poller->fd = epoll_create1(EPOLL_CLOEXEC);
    if (poller->fd < 0) {
        *error = errno;
        free(poller);
        return NULL;
    }
    return poller;
}

void cel_poller_destroy(cel_poller *poller) {
    if (poller == NULL) return;
    close(poller->fd);
    free(poller);
}

static int control(cel_poller *poller, int op, int fd, uint32_t events, uint64_t token) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = events;
    event.data.u64 = token;
    return epoll_ctl(poller->fd, op, fd, &event) < 0 ? -errno : 0;
}

int cel_poller_add(cel_poller *poller, int fd, uint32_t interest, uint64_t token) {
    return control(poller, EPOLL_CTL_ADD, fd, to_epoll(interest), token);
}

int cel_poller_modify(cel_poller *poller, int fd, uint32_t interest, uint64_t token) {
    return control(poller, EPOLL_CTL_MOD, fd, to_epoll(interest), token);
}

int cel_poller_remove(cel_poller *poller, int fd) { return control(poller, EPOLL_CTL_DEL, fd, 0, 0); }

int cel_poller_close(cel_poller *poller, int fd) {
    (void)poller; /* Closing takes the descriptor out of every epoll set: no extra call. */
    return close(fd) < 0 ? -errno : 0;
}

int cel_poller_wait(cel_poller *poller, cel_event *events, int capacity, int timeout_ms) {
    struct epoll_event raw[256];
    if (capacity > 256) capacity = 256;
    int count;
    do {
        count = epoll_wait(poller->fd, raw, capacity, timeout_ms);
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

int cel_poller_shares_listener(void) { return 1; }

int cel_poller_add_listener(cel_poller *poller, int fd, uint64_t token) {
    return control(poller, EPOLL_CTL_ADD, fd, EPOLLIN | EPOLLEXCLUSIVE, token);
}

const char *cel_poller_backend(void) { return "epoll"; }
#endif
