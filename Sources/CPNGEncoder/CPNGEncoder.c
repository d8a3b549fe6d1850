#include "CPNGEncoder.h"
#include "ImageDataCache.h"
#include "Palette.h"
#include "PaletteClasses.h"

#include <png.h>
#include <setjmp.h>
#include <zlib.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    tis_png_buffer *out;
    int out_of_memory;
    char *message;
    size_t capacity;
} write_state;

/// Everything one encode allocates, made before libpng's setjmp so a longjmp never leaves a
/// local variable indeterminate, and freed in one place.
typedef struct {
    png_bytep *rows;
    png_textp text_chunks;
    uint8_t *indices;       // palette indices, NULL for RGBA
    tis_palette palette;
    uint8_t *idat;          // IDAT chunks from the image-data cache, NULL unless it had them
    size_t idat_size;
    int borrowed;           // indices and idat are the coverage classes' (not freed here)
} encode_resources;

static void on_error(png_structp png, png_const_charp message) {
    write_state *state = (write_state *)png_get_error_ptr(png);
    if (state && state->message && state->capacity > 0) {
        strncpy(state->message, message ? message : "libpng error", state->capacity - 1);
        state->message[state->capacity - 1] = 0;
    }
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;  // Warnings do not fail an encode; nothing to report.
}

static void on_write(png_structp png, png_bytep data, png_size_t length) {
    write_state *state = (write_state *)png_get_io_ptr(png);
    tis_png_buffer *out = state->out;
    if (out->size + length > out->capacity || !out->data) {
        size_t capacity = out->capacity ? out->capacity : 4096;
        while (capacity < out->size + length) capacity *= 2;
        uint8_t *grown = realloc(out->data, capacity);
        if (!grown) {
            state->out_of_memory = 1;
            png_error(png, "out of memory");
        }
        out->data = grown;
        out->capacity = capacity;
    }
    memcpy(out->data + out->size, data, length);
    out->size += length;
}

static void on_flush(png_structp png) { (void)png; }

static int valid_arguments(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                           const tis_png_text *texts, int text_count, const tis_png_buffer *out) {
    return pixels && out && width > 0 && height > 0 && width <= 0x7fffffff / 4 &&
           height <= 0x7fffffff && stride >= (size_t)width * 4 && text_count >= 0 &&
           (text_count == 0 || texts);
}

static void free_resources(encode_resources *r) {
    free(r->rows);
    free(r->text_chunks);
    if (r->borrowed) return;
    free(r->indices);
    free(r->idat);
}

/// Straight alpha from premultiplied, one RGBA8 pixel: round(c * 255 / a), 0 when a is 0.
static void unpremultiply_pixel(uint8_t *p) {
    uint32_t a = p[3];
    if (a == 255) return;
    for (int c = 0; c < 3; c++) {
        uint32_t v = a == 0 ? 0 : ((uint32_t)p[c] * 255 + a / 2) / a;
        p[c] = (uint8_t)(v > 255 ? 255 : v);
    }
}

/// Allocates the row pointers and text chunks, and tries the coverage classes, then the palette,
/// when allowed: on return `r->indices` is non-NULL exactly when the image is written as a
/// palette (with the classes' indices and image data when `r->borrowed`). Premultiplied
/// pixels (`options->premultiplied`) end in straight alpha: the palette's entries, or else
/// every pixel in place. 0, or -1 (memory).
static int prepare(uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                   const tis_png_options *o, int text_count, encode_resources *r) {
    memset(r, 0, sizeof *r);
    int premultiplied = o && o->premultiplied;
    r->rows = malloc(sizeof(png_bytep) * height);
    r->text_chunks = text_count > 0 ? calloc((size_t)text_count, sizeof(png_text)) : NULL;
    if (!r->rows || (text_count > 0 && !r->text_chunks)) return -1;
    tis_palette_bound bound = {o ? o->palette_min_psnr : 0, premultiplied};
    const tis_palette_classes *classes = o ? o->classes : NULL;
    if (classes && o->allow_palette && stride == (size_t)width * 4 && classes->width == width &&
        classes->height == height && tis_palette_classes_apply(classes, pixels, &bound, &r->palette) == 0) {
        r->indices = classes->indices;  // the classes' own: read, never written or freed here
        r->idat = classes->idat;
        r->idat_size = classes->idat_size;
        r->borrowed = 1;
    } else if (o && o->allow_palette) {
        // Two bytes a pixel when colours may be merged: tis_palette_build's scratch.
        r->indices = malloc((size_t)width * height * (o->palette_min_psnr > 0 ? 2 : 1));
        if (!r->indices) return -1;
        if (tis_palette_build(pixels, width, height, stride, &bound, r->indices, &r->palette) != 0) {
            free(r->indices);
            r->indices = NULL;
        }
    }
    if (premultiplied && r->indices) {
        for (int i = 0; i < r->palette.count; i++) unpremultiply_pixel(r->palette.rgba[i]);
    } else if (premultiplied) {
        for (uint32_t y = 0; y < height; y++) {
            uint8_t *row = pixels + (size_t)y * stride;
            for (uint32_t x = 0; x < width; x++) unpremultiply_pixel(row + (size_t)x * 4);
        }
    }
    for (uint32_t y = 0; y < height; y++) {
        r->rows[y] = r->indices ? r->indices + (size_t)y * width : (png_bytep)(pixels + (size_t)y * stride);
    }
    return 0;
}

