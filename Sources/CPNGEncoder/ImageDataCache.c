// Why reusing IDAT chunks leaves the file exactly as libpng would write it: a palette image is
// handed to libpng as 8-bit greyscale rows of palette indices (CPNGEncoder.c), so the IDAT chunks
// are a function of those index bytes and of the settings in `tis_image_data_key` alone: libpng's
// row filtering and zlib's deflate are deterministic for the same input and parameters (same
// libpng and zlib in one process), and libpng cuts IDAT chunks at the same places for the same
// compressed stream. The palette's colours (PLTE, tRNS) and the text chunks are not part of that
// input. An entry is used only when its key matches and its index bytes equal the new image's in
// full (memcmp), so a hash collision can never substitute another image's data.
//
// Why it pays: palette indices are numbered by first appearance (Palette.c), so two pictures
// whose pixels share colours the same way (an off toggle in any tint, whose tint is not drawn)
// have the same index bytes and so the same IDAT, and only the palette differs.

#include "ImageDataCache.h"
#include "CPNGEncoder.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/// Direct-mapped slots (the hash picks one; a new entry replaces the slot's).
enum { SLOTS = 256 };
/// Hashes of index images offered once (a direct-mapped "doorkeeper"): only an image offered a
/// second time is copied into the cache, so one-off images cost no copy and evict nothing.
enum { SEEN = 1024 };

typedef struct {
    tis_image_data_key key;
    uint8_t *bytes;        // the index bytes (width * height), then the IDAT chunks
    size_t idat_size;
    size_t cost;           // bytes held for the entry: its block and this record's share
} entry;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static entry slots[SLOTS];
static uint64_t seen[SEEN];
static size_t bytes_held;
static size_t capacity_bytes = TIS_PNG_IMAGE_DATA_CACHE_DEFAULT_BYTES;
static uint64_t hit_count, store_count;

uint64_t tis_image_data_hash(const uint8_t *bytes, size_t count) {
    // Four independent lanes of 8 bytes (so the multiplies overlap), each (h ^ word) * k, then
    // folded and mixed (murmur3's fmix64). Weak alone, enough to pick a slot: equality is decided
    // by comparing the bytes.
    const uint64_t k = 0x9E3779B97F4A7C15ull;  // 2^64 / golden ratio (Knuth's multiplicative hashing)
    uint64_t h0 = count, h1 = ~(uint64_t)count, h2 = k, h3 = ~k;
    size_t i = 0;
    for (; i + 32 <= count; i += 32) {
        uint64_t w[4];
        memcpy(w, bytes + i, 32);
        h0 = (h0 ^ w[0]) * k;
        h1 = (h1 ^ w[1]) * k;
        h2 = (h2 ^ w[2]) * k;
        h3 = (h3 ^ w[3]) * k;
    }
    uint64_t h = h0 ^ (h1 >> 7 | h1 << 57) ^ (h2 >> 19 | h2 << 45) ^ (h3 >> 41 | h3 << 23);
    for (; i < count; i++) h = (h ^ bytes[i]) * k;
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ull;
    return h ^ (h >> 33);
}

static size_t pixel_count(const tis_image_data_key *key) { return (size_t)key->width * key->height; }

static int same_key(const tis_image_data_key *a, const tis_image_data_key *b) {
    return a->hash == b->hash && a->width == b->width && a->height == b->height &&
           a->filters == b->filters && a->level == b->level && a->strategy == b->strategy &&
           a->memory_level == b->memory_level;
}

static int matches(const entry *e, const tis_image_data_key *key, const uint8_t *indices) {
    return e->bytes && same_key(&e->key, key) && memcmp(e->bytes, indices, pixel_count(key)) == 0;
}

uint8_t *tis_image_data_lookup(const tis_image_data_key *key, const uint8_t *indices, size_t *idat_size) {
    entry *e = &slots[key->hash % SLOTS];
    uint8_t *copy = NULL;
    pthread_mutex_lock(&lock);
    if (matches(e, key, indices)) {
        copy = malloc(e->idat_size);
        if (copy) {
            memcpy(copy, e->bytes + pixel_count(key), e->idat_size);
            *idat_size = e->idat_size;
            hit_count++;
        }
    }
    pthread_mutex_unlock(&lock);
    return copy;
}

