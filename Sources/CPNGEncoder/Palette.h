// Colour-type reduction for the PNG encoder: RGBA8 pixels to palette indices when there are at
// most 256 distinct RGBA values. Internal to CPNGEncoder.
#ifndef TIS_PALETTE_H
#define TIS_PALETTE_H

#include <stddef.h>
#include <stdint.h>

/// A PNG palette (PLTE entries with their alpha for tRNS). Entries with alpha below 255 come
/// first, so tRNS stops at the last translucent entry (`translucent` of them).
typedef struct {
    uint8_t rgba[256][4];
    int count;
    int translucent;
} tis_palette;

/// Writes one palette index per pixel into `indices` (`width` bytes per row, rows packed) and
/// fills `palette`: translucent entries in order of first appearance, then opaque ones in reverse
/// order of first appearance, so equal images give equal bytes. Returns 0, or -1 when the image has more than 256
/// distinct RGBA values (then `indices` and `palette` hold nothing useful).
int tis_palette_build(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                      uint8_t *indices, tis_palette *palette);

#endif