/// zlib's memLevel with about one hash entry per 4 bytes of `data_bytes`, from 4 to 8: a 7 KB
/// image does not need zlib's default 32 K-entry table, which deflateReset clears per image.
/// Measured on the toggles (Benchmarks/profile/uncached-callgrind.sh): the same bytes as
/// memLevel 8 within a few per image, fewer instructions in zlib at scales 2 and 3; below 4,
/// hash collisions cost more than the table.
static int memory_level_for(size_t data_bytes) {
    int level = 4;
    while (level < 8 && ((size_t)1 << (level + 9)) < data_bytes) level++;
    return level;
}

/// Filters, zlib level (for a palette image when `palette`), strategy and memory level for
/// `data_bytes` of filtered image data.
/// libpng itself shrinks zlib's window to the data (pngwutil.c, png_deflate_claim).
static void configure_compression(png_structp png, const tis_png_options *o, size_t data_bytes,
                                  int palette) {
    if (o->filters > 0) png_set_filter(png, PNG_FILTER_TYPE_BASE, o->filters);
    int level = palette ? o->palette_compression_level : o->compression_level;
    if (level >= 0) png_set_compression_level(png, level);
    if (o->strategy >= 0) png_set_compression_strategy(png, o->strategy);
    png_set_compression_mem_level(png, o->memory_level > 0 ? o->memory_level : memory_level_for(data_bytes));
}

/// The IEND chunk (PNG third edition, section 11.2.5): no data, so always these 12 bytes.
static const uint8_t iend_chunk[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82};

/// The image-data cache's key for a palette image encoded with `o` (the settings
/// `configure_compression` and the palette's filter choice give libpng).
static tis_image_data_key image_data_key(uint32_t width, uint32_t height, const tis_png_options *o,
                                         size_t data_bytes, const uint8_t *indices) {
    tis_image_data_key key;
    memset(&key, 0, sizeof key);
    key.width = width;
    key.height = height;
    key.filters = o->filters > 0 ? o->filters : PNG_FILTER_NONE;
    key.level = o->palette_compression_level;
    key.strategy = o->strategy;
    key.memory_level = o->memory_level > 0 ? o->memory_level : memory_level_for(data_bytes);
    // The settings mixed in too, so that one image under several settings takes several slots.
    uint64_t settings = (uint64_t)(uint8_t)key.filters << 24 | (uint64_t)(uint8_t)key.level << 16 |
                        (uint64_t)(uint8_t)key.strategy << 8 | (uint64_t)(uint8_t)key.memory_level;
    uint64_t h = tis_image_data_hash(indices, (size_t)width * height) ^ settings * 0x9E3779B97F4A7C15ull;
    key.hash = h ^ (h >> 31);
    return key;
}

/// Offers the IDAT chunks libpng just wrote (from `idat_at` to the closing IEND) to the cache,
/// when the bytes there are what that layout says.
static void offer_image_data(const tis_image_data_key *key, const uint8_t *indices,
                             const tis_png_buffer *out, size_t idat_at) {
    if (out->size < idat_at + 12 + 12) return;
    size_t idat_size = out->size - 12 - idat_at;
    if (memcmp(out->data + idat_at + 4, "IDAT", 4) != 0 ||
        memcmp(out->data + out->size - 12, iend_chunk, 12) != 0) return;
    tis_image_data_offer(key, indices, out->data + idat_at, idat_size);
}

