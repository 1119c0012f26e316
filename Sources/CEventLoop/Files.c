// Files: what the static file server asks of the file system.
#include "Platform.h"
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void fill_info(const struct stat *status, cel_file_info *info) {
    if (S_ISREG(status->st_mode)) info->kind = 1;
    else if (S_ISDIR(status->st_mode)) info->kind = 2;
    else info->kind = 3;
    info->size = (int64_t)status->st_size;
    cel_platform_modification_time(status, &info->mtime_seconds, &info->mtime_nanoseconds);
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

void cel_write_standard_error(const void *buffer, size_t length) {
    ssize_t written = write(2, buffer, length);
    (void)written;
}
