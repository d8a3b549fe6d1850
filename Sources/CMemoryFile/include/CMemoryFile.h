// Sealed memory files (memfd_create(2) with fcntl(2) seals), which Swift's Glibc module does not
// show: a response body the kernel can send with sendfile(2) from the file's own pages.
#ifndef CMEMORYFILE_H
#define CMEMORYFILE_H

#include <stddef.h>
#include <stdint.h>

/// A new anonymous memory file (close-on-exec) holding the `count` bytes at `bytes`, sealed
/// against writing, growing and shrinking (F_SEAL_WRITE, F_SEAL_GROW, F_SEAL_SHRINK, then
/// F_SEAL_SEAL), so that its contents can never change while a socket sends from its pages.
/// Returns the descriptor, or -1 with errno set (no memfd support, descriptors or memory
/// exhausted); nothing is left open on failure.
int tis_sealed_memory_file(const uint8_t *bytes, size_t count);

#endif