/// IHDR; sRGB and pHYs as the options say. A palette image is announced to libpng as 8-bit
/// greyscale: the rows (one index byte per pixel, filter type 0) and so the IDAT stream are the
/// same bytes, and `write_palette` then makes the file colour type 3 with its PLTE and tRNS.
/// libpng's own PLTE writer hands every 3-byte entry to the CRC and the write callback on its
/// own (Benchmarks/profile/uncached-callgrind.sh).
static void set_header(png_structp png, png_infop info, uint32_t width, uint32_t height,
                       const tis_png_options *o, const encode_resources *r) {
    int colour_type = r->indices ? PNG_COLOR_TYPE_GRAY : PNG_COLOR_TYPE_RGB_ALPHA;
    png_set_IHDR(png, info, width, height, 8, colour_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (o && o->srgb) png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    if (o && o->pixels_per_metre > 0) {
        png_set_pHYs(png, info, o->pixels_per_metre, o->pixels_per_metre, PNG_RESOLUTION_METER);
    }
}

static void put_uint32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/// Writes one chunk (PNG third edition, section 5.3: length, type, data, CRC-32 of type and
/// data) of `length` data bytes at `at`; the data must already be at `at + 8`.
static void close_chunk(uint8_t *at, const char *type, uint32_t length) {
    put_uint32(at, length);
    memcpy(at + 4, type, 4);
    put_uint32(at + 8 + length, (uint32_t)crc32(0, at + 4, 4 + length));
}

/// Turns the greyscale file libpng wrote into the palette image: IHDR's colour type becomes 3
/// (its CRC recomputed), and PLTE, then tRNS when some entries are translucent, are inserted at
/// `at`, where libpng writes them (after IHDR and sRGB, before pHYs, text and IDAT; PNG third
/// edition, section 5.6). 0, or -1 when memory runs out.
static int write_palette(tis_png_buffer *out, size_t at, const tis_palette *palette) {
    size_t plte = 12 + 3 * (size_t)palette->count;
    size_t trns = palette->translucent > 0 ? 12 + (size_t)palette->translucent : 0;
    size_t needed = out->size + plte + trns;
    if (needed > out->capacity) {
        uint8_t *grown = realloc(out->data, needed);
        if (!grown) return -1;
        out->data = grown;
        out->capacity = needed;
    }
    uint8_t *d = out->data;
    // Signature (8), IHDR length and type (8), width, height, bit depth, then the colour type.
    d[8 + 8 + 9] = PNG_COLOR_TYPE_PALETTE;
    put_uint32(d + 8 + 8 + 13, (uint32_t)crc32(0, d + 12, 4 + 13));
    memmove(d + at + plte + trns, d + at, out->size - at);
    uint8_t *p = d + at + 8;
    for (int i = 0; i < palette->count; i++, p += 3) memcpy(p, palette->rgba[i], 3);
    close_chunk(d + at, "PLTE", (uint32_t)(3 * palette->count));
    if (trns) {
        p = d + at + plte + 8;
        for (int i = 0; i < palette->translucent; i++) p[i] = palette->rgba[i][3];
        close_chunk(d + at + plte, "tRNS", (uint32_t)palette->translucent);
    }
    out->size = needed;
    return 0;
}

/// tEXt chunks for Latin-1 texts, iTXt (uncompressed, no language) for UTF-8 ones.
static void set_text(png_structp png, png_infop info, const tis_png_text *texts, int count,
                     png_textp chunks) {
    if (count == 0) return;
    for (int i = 0; i < count; i++) {
        chunks[i].key = (png_charp)texts[i].keyword;
        chunks[i].text = (png_charp)texts[i].text;
        if (texts[i].utf8) {
            chunks[i].compression = PNG_ITXT_COMPRESSION_NONE;
            chunks[i].itxt_length = strlen(texts[i].text);
            chunks[i].lang = (png_charp)"";
            chunks[i].lang_key = (png_charp)"";
        } else {
            chunks[i].compression = PNG_TEXT_COMPRESSION_NONE;
        }
    }
    png_set_text(png, info, chunks, count);
}

/// Writes the file for the prepared rows `r` (RGBA, or palette indices when `r->indices`): the
/// common part of both entry points. Frees `r`; on failure empties `out`.
static int write_file(encode_resources *r, uint32_t width, uint32_t height, const tis_png_options *options,
                      const tis_png_text *texts, int text_count, tis_png_buffer *out,
                      char *error_message, size_t error_capacity) {
    size_t data_bytes = (size_t)height * (1 + (size_t)width * (r->indices ? 1 : 4));
    int reuse = options && options->reuse_image_data && r->indices && !r->borrowed;
    tis_image_data_key key = {0};
    if (reuse) {
        key = image_data_key(width, height, options, data_bytes, r->indices);
        r->idat = tis_image_data_lookup(&key, r->indices, &r->idat_size);
    }
    write_state state = {out, 0, error_message, error_capacity};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        free_resources(r);
        return TIS_PNG_ERROR_MEMORY;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free_resources(r);
        tis_png_buffer_free(out);
        return state.out_of_memory ? TIS_PNG_ERROR_MEMORY : TIS_PNG_ERROR_LIBPNG;
    }
    png_set_write_fn(png, &state, on_write, on_flush);
    if (options) configure_compression(png, options, data_bytes, r->indices != NULL);
    // libpng's own choice for a palette (pngwutil.c, png_write_IHDR), kept for the greyscale stand-in.
    if (r->indices && (!options || options->filters <= 0)) png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    set_header(png, info, width, height, options, r);
    set_text(png, info, texts, text_count, r->text_chunks);
    png_write_info_before_PLTE(png, info);
    size_t palette_at = out->size;
    png_write_info(png, info);
    size_t idat_at = out->size;
    if (r->idat) {
        // The chunks libpng wrote for these index bytes and settings before, then IEND, as
        // png_write_image and png_write_end would write them (ImageDataCache.c says why).
        on_write(png, r->idat, r->idat_size);
        on_write(png, (png_bytep)iend_chunk, sizeof iend_chunk);
    } else {
        png_write_image(png, r->rows);
        png_write_end(png, info);
    }

    png_destroy_write_struct(&png, &info);
    if (reuse && !r->idat) offer_image_data(&key, r->indices, out, idat_at);
    int status = r->indices && write_palette(out, palette_at, &r->palette) != 0 ? TIS_PNG_ERROR_MEMORY : TIS_PNG_OK;
    free_resources(r);
    if (status != TIS_PNG_OK) tis_png_buffer_free(out);
    return status;
}

