#define _GNU_SOURCE
#include "CMemoryFile.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

int tis_sealed_memory_file(const uint8_t *bytes, size_t count) {
    int fd = memfd_create("response-body", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    size_t written = 0;
    while (written < count) {
        ssize_t n = write(fd, bytes + written, count - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) goto fail;
        written += (size_t)n;
    }
    if (fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE | F_SEAL_GROW | F_SEAL_SHRINK | F_SEAL_SEAL) != 0) goto fail;
    return fd;
fail:;
    int saved = errno ? errno : EIO;
    close(fd);
    errno = saved;
    return -1;
}
