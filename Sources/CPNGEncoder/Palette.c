#include "Palette.h"

#include <string.h>

// Open addressing over 1024 slots (at most 256 used, so probes stay short); the hash is
// Knuth's multiplicative one on the pixel's 32 bits.
enum { SLOTS = 1024 };

static inline uint32_t slot_of(uint32_t rgba) { return (rgba * 2654435761u) >> 22; }

int tis_palette_build(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                      uint8_t *indices, tis_palette *palette) {
    uint32_t keys[SLOTS];
    int16_t values[SLOTS];
    uint32_t colours[256];
    memset(values, 0xff, sizeof values);  // -1: empty
    int count = 0;
    uint8_t *out = indices;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = pixels + (size_t)y * stride;
        uint32_t last = 0;
        int last_index = -1;
        for (uint32_t x = 0; x < width; x++) {
            uint32_t rgba;
            memcpy(&rgba, row + (size_t)x * 4, 4);
            if (rgba != last || last_index < 0) {  // runs of one colour skip the table
                uint32_t s = slot_of(rgba);
                while (values[s] >= 0 && keys[s] != rgba) s = (s + 1) & (SLOTS - 1);
                if (values[s] < 0) {
                    if (count == 256) return -1;
                    keys[s] = rgba;
                    values[s] = (int16_t)count;
                    colours[count++] = rgba;
                }
                last = rgba;
                last_index = values[s];
            }
            *out++ = (uint8_t)last_index;
        }
    }
    // Translucent entries first, so tRNS can end early; each group keeps first-appearance order.
    uint8_t remap[256];
    int next = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < count; i++) {
            uint8_t alpha = ((const uint8_t *)&colours[i])[3];
            if ((alpha < 255) == (pass == 0)) {
                remap[i] = (uint8_t)next;
                memcpy(palette->rgba[next], &colours[i], 4);
                next++;
            }
        }
        if (pass == 0) palette->translucent = next;
    }
    palette->count = count;
    size_t total = (size_t)width * height;
    for (size_t i = 0; i < total; i++) indices[i] = remap[indices[i]];
    return 0;
}
