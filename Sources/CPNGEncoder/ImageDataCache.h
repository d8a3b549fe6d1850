// The compressed image data (IDAT chunks) of palette images, kept per index image so that a
// picture whose pixels share colours the same way as one encoded before skips zlib. Internal to
// CPNGEncoder; see ImageDataCache.c for why the output stays what libpng would write.
#ifndef TIS_IMAGE_DATA_CACHE_H
#define TIS_IMAGE_DATA_CACHE_H

#include <stddef.h>
#include <stdint.h>

/// Everything besides the index bytes that decides the IDAT bytes libpng and zlib write for an
/// 8-bit, one-byte-per-pixel image: its size (libpng also derives zlib's window from it), the
/// row filters and zlib's level, strategy and memory level as set on libpng, and a hash of the
/// index bytes (`tis_image_data_hash`) with those settings mixed in (it picks the slot).
typedef struct {
    uint32_t width, height;
    int filters, level, strategy, memory_level;
    uint64_t hash;
} tis_image_data_key;

/// A 64-bit hash of `count` bytes (four lanes of eight bytes, a multiply each, then mixed); only
/// a filter before the full comparison, never trusted alone.
uint64_t tis_image_data_hash(const uint8_t *bytes, size_t count);

/// Looks up `key` with its `indices` (`width * height` bytes). On a hit (an entry with the same
/// key and the same index bytes, compared in full) returns a copy of the IDAT chunks it holds
/// (complete chunks: length, type, data, CRC), `malloc`ed for the caller to `free`, and their
/// size in `idat_size`; NULL on a miss (or when the copy cannot be allocated).
uint8_t *tis_image_data_lookup(const tis_image_data_key *key, const uint8_t *indices, size_t *idat_size);

/// Offers the IDAT chunks libpng wrote for `key` and `indices`. The first offer of an index image
/// only notes its hash; a second one stores a copy (so images seen once cost no copy), replacing
/// what its slot held. An entry over an eighth of the capacity
/// (`tis_png_image_data_cache_set_capacity`), or that would take the cache past it, is not stored.
void tis_image_data_offer(const tis_image_data_key *key, const uint8_t *indices,
                          const uint8_t *idat, size_t idat_size);

#endif
