/* cairo_encode_bench: cairo_bench.c's toggle (its draw_toggle, included below, unchanged) drawn
 * and then written as PNG with cairo's own writer (cairo_surface_write_to_png_stream, libpng with
 * cairo's settings) into memory: the reference for the service's render + encode
 * (serving-bench --render). Usage: cairo_encode_bench [iterations] [scale...]
 * Prints one line per scale: "cairo-png scale=S us_per_toggle=T bytes=B". */
#define main cairo_bench_main
#include "cairo_bench.c"
#undef main

struct sink { unsigned char *data; size_t length, capacity; };

static cairo_status_t append(void *closure, const unsigned char *data, unsigned int length) {
    struct sink *s = closure;
    if (s->length + length > s->capacity) {
        size_t capacity = s->capacity ? s->capacity : 4096;
        while (capacity < s->length + length) capacity *= 2;
        unsigned char *grown = realloc(s->data, capacity);
        if (!grown) return CAIRO_STATUS_NO_MEMORY;
        s->data = grown;
        s->capacity = capacity;
    }
    memcpy(s->data + s->length, data, length);
    s->length += length;
    return CAIRO_STATUS_SUCCESS;
}

/* Draw, encode, free: one toggle. Returns the PNG's size. */
static size_t toggle_png(double s) {
    struct sink sink = {0};
    cairo_surface_t *c = draw_toggle(s);
    if (cairo_surface_write_to_png_stream(c, append, &sink) != CAIRO_STATUS_SUCCESS) abort();
    cairo_surface_destroy(c);
    free(sink.data);
    return sink.length;
}

int main(int argc, char **argv) {
    int iterations = argc > 1 ? atoi(argv[1]) : 1000;
    double default_scales[] = {1, 2, 3};
    int nscales = argc > 2 ? argc - 2 : 3;
    for (int si = 0; si < nscales; si++) {
        double s = argc > 2 ? atof(argv[si + 2]) : default_scales[si];
        size_t bytes = 0;
        int warm = iterations < 50 ? iterations : 50;
        for (int i = 0; i < warm; i++) bytes = toggle_png(s);
        double start = now();
        for (int i = 0; i < iterations; i++) bytes = toggle_png(s);
        double us = iterations > 0 ? (now() - start) / iterations * 1e6 : 0;
        printf("cairo-png scale=%g us_per_toggle=%.2f bytes=%zu\n", s, us, bytes);
    }
    return 0;
}
