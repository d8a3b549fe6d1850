// A thin C layer over libpng's full write API. libpng reports errors by longjmp, which must never
// cross Swift frames; this target owns the setjmp and turns every failure into a return code.
#ifndef CPNGENCODER_H
#define CPNGENCODER_H

#include <stddef.h>
#include <stdint.h>

/// One tEXt chunk: Latin-1 keyword (1-79 bytes, e.g. "Title") and Latin-1 text, NUL-terminated.
typedef struct {
    const char *keyword;
    const char *text;
} tis_png_text;

/// Encoder settings. `filters` is a mask of libpng's PNG_FILTER_* bits (0 = libpng's default);
/// `compression_level` is zlib's 0-9 (-1 = default); `strategy` is zlib's Z_* strategy (-1 = default).
typedef struct {
    int filters;
    int compression_level;
    int strategy;
} tis_png_options;

/// Encoded bytes, owned by the caller: release with `tis_png_buffer_free`.
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

/// Encodes `height` rows of `width` straight-alpha RGBA8 pixels (`stride` bytes apart) as an
/// 8-bit RGBA, non-interlaced PNG with the given tEXt chunks. On success `out` holds the file;
/// on failure `out` is empty and `error_message` (if not NULL, `error_capacity` bytes) says why.
int tis_png_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                        const tis_png_options *options,
                        const tis_png_text *texts, int text_count,
                        tis_png_buffer *out, char *error_message, size_t error_capacity);

/// Frees the bytes of `buffer` and empties it.
void tis_png_buffer_free(tis_png_buffer *buffer);

#endif
