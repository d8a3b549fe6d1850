#include "Palette.h"

#include <string.h>

// Open addressing over 1024 slots (at most TIS_PALETTE_MERGE_LIMIT used, so probes stay short);
// the hash is Knuth's multiplicative one on the pixel's 32 bits.
enum { SLOTS = 1024 };

static inline uint32_t slot_of(uint32_t rgba) { return (rgba * 2654435761u) >> 22; }

/// The pass's state. Each colour has a code, which the pass writes per pixel: the first 256
/// colours take the codes a palette of them has before the gap between its ends is closed
/// (translucent colours 0, 1, 2, ... and opaque ones 255, 254, ..., each in order of first
/// appearance); later ones, for a palette to merge, 256, 257, ... `table` holds the colours by
/// code.
typedef struct {
    uint32_t keys[SLOTS];
    int16_t codes[SLOTS];  // -1: empty
    int translucent, opaque;
    tis_colour_table table;
} colour_codes;

/// The code of `rgba`, or where it goes (`*slot`) and -1.
static inline int find(const colour_codes *c, uint32_t rgba, uint32_t *slot) {
    uint32_t s = slot_of(rgba);
    while (c->codes[s] >= 0 && c->keys[s] != rgba) s = (s + 1) & (SLOTS - 1);
    *slot = s;
    return c->codes[s];
}

static inline void put(colour_codes *c, uint32_t slot, uint32_t rgba, int code) {
    c->keys[slot] = rgba;
    c->codes[slot] = (int16_t)code;
    c->table.rgba[code] = rgba;
}

static inline uint8_t alpha_of(uint32_t rgba) {
    uint8_t bytes[4];
    memcpy(bytes, &rgba, 4);
    return bytes[3];
}

/// The first pass, for at most 256 colours: each pixel's code, a byte, into `indices`. Returns
/// the number of pixels coded: all of them, or fewer where a 257th colour appeared.
static size_t code_bytes(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                         colour_codes *c, uint8_t *indices) {
    uint8_t *out = indices;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = pixels + (size_t)y * stride;
        uint32_t last;
        memcpy(&last, row, 4);
        last = ~last;  // unlike the row's first pixel, so that its colour is looked up
        int last_code = 0;
        for (uint32_t x = 0; x < width; x++) {
            uint32_t rgba;
            memcpy(&rgba, row + (size_t)x * 4, 4);
            if (rgba != last) {  // runs of one colour skip the table
                uint32_t s;
                last_code = find(c, rgba, &s);
                if (last_code < 0) {
                    if (c->translucent + c->opaque == 256) return (size_t)(out - indices);
                    last_code = row[(size_t)x * 4 + 3] < 255 ? c->translucent++ : 255 - c->opaque++;
                    put(c, s, rgba, last_code);
                }
                last = rgba;
            }
            *out++ = (uint8_t)last_code;
        }
    }
    return (size_t)(out - indices);
}

/// The pass's continuation past 256 colours, from pixel `from` on: codes of two bytes (the
/// ones so far widened in place, back to front, so byte i is read before bytes 2i and 2i + 1
/// are written). 0, or -1 past TIS_PALETTE_MERGE_LIMIT colours.
static int code_pairs(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, size_t from,
                      colour_codes *c, uint8_t *indices) {
    uint16_t *codes = (uint16_t *)(void *)indices;
    size_t i = from;
    while (i-- > 0) codes[i] = indices[i];
    c->table.count = 256;
    for (i = from; i < (size_t)width * height;) {
        const uint8_t *row = pixels + (i / width) * stride;
        uint32_t last, x = (uint32_t)(i % width);
        memcpy(&last, row + (size_t)x * 4, 4);
        last = ~last;  // unlike the first pixel, so that its colour is looked up
        int last_code = 0;
        for (; x < width; x++, i++) {
            uint32_t rgba;
            memcpy(&rgba, row + (size_t)x * 4, 4);
            if (rgba != last) {
                uint32_t s;
                last_code = find(c, rgba, &s);
                if (last_code < 0) {
                    if (c->table.count == TIS_PALETTE_MERGE_LIMIT) return -1;
                    last_code = c->table.count++;
                    put(c, s, rgba, last_code);
                }
                last = rgba;
            }
            codes[i] = (uint16_t)last_code;
        }
    }
    return 0;
}

