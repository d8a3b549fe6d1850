#include "CPNGEncoder.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    tis_png_buffer *out;
    int out_of_memory;
    char *message;
    size_t capacity;
} write_state;

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
    if (out->size + length > out->capacity) {
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

int tis_png_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                        const tis_png_options *options,
                        const tis_png_text *texts, int text_count,
                        tis_png_buffer *out, char *error_message, size_t error_capacity) {
    if (!pixels || !out || width == 0 || height == 0 || width > 0x7fffffff / 4 ||
        height > 0x7fffffff || stride < (size_t)width * 4 || text_count < 0 ||
        (text_count > 0 && !texts)) {
        return TIS_PNG_ERROR_ARGUMENT;
    }
    out->data = NULL;
    out->size = 0;
    out->capacity = 0;

    write_state state = {out, 0, error_message, error_capacity};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
    if (!png) return TIS_PNG_ERROR_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        return TIS_PNG_ERROR_MEMORY;
    }
    png_textp text_chunks = NULL;
    png_bytep *rows = NULL;

    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(text_chunks);
        free(rows);
        tis_png_buffer_free(out);
        return state.out_of_memory ? TIS_PNG_ERROR_MEMORY : TIS_PNG_ERROR_LIBPNG;
    }

    png_set_write_fn(png, &state, on_write, on_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (options) {
        if (options->filters > 0) png_set_filter(png, PNG_FILTER_TYPE_BASE, options->filters);
        if (options->compression_level >= 0) png_set_compression_level(png, options->compression_level);
        if (options->strategy >= 0) png_set_compression_strategy(png, options->strategy);
    }
    if (text_count > 0) {
        text_chunks = calloc((size_t)text_count, sizeof(png_text));
        if (!text_chunks) png_error(png, "out of memory");
        for (int i = 0; i < text_count; i++) {
            text_chunks[i].compression = PNG_TEXT_COMPRESSION_NONE;
            text_chunks[i].key = (png_charp)texts[i].keyword;
            text_chunks[i].text = (png_charp)texts[i].text;
        }
        png_set_text(png, info, text_chunks, text_count);
    }
    rows = malloc(sizeof(png_bytep) * height);
    if (!rows) png_error(png, "out of memory");
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)(pixels + (size_t)y * stride);

    png_write_info(png, info);
    png_write_image(png, rows);
    png_write_end(png, info);

    png_destroy_write_struct(&png, &info);
    free(text_chunks);
    free(rows);
    return TIS_PNG_OK;
}

void tis_png_buffer_free(tis_png_buffer *buffer) {
    if (!buffer) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = 0;
    buffer->capacity = 0;
}
