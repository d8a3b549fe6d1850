#include "Palette.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Open addressing over 1024 slots (at most 256 used, so probes stay short); the hash is
// Knuth's multiplicative one on the pixel's 32 bits.
enum { SLOTS = 1024 };

static inline uint32_t slot_of(uint32_t rgba) { return (rgba * 2654435761u) >> 22; }

int tis_palette_build(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                      uint8_t *indices, tis_palette *palette) {
    // Translucent colours take indices 0, 1, 2, ... and opaque ones 255, 254, ..., each in order
    // of first appearance; one closing pass closes the gap between the two groups.
    uint32_t keys[SLOTS];
    int16_t values[SLOTS];
    memset(values, 0xff, sizeof values);  // -1: empty
    int translucent = 0, opaque = 0;
    uint8_t *out = indices;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = pixels + (size_t)y * stride;
        uint32_t last;
        memcpy(&last, row, 4);
        last = ~last;  // unlike the row's first pixel, so that its colour is looked up
        int last_index = 0;
        for (uint32_t x = 0; x < width; x++) {
            uint32_t rgba;
            memcpy(&rgba, row + (size_t)x * 4, 4);
            if (rgba != last) {  // runs of one colour skip the table
                uint32_t s = slot_of(rgba);
                while (values[s] >= 0 && keys[s] != rgba) s = (s + 1) & (SLOTS - 1);
                if (values[s] < 0) {
                    if (translucent + opaque == 256) return -1;
                    const uint8_t *c = row + (size_t)x * 4;
                    int index = c[3] < 255 ? translucent++ : 255 - opaque++;
                    keys[s] = rgba;
                    values[s] = (int16_t)index;
                    memcpy(palette->rgba[index], c, 4);
                }
                last = rgba;
                last_index = values[s];
            }
            *out++ = (uint8_t)last_index;
        }
    }
    int gap = 256 - translucent - opaque;
    if (gap > 0 && opaque > 0) {
        memmove(palette->rgba[translucent], palette->rgba[256 - opaque], (size_t)opaque * 4);
        size_t total = (size_t)width * height;
        uint8_t first_opaque = (uint8_t)(256 - opaque), shift = (uint8_t)gap;
        size_t i = 0;
#if defined(__SSE2__)
        // 16 indices at a time in unsigned bytes (the compiler's own vectorization widened them to
        // 32 bits: about 1.9 instructions per index against 0.4): b >= first_opaque exactly when
        // max(b, first_opaque) == b.
        const __m128i threshold = _mm_set1_epi8((char)first_opaque), gap_bytes = _mm_set1_epi8((char)shift);
        for (; i + 16 <= total; i += 16) {
            __m128i b = _mm_loadu_si128((const __m128i *)(indices + i));
            __m128i opaque_mask = _mm_cmpeq_epi8(_mm_max_epu8(b, threshold), b);
            _mm_storeu_si128((__m128i *)(indices + i), _mm_sub_epi8(b, _mm_and_si128(opaque_mask, gap_bytes)));
        }
#endif
        for (; i < total; i++) indices[i] -= indices[i] >= first_opaque ? shift : 0;
    }
    palette->count = translucent + opaque;
    palette->translucent = translucent;
    return 0;
}
