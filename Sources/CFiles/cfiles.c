#include "cfiles.h"
#include <errno.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__linux__)
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

int cfiles_open_beneath(int dirfd, const char *path, int flags) {
#if defined(__linux__) && defined(SYS_openat2)
    struct open_how how = { .flags = (unsigned long long)flags, .mode = 0,
                            .resolve = RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH };
    return (int)syscall(SYS_openat2, dirfd, path, &how, sizeof how);
#else
    (void)dirfd; (void)path; (void)flags;
    errno = ENOSYS;
    return -1;
#endif
}

void cfiles_keep_freed_memory(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 8 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}
