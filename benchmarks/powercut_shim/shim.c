/* Power-cut recorder: an LD_PRELOAD shim that logs every write, truncate, fsync, unlink and
 * creation made by the process to files under $POWERCUT_DIR, in order, to $POWERCUT_LOG.
 * benchmarks/powercut.py then rebuilds what a disk would hold after the power went at
 * any point: only what was synced (and, in the harsh mode, any subset of the unsynced sectors).
 *
 * Record: op (1 byte) | path length (u32) | path | offset (u64) | length (u64) | data (writes)
 * ops: 'N' file created, 'W' write, 'T' truncate, 'S' fsync/fdatasync, 'U' unlink,
 *      'R' rename (the data is the new path).
 * Build: gcc -shared -fPIC -O2 -o shim.so shim.c -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#include <stdio.h>

#define MAX_FD 4096
static char *paths[MAX_FD];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int log_fd = -1;
static char dir[PATH_MAX];
static size_t dir_len;
static int ready;

static int (*real_open)(const char *, int, ...);
static int (*real_open64)(const char *, int, ...);
static int (*real_openat)(int, const char *, int, ...);
static int (*real_openat64)(int, const char *, int, ...);
static ssize_t (*real_write)(int, const void *, size_t);
static ssize_t (*real_pwrite)(int, const void *, size_t, off_t);
static ssize_t (*real_pwrite64)(int, const void *, size_t, off64_t);
static int (*real_ftruncate)(int, off_t);
static int (*real_ftruncate64)(int, off64_t);
static int (*real_fsync)(int);
static int (*real_fdatasync)(int);
static int (*real_close)(int);
static int (*real_unlink)(const char *);
static int (*real_rename)(const char *, const char *);
static int (*real_renameat)(int, const char *, int, const char *);

static void init(void) {
    if (ready) return;
    real_open = dlsym(RTLD_NEXT, "open");
    real_open64 = dlsym(RTLD_NEXT, "open64");
    real_openat = dlsym(RTLD_NEXT, "openat");
    real_openat64 = dlsym(RTLD_NEXT, "openat64");
    real_write = dlsym(RTLD_NEXT, "write");
    real_pwrite = dlsym(RTLD_NEXT, "pwrite");
    real_pwrite64 = dlsym(RTLD_NEXT, "pwrite64");
    real_ftruncate = dlsym(RTLD_NEXT, "ftruncate");
    real_ftruncate64 = dlsym(RTLD_NEXT, "ftruncate64");
    real_fsync = dlsym(RTLD_NEXT, "fsync");
    real_fdatasync = dlsym(RTLD_NEXT, "fdatasync");
    real_close = dlsym(RTLD_NEXT, "close");
    real_unlink = dlsym(RTLD_NEXT, "unlink");
    real_rename = dlsym(RTLD_NEXT, "rename");
    real_renameat = dlsym(RTLD_NEXT, "renameat");
    const char *d = getenv("POWERCUT_DIR"), *l = getenv("POWERCUT_LOG");
    if (d && l) {
        strncpy(dir, d, sizeof dir - 1);
        dir_len = strlen(dir);
        log_fd = real_open(l, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    }
    ready = 1;
}

static void put(const void *p, size_t n) {
    const char *c = p;
    while (n) {
        ssize_t w = real_write(log_fd, c, n);
        if (w <= 0) { if (errno == EINTR) continue; abort(); }
        c += w; n -= (size_t)w;
    }
}

static void record(char op, const char *path, uint64_t off, uint64_t len, const void *data) {
    uint32_t pl = (uint32_t)strlen(path);
    char head[1 + 4 + 8 + 8];
    head[0] = op;
    memcpy(head + 1, &pl, 4);
    /* the header is written in two parts around the path */
    put(head, 5);
    put(path, pl);
    memcpy(head, &off, 8);
    memcpy(head + 8, &len, 8);
    put(head, 16);
    if ((op == 'W' || op == 'R') && len) put(data, len);
}

static int watched(const char *path) {
    return log_fd >= 0 && strncmp(path, dir, dir_len) == 0 && (path[dir_len] == '/' || path[dir_len] == 0);
}

static void absolute(int dirfd, const char *path, char *out) {
    if (path[0] == '/' || dirfd != AT_FDCWD) {  /* SQLite and Python use absolute paths here */
        strncpy(out, path, PATH_MAX - 1);
        out[PATH_MAX - 1] = 0;
        return;
    }
    char cwd[PATH_MAX];
    if (!getcwd(cwd, sizeof cwd)) cwd[0] = 0;
    snprintf(out, PATH_MAX, "%s/%s", cwd, path);
}


