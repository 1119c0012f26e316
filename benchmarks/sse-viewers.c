// The classroom benchmark's leaderboard viewers (benchmarks/classroom.py builds and runs this).
//
// Usage: sse-viewers PORT COUNT REQUEST
// Opens COUNT connections to 127.0.0.1:PORT, sends each the event-stream REQUEST (the whole
// request head, as the caller builds it), and records, per stream, the first arrival
// (CLOCK_MONOTONIC, taken once per epoll return) of every event id: an event counts when its
// blank line arrives. Prints "ready" once every stream has had an event; when standard input
// closes it prints "closed N" (streams the server closed) and, per stream, a line "stream I"
// followed by "ID SECONDS" lines, then exits.
//
// In C rather than Python because the viewers share this 2-core machine with the server they
// measure: the Python viewers spent about 26 µs of CPU per received event (1,000 viewers, 50
// events a second: 1.3 cores), and the server waited for a CPU longer than it ran.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    long id;
    double at;
} Arrival;

typedef struct {
    int fd;
    int header_done;   // past the response head
    int head_matched;  // bytes of "\r\n\r\n" matched so far
    char line[32];     // the first bytes of the current line
    size_t line_length;
    long pending_id;   // the id of the event being read, or -1
    long last_id;      // ids only grow: an id is recorded once, at its first arrival
    Arrival *arrivals;
    size_t count, capacity;
} Stream;

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

static void fail(const char *what) {
    perror(what);
    exit(1);
}

static void record(Stream *stream, long id, double at) {
    if (id <= stream->last_id) return;
    if (stream->count == stream->capacity) {
        stream->capacity = stream->capacity ? stream->capacity * 2 : 256;
        stream->arrivals = realloc(stream->arrivals, stream->capacity * sizeof *stream->arrivals);
        if (!stream->arrivals) fail("realloc");
    }
    stream->arrivals[stream->count++] = (Arrival){id, at};
    stream->last_id = id;
}

/// Reads the ids out of `length` bytes of the stream, which arrived at `at`.
static void consume(Stream *stream, const char *bytes, size_t length, double at) {
    static const char head_end[] = "\r\n\r\n";
    for (size_t i = 0; i < length; i++) {
        char c = bytes[i];
        if (!stream->header_done) {
            if (c == head_end[stream->head_matched]) stream->head_matched++;
            else stream->head_matched = c == '\r' ? 1 : 0;
            stream->header_done = stream->head_matched == 4;
            continue;
        }
        if (c != '\n') {
            if (stream->line_length < sizeof stream->line) stream->line[stream->line_length] = c;
            stream->line_length++;
            continue;
        }
        size_t kept = stream->line_length < sizeof stream->line ? stream->line_length : sizeof stream->line;
        if (stream->line_length == 0) {  // a blank line ends the event
            if (stream->pending_id >= 0) record(stream, stream->pending_id, at);
            stream->pending_id = -1;
        } else if (kept > 4 && memcmp(stream->line, "id: ", 4) == 0) {
            long id = 0;
            for (size_t j = 4; j < kept && stream->line[j] >= '0' && stream->line[j] <= '9'; j++)
                id = id * 10 + (stream->line[j] - '0');
            stream->pending_id = id;
        }
        stream->line_length = 0;
    }
}

static int connect_stream(int port, const char *request) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) fail("socket");
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) fail("connect");
    size_t length = strlen(request);
    for (size_t sent = 0; sent < length;) {
        ssize_t written = write(fd, request + sent, length - sent);
        if (written <= 0) fail("write");
        sent += (size_t)written;
    }
    if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0) fail("fcntl");
    return fd;
}

int main(int argc, char **argv) {
    if (argc != 4 || atoi(argv[1]) <= 0 || atoi(argv[2]) <= 0) {
        fprintf(stderr, "usage: sse-viewers PORT COUNT REQUEST\n");
        return 64;
    }
    int port = atoi(argv[1]), count = atoi(argv[2]);
    struct rlimit files;
    if (getrlimit(RLIMIT_NOFILE, &files) == 0) {
        files.rlim_cur = files.rlim_max;
        setrlimit(RLIMIT_NOFILE, &files);
    }
    int poller = epoll_create1(0);
    if (poller < 0) fail("epoll_create1");
    Stream *streams = calloc((size_t)count, sizeof *streams);
    if (!streams) fail("calloc");
    for (int i = 0; i < count; i++) {
        streams[i] = (Stream){.fd = connect_stream(port, argv[3]), .pending_id = -1, .last_id = -1};
        struct epoll_event interest = {.events = EPOLLIN, .data.u32 = (uint32_t)i};
        if (epoll_ctl(poller, EPOLL_CTL_ADD, streams[i].fd, &interest) != 0) fail("epoll_ctl");
    }
    struct epoll_event input = {.events = EPOLLIN, .data.u32 = (uint32_t)count};
    if (epoll_ctl(poller, EPOLL_CTL_ADD, STDIN_FILENO, &input) != 0) fail("epoll_ctl stdin");

    static char buffer[1 << 16];
    struct epoll_event ready[256];
    int heard = 0, closed = 0, said_ready = 0, stop = 0;
    while (!stop) {
        int n = epoll_wait(poller, ready, 256, 50);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail("epoll_wait");
        }
        double at = now();
        for (int k = 0; k < n; k++) {
            uint32_t i = ready[k].data.u32;
            if (i == (uint32_t)count) {  // standard input: closed (or anything at all) means stop
                stop = 1;
                continue;
            }
            Stream *stream = &streams[i];
            ssize_t got = recv(stream->fd, buffer, sizeof buffer, 0);
            if (got < 0 && (errno == EAGAIN || errno == EINTR)) continue;
            if (got <= 0) {
                epoll_ctl(poller, EPOLL_CTL_DEL, stream->fd, NULL);
                close(stream->fd);
                closed++;
                continue;
            }
            size_t before = stream->count;
            consume(stream, buffer, (size_t)got, at);
            if (before == 0 && stream->count > 0) heard++;
        }
        if (!said_ready && heard == count) {
            printf("ready\n");
            fflush(stdout);
            said_ready = 1;
        }
    }
    printf("closed %d\n", closed);
    for (int i = 0; i < count; i++) {
        printf("stream %d\n", i);
        for (size_t k = 0; k < streams[i].count; k++)
            printf("%ld %.9f\n", streams[i].arrivals[k].id, streams[i].arrivals[k].at);
    }
    return 0;
}
