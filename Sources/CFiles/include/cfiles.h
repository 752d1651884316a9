#ifndef CFILES_H
#define CFILES_H

/* Opens `path` below the folder `dirfd` in one step, refusing a symbolic link anywhere on the way
   and any escape from the folder (Linux's openat2 with RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH).
   -1 with errno set otherwise — ENOSYS where the kernel or platform has no openat2. */
int cfiles_open_beneath(int dirfd, const char *path, int flags);

#endif
