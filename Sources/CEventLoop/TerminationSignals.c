#include "CEventLoop.h"
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>

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

static void on_termination_signal(int signal_number) {
    (void)signal_number;
    int saved = errno;
    atomic_fetch_add(&handlers_running, 1);
    atomic_store(&termination_requested, 1);
    for (int i = 0; i < atomic_load(&termination_fd_count); i++) cel_waker_signal(atomic_load(&termination_fds[i]));
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
        for (int i = 0; i < count; i++) cel_waker_signal(atomic_load(&termination_fds[i]));
    pthread_mutex_unlock(&termination_lock);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
}