void tis_image_data_offer(const tis_image_data_key *key, const uint8_t *indices,
                          const uint8_t *idat, size_t idat_size) {
    size_t pixels = pixel_count(key);
    size_t cost = sizeof(entry) + pixels + idat_size;
    pthread_mutex_lock(&lock);
    if (cost > capacity_bytes / 8) {  // one entry never takes over an eighth
        pthread_mutex_unlock(&lock);
        return;
    }
    uint64_t *noted = &seen[key->hash % SEEN];
    int second = *noted == key->hash;
    *noted = key->hash;
    int held = matches(&slots[key->hash % SLOTS], key, indices);
    pthread_mutex_unlock(&lock);
    if (!second || held) return;

    uint8_t *block = malloc(pixels + idat_size);  // copied outside the lock
    if (!block) return;
    memcpy(block, indices, pixels);
    memcpy(block + pixels, idat, idat_size);
    uint8_t *old = NULL;
    pthread_mutex_lock(&lock);
    entry *e = &slots[key->hash % SLOTS];
    if (!matches(e, key, indices)) {
        size_t remaining = bytes_held - (e->bytes ? e->cost : 0);
        if (remaining + cost <= capacity_bytes) {
            old = e->bytes;
            e->key = *key;
            e->bytes = block;
            e->idat_size = idat_size;
            e->cost = cost;
            bytes_held = remaining + cost;
            block = NULL;
            store_count++;
        }
    }
    pthread_mutex_unlock(&lock);
    free(block);  // NULL when stored
    free(old);
}

/// Empties slots, first to last, until at most `limit` bytes are held; with the lock held.
static void drop_entries_over(size_t limit) {
    for (int i = 0; i < SLOTS && bytes_held > limit; i++) {
        if (!slots[i].bytes) continue;
        bytes_held -= slots[i].cost;
        free(slots[i].bytes);
        memset(&slots[i], 0, sizeof slots[i]);
    }
}

void tis_png_image_data_cache_clear(void) {
    pthread_mutex_lock(&lock);
    drop_entries_over(0);
    memset(seen, 0, sizeof seen);
    pthread_mutex_unlock(&lock);
}

void tis_png_image_data_cache_set_capacity(size_t bytes) {
    pthread_mutex_lock(&lock);
    capacity_bytes = bytes;
    drop_entries_over(bytes);
    if (bytes == 0) memset(seen, 0, sizeof seen);
    pthread_mutex_unlock(&lock);
}

size_t tis_png_image_data_cache_capacity(void) {
    pthread_mutex_lock(&lock);
    size_t bytes = capacity_bytes;
    pthread_mutex_unlock(&lock);
    return bytes;
}

void tis_png_image_data_cache_counts(uint64_t *hits, uint64_t *stores, size_t *bytes) {
    pthread_mutex_lock(&lock);
    if (hits) *hits = hit_count;
    if (stores) *stores = store_count;
    if (bytes) *bytes = bytes_held;
    pthread_mutex_unlock(&lock);
}

static tis_image_data_key test_key(uint32_t width, uint32_t height, uint64_t hash) {
    tis_image_data_key key;
    memset(&key, 0, sizeof key);
    key.width = width;
    key.height = height;
    key.hash = hash;
    return key;
}

void tis_png_image_data_cache_test_offer(uint32_t width, uint32_t height, uint64_t hash,
                                         const uint8_t *indices, const uint8_t *idat, size_t idat_size) {
    tis_image_data_key key = test_key(width, height, hash);
    tis_image_data_offer(&key, indices, idat, idat_size);
}

size_t tis_png_image_data_cache_test_lookup(uint32_t width, uint32_t height, uint64_t hash,
                                            const uint8_t *indices) {
    tis_image_data_key key = test_key(width, height, hash);
    size_t size = 0;
    uint8_t *idat = tis_image_data_lookup(&key, indices, &size);
    free(idat);
    return idat ? size : 0;
}
