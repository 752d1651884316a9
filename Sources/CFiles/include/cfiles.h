#ifndef CFILES_H
#define CFILES_H

/* Opens `path` below the folder `dirfd` in one step, refusing a symbolic link anywhere on the way
   and any escape from the folder (Linux's openat2 with RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH).
   -1 with errno set otherwise — ENOSYS where the kernel or platform has no openat2. */
int cfiles_open_beneath(int dirfd, const char *path, int flags);

/* Keeps freed frame-sized buffers in the process for the next fixture instead of handing them back
   to the kernel, which faulted in and zeroed fresh pages for every decoded golden (glibc's
   mallopt: blocks up to 8 MB from the heap rather than mmap, trimmed only past 64 MB free). A
   cold-cache verify spent a quarter of its CPU there. No-op elsewhere. */
void cfiles_keep_freed_memory(void);

#endif