static int track(int dirfd, const char *path, int flags, mode_t mode, int via_at, int big) {
    init();
    char abs_path[PATH_MAX];
    absolute(dirfd, path, abs_path);
    int existed = 1;
    if ((flags & O_CREAT) && log_fd >= 0 && watched(abs_path)) {
        struct stat st;
        existed = stat(abs_path, &st) == 0;
    }
    int fd;
    if (via_at) fd = big ? real_openat64(dirfd, path, flags, mode) : real_openat(dirfd, path, flags, mode);
    else fd = big ? real_open64(path, flags, mode) : real_open(path, flags, mode);
    if (fd >= 0 && fd < MAX_FD && watched(abs_path)) {
        pthread_mutex_lock(&lock);
        free(paths[fd]);
        paths[fd] = strdup(abs_path);
        if (!existed) record('N', abs_path, 0, 0, NULL);
        if (flags & O_TRUNC) record('T', abs_path, 0, 0, NULL);
        pthread_mutex_unlock(&lock);
    }
    return fd;
}

#define MODE_ARG mode_t mode = 0; if (flags & (O_CREAT | O_TMPFILE)) { va_list ap; va_start(ap, flags); mode = va_arg(ap, mode_t); va_end(ap); }
int open(const char *path, int flags, ...) { MODE_ARG return track(AT_FDCWD, path, flags, mode, 0, 0); }
int open64(const char *path, int flags, ...) { MODE_ARG return track(AT_FDCWD, path, flags, mode, 0, 1); }
int openat(int d, const char *path, int flags, ...) { MODE_ARG return track(d, path, flags, mode, 1, 0); }
int openat64(int d, const char *path, int flags, ...) { MODE_ARG return track(d, path, flags, mode, 1, 1); }

static void wrote(int fd, uint64_t off, const void *buf, ssize_t n) {
    if (n > 0 && fd >= 0 && fd < MAX_FD && paths[fd]) {
        pthread_mutex_lock(&lock);
        record('W', paths[fd], off, (uint64_t)n, buf);
        pthread_mutex_unlock(&lock);
    }
}

ssize_t write(int fd, const void *buf, size_t n) {
    init();
    off_t off = (fd >= 0 && fd < MAX_FD && paths[fd]) ? lseek(fd, 0, SEEK_CUR) : 0;
    ssize_t r = real_write(fd, buf, n);
    wrote(fd, (uint64_t)off, buf, r);
    return r;
}
ssize_t pwrite(int fd, const void *buf, size_t n, off_t off) {
    init();
    ssize_t r = real_pwrite(fd, buf, n, off);
    wrote(fd, (uint64_t)off, buf, r);
    return r;
}
ssize_t pwrite64(int fd, const void *buf, size_t n, off64_t off) {
    init();
    ssize_t r = real_pwrite64(fd, buf, n, off);
    wrote(fd, (uint64_t)off, buf, r);
    return r;
}

static void truncated(int fd, uint64_t len, int r) {
    if (r == 0 && fd >= 0 && fd < MAX_FD && paths[fd]) {
        pthread_mutex_lock(&lock);
        record('T', paths[fd], 0, len, NULL);
        pthread_mutex_unlock(&lock);
    }
}
int ftruncate(int fd, off_t len) { init(); int r = real_ftruncate(fd, len); truncated(fd, (uint64_t)len, r); return r; }
int ftruncate64(int fd, off64_t len) { init(); int r = real_ftruncate64(fd, len); truncated(fd, (uint64_t)len, r); return r; }

static void synced(int fd, int r) {
    if (r == 0 && fd >= 0 && fd < MAX_FD && paths[fd]) {
        pthread_mutex_lock(&lock);
        record('S', paths[fd], 0, 0, NULL);
        pthread_mutex_unlock(&lock);
    }
}
int fsync(int fd) { init(); int r = real_fsync(fd); synced(fd, r); return r; }
int fdatasync(int fd) { init(); int r = real_fdatasync(fd); synced(fd, r); return r; }

int close(int fd) {
    init();
    if (fd >= 0 && fd < MAX_FD && paths[fd]) {
        pthread_mutex_lock(&lock);
        free(paths[fd]);
        paths[fd] = NULL;
        pthread_mutex_unlock(&lock);
    }
    return real_close(fd);
}

int unlink(const char *path) {
    init();
    char abs_path[PATH_MAX];
    absolute(AT_FDCWD, path, abs_path);
    int r = real_unlink(path);
    if (r == 0 && watched(abs_path)) {
        pthread_mutex_lock(&lock);
        record('U', abs_path, 0, 0, NULL);
        pthread_mutex_unlock(&lock);
    }
    return r;
}

static void renamed(const char *from, const char *to, int r) {
    char a[PATH_MAX], b[PATH_MAX];
    absolute(AT_FDCWD, from, a);
    absolute(AT_FDCWD, to, b);
    if (r == 0 && (watched(a) || watched(b))) {
        pthread_mutex_lock(&lock);
        record('R', a, 0, strlen(b), b);
        pthread_mutex_unlock(&lock);
    }
}
int rename(const char *from, const char *to) { init(); int r = real_rename(from, to); renamed(from, to, r); return r; }
int renameat(int fd1, const char *from, int fd2, const char *to) {
    init();
    int r = real_renameat(fd1, from, fd2, to);
    if (fd1 == AT_FDCWD && fd2 == AT_FDCWD) renamed(from, to, r);
    return r;
}
