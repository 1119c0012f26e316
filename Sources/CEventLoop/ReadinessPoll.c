// The portable readiness backend: poll(2), plain POSIX. macOS runs it, and so does the portable
// Linux build (-DADIVINA_PORTABLE) that CI tests, so a Mac runs code CI runs.
//
// The set is an array of pollfd (what poll takes) beside the tokens, with a table from
// descriptor to index so that adding, changing and removing cost O(1); removing moves the last
// entry into the hole. A wait that finds more ready descriptors than the caller takes resumes
// its scan where it stopped the next time, so no descriptor starves.
#include "Platform.h"
#if !defined(CEL_USE_EPOLL)
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct cel_poller {
    struct pollfd *entries;
    uint64_t *tokens;
    int count;
    int capacity;
    /// index_of[fd] is the entry's index + 1, 0 when fd is not in the set.
    int *index_of;
    int index_capacity;
    /// Where the next wait starts reporting (fairness).
    int cursor;
};

static short to_poll(uint32_t interest) {
    short events = 0;
    if (interest & CEL_READABLE) events |= POLLIN;
    if (interest & CEL_WRITABLE) events |= POLLOUT;
    return events;
}

cel_poller *cel_poller_create(int *error) {
    cel_poller *poller = calloc(1, sizeof *poller);
    if (poller == NULL) *error = ENOMEM;
    return poller;
}

void cel_poller_destroy(cel_poller *poller) {
    if (poller == NULL) return;
    free(poller->entries);
    free(poller->tokens);
    free(poller->index_of);
    free(poller);
}

static int index_of(const cel_poller *poller, int fd) {
    if (fd < 0 || fd >= poller->index_capacity) return -1;
    return poller->index_of[fd] - 1;
}

static int grow(cel_poller *poller, int fd) {
    if (fd >= poller->index_capacity) {
        int capacity = poller->index_capacity ? poller->index_capacity : 64;
        while (capacity <= fd) capacity *= 2;
        int *table = realloc(poller->index_of, (size_t)capacity * sizeof *table);
        if (table == NULL) return -ENOMEM;
        memset(table + poller->index_capacity, 0, (size_t)(capacity - poller->index_capacity) * sizeof *table);
        poller->index_of = table;
        poller->index_capacity = capacity;
    }
    if (poller->count == poller->capacity) {
        int capacity = poller->capacity ? poller->capacity * 2 : 64;
        struct pollfd *entries = realloc(poller->entries, (size_t)capacity * sizeof *entries);
        if (entries == NULL) return -ENOMEM;
        poller->entries = entries;
        uint64_t *tokens = realloc(poller->tokens, (size_t)capacity * sizeof *tokens);
        if (tokens == NULL) return -ENOMEM;
        poller->tokens = tokens;
        poller->capacity = capacity;
    }
    return 0;
}

int cel_poller_add(cel_poller *poller, int fd, uint32_t interest, uint64_t token) {
    if (fd < 0) return -EBADF;
    if (index_of(poller, fd) >= 0) return -EEXIST;
    int status = grow(poller, fd);
    if (status != 0) return status;
    int index = poller->count++;
    poller->entries[index].fd = fd;
    poller->entries[index].events = to_poll(interest);
    poller->entries[index].revents = 0;
    poller->tokens[index] = token;
    poller->index_of[fd] = index + 1;
    return 0;
}

int cel_poller_modify(cel_poller *poller, int fd, uint32_t interest, uint64_t token) {
    int index = index_of(poller, fd);
    if (index < 0) return -ENOENT;
    poller->entries[index].events = to_poll(interest);
    poller->tokens[index] = token;
    return 0;
}

int cel_poller_remove(cel_poller *poller, int fd) {
    int index = index_of(poller, fd);
    if (index < 0) return -ENOENT;
    int last = --poller->count;
    if (index != last) {
        poller->entries[index] = poller->entries[last];
        poller->tokens[index] = poller->tokens[last];
        poller->index_of[poller->entries[index].fd] = index + 1;
    }
    poller->index_of[fd] = 0;
    return 0;
}

int cel_poller_close(cel_poller *poller, int fd) {
    (void)cel_poller_remove(poller, fd); /* A closed descriptor must not stay in the set. */
    return close(fd) < 0 ? -errno : 0;
}

int cel_poller_wait(cel_poller *poller, cel_event *events, int capacity, int timeout_ms) {
    int ready;
    do {
        ready = poll(poller->entries, (nfds_t)poller->count, timeout_ms);
    } while (ready < 0 && errno == EINTR);
    if (ready < 0) return -errno;
    int reported = 0;
    int count = poller->count;
    int start = count ? poller->cursor % count : 0;
    for (int step = 0; step < count && reported < ready && reported < capacity; step++) {
        int index = (start + step) % count;
        short got = poller->entries[index].revents;
        if (got == 0) continue;
        poller->entries[index].revents = 0;
        uint32_t bits = 0;
        if (got & POLLIN) bits |= CEL_READABLE;
        if (got & POLLOUT) bits |= CEL_WRITABLE;
        if (got & POLLHUP) bits |= CEL_HANGUP;
        if (got & (POLLERR | POLLNVAL)) bits |= CEL_ERROR;
        events[reported].token = poller->tokens[index];
        events[reported].events = bits;
        reported++;
        poller->cursor = index + 1;
    }
    return reported;
}

int cel_poller_shares_listener(void) { return 0; }

int cel_poller_add_listener(cel_poller *poller, int fd, uint64_t token) {
    return cel_poller_add(poller, fd, CEL_READABLE, token);
}

const char *cel_poller_backend(void) { return "poll"; }
#endif
