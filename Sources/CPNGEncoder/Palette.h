// Colour-type reduction for the PNG encoder: RGBA8 pixels to palette indices when there are at
// most 256 distinct RGBA values, or a few more that can be merged within a fidelity bound.
// Internal to CPNGEncoder.
#ifndef TIS_PALETTE_H
#define TIS_PALETTE_H

#include <stddef.h>
#include <stdint.h>

/// A PNG palette (PLTE entries with their alpha for tRNS). Entries with alpha below 255 come
/// first, so tRNS stops at the last translucent entry (`translucent` of them). `merged`: how many
/// of the image's distinct colours were drawn with a neighbouring entry instead (0: exact).
typedef struct {
    uint8_t rgba[256][4];
    int count;
    int translucent;
    int merged;
} tis_palette;

/// The most distinct colours an image may have for its nearest colours to be merged into a
/// palette (`tis_palette_merge`); past it the image stays RGBA.
enum { TIS_PALETTE_MERGE_LIMIT = 512 };

/// How far a palette may stray from the pixels. `min_psnr`: 0 for an exact palette; else the
/// lowest PSNR in dB, over the RGB channels of the image composited on black and, separately, on
/// white, that merging colours may leave. `premultiplied`: 1 when the pixels are premultiplied
/// (the error is measured on their straight-alpha values, what the file holds).
typedef struct {
    double min_psnr;
    int premultiplied;
} tis_palette_bound;

/// The distinct colours of an image, by the number the build pass gave each (`Palette.c` says
/// how): `rgba` as 32-bit words as they lie in memory, and how many pixels each has.
typedef struct {
    uint32_t rgba[TIS_PALETTE_MERGE_LIMIT];
    uint32_t pixels[TIS_PALETTE_MERGE_LIMIT];
    int count;
} tis_colour_table;

/// Writes one palette index per pixel into `indices` (`width` bytes per row, rows packed; with a
/// `bound` that allows merging, the buffer must hold 2 bytes per pixel, the rest scratch) and
/// fills `palette`: translucent entries in order of first appearance, then opaque ones in reverse
/// order of first appearance, so equal images give equal bytes. With more than 256 distinct
/// colours and a `bound` that allows merging, the colours `tis_palette_merge` picks are drawn
/// with their nearest kept colour, and the order is that of the merged image. Returns 0, or -1
/// when the image has more than 256 distinct RGBA values and they cannot be merged within
/// `bound` (then `indices` and `palette` hold nothing useful). `bound` NULL: exact.
int tis_palette_build(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                      const tis_palette_bound *bound, uint8_t *indices, tis_palette *palette);

/// The squared error of drawing colour `a` as colour `b` (RGBA8 words as they lie in memory,
/// premultiplied when `premultiplied`; measured on the straight-alpha values a file holds),
/// composited on black (`*black`) and on white (`*white`), summed over R, G and B, in the units of
/// `tis_palette_error_budget`.
void tis_palette_error(uint32_t a, uint32_t b, int premultiplied, int64_t *black, int64_t *white);

/// The most squared error, on black and on white each, that `pixel_count` pixels may carry
/// (summed as `tis_palette_error` measures it) for a PSNR of at least `min_psnr` dB.
double tis_palette_error_budget(size_t pixel_count, double min_psnr);

/// Chooses which of `table`'s colours to merge so that at most 256 remain: `kept[c]` is the
/// colour that colour `c` is drawn with (`c` itself when kept; ties go to lower numbers). Greedy: the rarest colours are
/// merged into their nearest neighbour, cheapest first, while the squared error on black and on
/// white each stays within `bound` for an image of `pixel_count` pixels. 0, or -1 when that does
/// not reach 256 colours.
int tis_palette_merge(const tis_colour_table *table, size_t pixel_count, const tis_palette_bound *bound,
                      int16_t *kept);

#endif
