// Wake-ups shared by both kinds of waker (an eventfd takes an 8-byte count; a pipe takes any
// bytes): the same writes and reads work on either. Creating one is in Platform.c.
#include "CEventLoop.h"
#include <stdint.h>
#include <unistd.h>

void cel_waker_signal(int write_fd) {
    uint64_t one = 1;
    ssize_t written = write(write_fd, &one, sizeof one);
    (void)written; /* EAGAIN: the loop has a wake-up pending already. */
}

void cel_waker_drain(int read_fd) {
    uint64_t scratch[8];
    while (read(read_fd, scratch, sizeof scratch) > 0) {}
}

void cel_waker_close(const int fds[2]) {
    close(fds[0]);
    if (fds[1] != fds[0]) close(fds[1]);
}