/// Closes the gap between the translucent codes (from 0) and the opaque ones (down from 255)
/// in the indices and in the palette, when fewer than 256 colours left one.
static void close_gap(uint8_t *indices, size_t total, tis_palette *palette, int translucent, int opaque) {
    int gap = 256 - translucent - opaque;
    if (gap == 0 || opaque == 0) return;
    memmove(palette->rgba[translucent], palette->rgba[256 - opaque], (size_t)opaque * 4);
    uint8_t first_opaque = (uint8_t)(256 - opaque), shift = (uint8_t)gap;
    for (size_t i = 0; i < total; i++) indices[i] -= indices[i] >= first_opaque ? shift : 0;
}

/// The merged palette: the kept colours (`kept[code]`: the code a colour is drawn with) in the
/// order an exact palette has, translucent ones first in order of first appearance, then opaque
/// ones in reverse order of first appearance; `index_of[code]` for every code. Codes below 256
/// carry their order (translucent 0, 1, ..., opaque 255, 254, ...); codes from 256 on came later.
static void merged_palette(const colour_codes *c, const int16_t *kept, uint8_t *index_of, tis_palette *palette) {
    int count = c->table.count;
    int16_t order[2][TIS_PALETTE_MERGE_LIMIT];  // kept codes, translucent and opaque, by first appearance
    int n[2] = {0, 0};
    for (int code = 0; code < c->translucent; code++) {
        if (kept[code] == code) order[0][n[0]++] = (int16_t)code;
    }
    for (int code = 255; code > 255 - c->opaque; code--) {
        if (kept[code] == code) order[1][n[1]++] = (int16_t)code;
    }
    for (int code = 256; code < count; code++) {
        if (kept[code] == code) {
            int opaque = alpha_of(c->table.rgba[code]) == 255;
            order[opaque][n[opaque]++] = (int16_t)code;
        }
    }
    for (int k = 0; k < n[0]; k++) index_of[order[0][k]] = (uint8_t)k;
    for (int k = 0; k < n[1]; k++) index_of[order[1][k]] = (uint8_t)(n[0] + n[1] - 1 - k);
    for (int code = 0; code < count; code++) {
        if (kept[code] == code) memcpy(palette->rgba[index_of[code]], &c->table.rgba[code], 4);
    }
    for (int code = 0; code < count; code++) index_of[code] = index_of[kept[code]];
    palette->count = n[0] + n[1];
    palette->translucent = n[0];
    palette->merged = count - palette->count;
}

/// The image past 256 colours: its codes' pixel counts, the merge, and the indices in place
/// of the codes (front to back: byte i is written after the code at bytes 2i and 2i + 1 is
/// read). 0, or -1 when the colours cannot be merged within `bound`.
static int merge(colour_codes *c, size_t total, const tis_palette_bound *bound, uint8_t *indices,
                 tis_palette *palette) {
    const uint16_t *codes = (const uint16_t *)(const void *)indices;
    memset(c->table.pixels, 0, sizeof c->table.pixels[0] * (size_t)c->table.count);
    for (size_t i = 0; i < total; i++) c->table.pixels[codes[i]]++;
    int16_t kept[TIS_PALETTE_MERGE_LIMIT];
    if (tis_palette_merge(&c->table, total, bound, kept) != 0) return -1;
    uint8_t index_of[TIS_PALETTE_MERGE_LIMIT];
    merged_palette(c, kept, index_of, palette);
    for (size_t i = 0; i < total; i++) indices[i] = index_of[codes[i]];
    return 0;
}

int tis_palette_build(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                      const tis_palette_bound *bound, uint8_t *indices, tis_palette *palette) {
    colour_codes c;
    memset(c.codes, 0xff, sizeof c.codes);
    c.translucent = c.opaque = 0;
    size_t total = (size_t)width * height;
    size_t coded = code_bytes(pixels, width, height, stride, &c, indices);
    if (coded == total) {
        for (int code = 0; code < c.translucent; code++) memcpy(palette->rgba[code], &c.table.rgba[code], 4);
        for (int code = 256 - c.opaque; code < 256; code++) memcpy(palette->rgba[code], &c.table.rgba[code], 4);
        close_gap(indices, total, palette, c.translucent, c.opaque);
        palette->count = c.translucent + c.opaque;
        palette->translucent = c.translucent;
        palette->merged = 0;
        return 0;
    }
    if (!bound || bound->min_psnr <= 0) return -1;
    if (code_pairs(pixels, width, height, stride, coded, &c, indices) != 0) return -1;
    return merge(&c, total, bound, indices, palette);
}
