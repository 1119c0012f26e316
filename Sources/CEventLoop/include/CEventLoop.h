#ifndef C_EVENT_LOOP_H
#define C_EVENT_LOOP_H
/// Small C helpers for the HTTP server's event loop (epoll on Linux).
int cel_placeholder(void);
#endif
