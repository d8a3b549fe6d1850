// A thin C layer over libpng's full write API. libpng reports errors by longjmp, which must never
// cross Swift frames; this target owns the setjmp and turns every failure into a return code.
#ifndef CPNGENCODER_H
#define CPNGENCODER_H

#include <stddef.h>
#include <stdint.h>

/// One text chunk. `keyword`: Latin-1, 1-79 bytes (e.g. "Title"), NUL-terminated. `text`:
/// NUL-terminated; Latin-1 in a tEXt chunk when `utf8` is 0, UTF-8 in an iTXt chunk (no
/// compression, empty language tag) when `utf8` is 1 (PNG 1.2 sections 4.2.3.1 and 4.2.3.3).
typedef struct {
    const char *keyword;
    const char *text;
    int utf8;
} tis_png_text;

/// A picture's pixels grouped into coverage classes (`PaletteClasses.c` says why this works):
/// pixels at which the same operations, in the same colours, composited at the same source
/// alphas (from the last one that covered them fully on) come out the same colour, and still do
/// in the picture in another tint. A palette numbered by class is the same index image for the
/// picture in any tint, so its compressed image data is made once (`tis_palette_classes_finish`)
/// and every tint only writes its own PLTE and tRNS. Read-only once finished: any number of
/// threads may encode with it.
typedef struct tis_palette_classes tis_palette_classes;

/// Encoder settings.
/// - `filters`: mask of libpng's PNG_FILTER_* bits (0 = libpng's default).
/// - `compression_level`: zlib's 0-9 (-1 = zlib's default, 6) when the image is written as RGBA;
///   `palette_compression_level` when it is written as a palette (the data is a quarter as large,
///   so the caller may choose differently).
/// - `strategy`: zlib's Z_* strategy (-1 = default).
/// - `memory_level`: zlib's memLevel 1-9 (hash table of 2^(memLevel+7) entries); 0 = the
///   smallest table with about one entry per 4 bytes of image data, from 4 to 8.
/// - `allow_palette`: 1 writes colour type 3 (PLTE, and tRNS for the translucent entries, which
///   come first) when the image has at most 256 distinct RGBA values: the same pixels, a quarter
///   of the data to compress. 0 always writes 8-bit RGBA.
/// - `palette_min_psnr`: 0 keeps the palette exact. Above 0, an image with 257 to 512 distinct
///   RGBA values is still written as a palette when merging its rarest colours into their nearest
///   neighbours leaves at least this PSNR in dB (RGB channels, composited on black and on white,
///   each) against the pixels given; else it is written as RGBA.
/// - `srgb`: 1 writes an sRGB chunk, rendering intent perceptual (PNG 1.2 section 4.2.2.4).
/// - `pixels_per_metre`: a pHYs chunk with this many pixels per metre on both axes (unit metre,
///   PNG 1.2 section 4.2.4.2); 0 writes none.
/// - `premultiplied`: 1 when the pixels are premultiplied RGBA8 (each colour channel at most
///   alpha) and writable: the palette is built from them and only its entries are converted to
///   straight alpha; an image written as RGBA is converted in place first. Either way each
///   channel becomes round(c * 255 / a) (0 when a is 0), the same bytes as converting every
///   pixel first: for a fixed alpha that map is one-to-one, so the palette and its order are too.
///   0: the pixels are straight alpha and only read.
/// - `classes`: NULL, or finished coverage classes of this picture's size: the pixels are written
///   as the classes' palette and image data when every pixel has its class's colour, alpha puts
///   no opaque entry among the translucent ones, merged classes (past 256) stay within
///   `palette_min_psnr`, and no more than `TIS_PALETTE_CLASS_REPEATS` entries repeat another's
///   colour; otherwise the encode goes on as without them. Needs `stride` = 4 x `width`.
/// - `reuse_image_data`: 1 lets a palette image take its IDAT chunks from the image-data cache
///   (below) when an image with the same index bytes and settings was encoded before, and offer
///   its own to it: the same file bytes, without running zlib. 0 always compresses.
typedef struct {
    int filters;
    int compression_level;
    int palette_compression_level;
    int strategy;
    int memory_level;
    int allow_palette;
    double palette_min_psnr;
    int srgb;
    uint32_t pixels_per_metre;
    int premultiplied;
    int reuse_image_data;
    const tis_palette_classes *classes;
} tis_png_options;

/// The most entries of a class palette that may repeat an earlier entry's colour (a tint in which
/// several classes coincide) before the picture is encoded by colour instead: each repeat costs
/// three PLTE bytes and the image data's room for it (Benchmarks/palette-classes).
#define TIS_PALETTE_CLASS_REPEATS 24

/// The most coverage classes `tis_palette_classes_find` numbers; a picture with more is not
/// grouped (NULL).
#define TIS_PALETTE_CLASS_LIMIT 4096

/// Groups the `width` x `height` pixels by coverage: `planes` holds `plane_count` (1-32) planes of
/// `width * height` bytes, one per drawing operation in drawing order, each the source alpha
/// (0-255) that operation composites at each pixel (rows packed); `colours` each operation's
/// colour (any 32-bit value; equal for equal colours). A pixel's class is its (colour, alpha)
/// pairs from the last plane at 255 on (which hides what was drawn before), those at 0 left out.
/// Classes are numbered by first appearance. NULL when the arguments are out of range, the pixels
/// fall into more than `TIS_PALETTE_CLASS_LIMIT` classes, or memory runs out; free with
/// `tis_palette_classes_free`.
tis_palette_classes *tis_palette_classes_find(const uint8_t *planes, const uint32_t *colours, int plane_count,
                                              uint32_t width, uint32_t height);