int tis_png_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                        const tis_png_options *options,
                        const tis_png_text *texts, int text_count,
                        tis_png_buffer *out, char *error_message, size_t error_capacity) {
    if (!valid_arguments(pixels, width, height, stride, texts, text_count, out)) return TIS_PNG_ERROR_ARGUMENT;
    size_t hint = out->capacity;
    out->data = NULL;
    out->size = 0;
    out->capacity = hint;

    encode_resources r;
    // Written to only when `options->premultiplied`, which promises writable pixels.
    if (prepare((uint8_t *)pixels, width, height, stride, options, text_count, &r) != 0) {
        free_resources(&r);
        return TIS_PNG_ERROR_MEMORY;
    }
    return write_file(&r, width, height, options, texts, text_count, out, error_message, error_capacity);
}

int tis_png_encode_indexed(const uint8_t *indices, uint32_t width, uint32_t height,
                           const uint8_t *palette, int palette_count, int translucent_count,
                           const tis_png_options *options, const tis_png_text *texts, int text_count,
                           tis_png_buffer *out, char *error_message, size_t error_capacity) {
    if (!valid_arguments(indices, width, height, (size_t)width * 4, texts, text_count, out) || !palette ||
        palette_count < 1 || palette_count > 256 || translucent_count < 0 || translucent_count > palette_count) {
        return TIS_PNG_ERROR_ARGUMENT;
    }
    size_t hint = out->capacity;
    out->data = NULL;
    out->size = 0;
    out->capacity = hint;

    encode_resources r;
    memset(&r, 0, sizeof r);
    size_t count = (size_t)width * height;
    r.rows = malloc(sizeof(png_bytep) * height);
    r.text_chunks = text_count > 0 ? calloc((size_t)text_count, sizeof(png_text)) : NULL;
    r.indices = malloc(count);
    if (!r.rows || !r.indices || (text_count > 0 && !r.text_chunks)) {
        free_resources(&r);
        return TIS_PNG_ERROR_MEMORY;
    }
    for (size_t i = 0; i < count; i++) {
        if (indices[i] >= palette_count) {
            free_resources(&r);
            return TIS_PNG_ERROR_ARGUMENT;
        }
    }
    memcpy(r.indices, indices, count);
    memcpy(r.palette.rgba, palette, (size_t)palette_count * 4);
    r.palette.count = palette_count;
    r.palette.translucent = translucent_count;
    for (uint32_t y = 0; y < height; y++) r.rows[y] = r.indices + (size_t)y * width;
    return write_file(&r, width, height, options, texts, text_count, out, error_message, error_capacity);
}

void tis_png_buffer_free(tis_png_buffer *buffer) {
    if (!buffer) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = 0;
    buffer->capacity = 0;
}