/// How many classes `tis_palette_classes_find` found.
int tis_palette_classes_count(const tis_palette_classes *classes);

/// Makes the palette and its image data. `pixels`: the picture the planes came from (premultiplied
/// RGBA8, rows packed), which gives each class its alpha. Past 256 classes, `probes`
/// (`probe_count` renders of the picture in fixed tints, premultiplied, rows packed; none needed
/// up to 256) decide which classes share an entry: first every class within one
/// level of a larger one in every probe, then the rarest into their nearest, while the probes'
/// error stays within half of `options->palette_min_psnr`'s bound. Entries are ordered as
/// `tis_palette_build` orders colours (translucent ones first by first appearance, then opaque
/// ones in reverse order). The index image is compressed with `options` (no text, sRGB, pHYs or
/// classes are used). 0, or -1 when the classes cannot be merged to 256, or on a libpng error or
/// lack of memory; then the classes must not be given to an encode.
int tis_palette_classes_finish(tis_palette_classes *classes, const uint8_t *pixels, const uint8_t *probes,
                               int probe_count, const tis_png_options *options);

/// The bytes the classes hold (per-pixel classes and indices, per-class tables, image data).
size_t tis_palette_classes_bytes(const tis_palette_classes *classes);

/// Frees `classes` (NULL is ignored).
void tis_palette_classes_free(tis_palette_classes *classes);

/// The image-data cache's capacity in bytes until `tis_png_image_data_cache_set_capacity` is
/// called: 4 MiB (its share of the default `--cache-bytes`), about 250 scale-2 toggles (6,300
/// index bytes and 1,500-3,000 IDAT bytes each) in its 256 slots.
#define TIS_PNG_IMAGE_DATA_CACHE_DEFAULT_BYTES ((size_t)4 << 20)

/// Sets the most memory, in bytes, the image-data cache holds (index bytes, IDAT chunks and each
/// entry's record), dropping entries until it holds no more; an entry over an eighth of it is
/// never stored, so 0 (or anything under eight entries' worth) stores nothing. Thread-safe.
void tis_png_image_data_cache_set_capacity(size_t bytes);

/// The image-data cache's capacity in bytes (`tis_png_image_data_cache_set_capacity`).
size_t tis_png_image_data_cache_capacity(void);

/// Empties the image-data cache (for tests: the next encodes run cold).
void tis_png_image_data_cache_clear(void);

/// The image-data cache's counters since the process started: encodes that took their IDAT from
/// it, entries stored, and the bytes it holds now (at most its capacity).
/// Any pointer may be NULL.
void tis_png_image_data_cache_counts(uint64_t *hits, uint64_t *stores, size_t *bytes);

/// For tests: the cache's offer and lookup with a hash chosen by the caller (other settings 0),
/// so that two different index images can be given the same hash. The lookup returns the size of
/// the IDAT bytes it would use, 0 on a miss.
void tis_png_image_data_cache_test_offer(uint32_t width, uint32_t height, uint64_t hash,
                                         const uint8_t *indices, const uint8_t *idat, size_t idat_size);
size_t tis_png_image_data_cache_test_lookup(uint32_t width, uint32_t height, uint64_t hash,
                                            const uint8_t *indices);

/// Encoded bytes, owned by the caller: release with `tis_png_buffer_free`. On entry `capacity`
/// may hint the expected size (0: 4 KiB); `data` must be NULL.
typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
} tis_png_buffer;

/// Return codes.
enum {
    TIS_PNG_OK = 0,
    TIS_PNG_ERROR_ARGUMENT = 1,     // zero or oversized dimensions, null pointers
    TIS_PNG_ERROR_MEMORY = 2,       // allocation failed
    TIS_PNG_ERROR_LIBPNG = 3        // libpng reported an error (message in `error_message`)
};

/// Encodes `height` rows of `width` straight-alpha RGBA8 pixels (`stride` bytes apart; or
/// premultiplied ones, which it may overwrite, when `options->premultiplied`) as an
/// 8-bit, non-interlaced PNG (RGBA, or palette when `options->allow_palette` and the pixels
/// allow) with the given text chunks. `options` NULL means libpng's defaults, RGBA, no sRGB or
/// pHYs. On success `out` holds the file; on failure `out` is empty and `error_message` (if not
/// NULL, `error_capacity` bytes) says why.
int tis_png_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                        const tis_png_options *options,
                        const tis_png_text *texts, int text_count,
                        tis_png_buffer *out, char *error_message, size_t error_capacity);

/// Encodes `height` rows of `width` palette indices (one byte a pixel, rows packed) as an 8-bit
/// palette PNG (colour type 3) whose PLTE holds `palette_count` (1-256) entries of `palette`
/// (straight RGBA8, 4 bytes each) and whose tRNS holds the alpha of the first
/// `translucent_count` of them (0: no tRNS; entries after them must be opaque). An APNG's frames
/// share one palette this way. Every index must be below `palette_count`. `options` as for
/// `tis_png_encode_rgba` (`allow_palette`, `palette_min_psnr` and `premultiplied` are not used;
/// the palette level applies). Same results and errors as `tis_png_encode_rgba`.
int tis_png_encode_indexed(const uint8_t *indices, uint32_t width, uint32_t height,
                           const uint8_t *palette, int palette_count, int translucent_count,
                           const tis_png_options *options, const tis_png_text *texts, int text_count,
                           tis_png_buffer *out, char *error_message, size_t error_capacity);

/// Frees the bytes of `buffer` and empties it.
void tis_png_buffer_free(tis_png_buffer *buffer);

#endif
