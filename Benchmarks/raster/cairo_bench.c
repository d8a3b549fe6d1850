/* cairo_bench: the toggle's shapes drawn with cairo, as in raster-bench (main.swift):
 * capsule track, a knob-sized circle filled into an A8 surface and blurred with a separable
 * Gaussian (sigma 2 pt, the same kernel and bounding-box restriction as GaussianBlur.swift,
 * since cairo has no blur), masked onto the canvas in black at 0.2, the white knob and the
 * checkmark polygon. Usage: cairo_bench [iterations] [scale...]
 * CAIRO_TOLERANCE=T sets cairo's curve flattening tolerance (cairo_set_tolerance; cairo's
 * default is 0.1 px, raster-bench flattens to 0.002 px).
 * Prints one line per scale: "cairo scale=S us_per_toggle=T checksum=C". */
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static const double checkmark[][2] = {
    {9, 20.42}, {2.79, 14.21}, {5.62, 11.38}, {9, 14.77}, {18.88, 4.88}, {21.71, 7.71}};

/* Separable Gaussian on the A8 surface, limited to box (x0,y0)-(x1,y1) grown by the radius. */
static void blur_a8(cairo_surface_t *s, double sigma, int bx0, int by0, int bx1, int by1) {
    cairo_surface_flush(s);
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
    int stride = cairo_image_surface_get_stride(s);
    unsigned char *data = cairo_image_surface_get_data(s);
    int r = (int)ceil(3 * sigma), taps = 2 * r + 1;
    float k[taps];
    double sum = 0, kd[taps];
    for (int i = -r; i <= r; i++) sum += kd[i + r] = exp(-(double)(i * i) / (2 * sigma * sigma));
    for (int i = 0; i < taps; i++) k[i] = (float)(kd[i] / sum);
    if (bx0 < 0) bx0 = 0;
    if (by0 < 0) by0 = 0;
    if (bx1 > w) bx1 = w;
    if (by1 > h) by1 = h;
    if (bx0 >= bx1 || by0 >= by1) return;
    int tx0 = bx0 - r < 0 ? 0 : bx0 - r, tx1 = bx1 + r > w ? w : bx1 + r;
    int ty0 = by0 - r < 0 ? 0 : by0 - r, ty1 = by1 + r > h ? h : by1 + r;
    int tw = tx1 - tx0, sh = by1 - by0, pw = tw + 2 * r;
    float *padded = calloc(pw, sizeof(float));
    float *tmp = malloc(sizeof(float) * tw * sh);
    float *out = malloc(sizeof(float) * tw);
    for (int row = 0; row < sh; row++) {
        const unsigned char *src = data + (by0 + row) * stride;
        for (int x = bx0; x < bx1; x++) padded[x - (tx0 - r)] = src[x] * (1.0f / 255);
        float *dst = tmp + row * tw;
        for (int m = 0; m < tw; m++) dst[m] = k[r] * padded[m + r];
        for (int t = 0; t < r; t++) {
            float kt = k[t];
            int far = 2 * r - t;
            for (int m = 0; m < tw; m++) dst[m] += kt * (padded[m + t] + padded[m + far]);
        }
    }
    for (int y = ty0; y < ty1; y++) {
        int t0 = by0 - (y - r) > 0 ? by0 - (y - r) : 0;
        int t1 = by1 - (y - r) < taps ? by1 - (y - r) : taps;
        for (int m = 0; m < tw; m++) out[m] = 0;
        for (int t = t0; t < t1; t++) {
            const float *from = tmp + (y - r + t - by0) * tw;
            float kt = k[t];
            for (int m = 0; m < tw; m++) out[m] += kt * from[m];
        }
        unsigned char *dst = data + y * stride + tx0;
        for (int m = 0; m < tw; m++) {
            float v = out[m] * 255 + 0.5f;
            dst[m] = v >= 255 ? 255 : (unsigned char)v;
        }
    }
    free(padded);
    free(tmp);
    free(out);
    cairo_surface_mark_dirty(s);
}

static double tolerance = 0.1;

static void circle(cairo_t *cr, double cx, double cy, double r) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, cx, cy, r, 0, 2 * M_PI);
    cairo_close_path(cr);
}

static cairo_surface_t *draw_toggle(double s) {
    double h = 32, d = h - 6;
    int w = (int)lround(1.8 * h * s), hp = (int)lround(h * s);
    cairo_surface_t *canvas = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, hp);
    cairo_t *cr = cairo_create(canvas);
    cairo_set_tolerance(cr, tolerance);
    /* Track: capsule filling the canvas. */
    double tr = hp / 2.0;
    cairo_new_path(cr);
    cairo_arc(cr, w - tr, tr, tr, -M_PI / 2, M_PI / 2);
    cairo_arc(cr, tr, tr, tr, M_PI / 2, 3 * M_PI / 2);
    cairo_close_path(cr);
    cairo_set_source_rgb(cr, 52 / 255.0, 199 / 255.0, 89 / 255.0);
    cairo_fill(cr);
    /* Shadow: the knob circle moved down 1 pt, blurred with sigma 2 pt, black at 0.2. */
    double r = d * s / 2, cx = w - 3 * s - r, cy = hp / 2.0;
    cairo_surface_t *a8 = cairo_image_surface_create(CAIRO_FORMAT_A8, w, hp);
    cairo_t *ca = cairo_create(a8);
    cairo_set_tolerance(ca, tolerance);
    circle(ca, cx, cy + s, r);
    cairo_fill(ca);
    cairo_destroy(ca);
    blur_a8(a8, 2 * s, (int)floor(cx - r), (int)floor(cy + s - r), (int)ceil(cx + r), (int)ceil(cy + s + r));
    cairo_set_source_rgba(cr, 0, 0, 0, 0.2);
    cairo_mask_surface(cr, a8, 0, 0);
    cairo_surface_destroy(a8);
    /* Knob. */
    circle(cr, cx, cy, r);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill(cr);
    /* Checkmark: the 24-unit box centred on the knob. */
    double k = 0.54 * d * s / 24;
    cairo_new_path(cr);
    for (int i = 0; i < 6; i++) {
        double x = cx - 12 * k + checkmark[i][0] * k, y = cy - 12 * k + checkmark[i][1] * k;
        if (i == 0) cairo_move_to(cr, x, y); else cairo_line_to(cr, x, y);
    }
    cairo_close_path(cr);
    cairo_set_source_rgb(cr, 52 / 255.0, 199 / 255.0, 89 / 255.0);
    cairo_fill(cr);
    cairo_destroy(cr);
    cairo_surface_flush(canvas);
    return canvas;
}

int main(int argc, char **argv) {
    int iterations = argc > 1 ? atoi(argv[1]) : 2000;
    const char *t = getenv("CAIRO_TOLERANCE");
    if (t && atof(t) > 0) tolerance = atof(t);
    double default_scales[] = {1, 2, 3};
    int nscales = argc > 2 ? argc - 2 : 3;
    for (int si = 0; si < nscales; si++) {
        double s = argc > 2 ? atof(argv[si + 2]) : default_scales[si];
        long checksum = 0;
        int warm = iterations < 50 ? iterations : 50;
        for (int i = 0; i < warm; i++) {
            cairo_surface_t *c = draw_toggle(s);
            checksum += cairo_image_surface_get_data(c)[0];
            cairo_surface_destroy(c);
        }
        double start = now();
        for (int i = 0; i < iterations; i++) {
            cairo_surface_t *c = draw_toggle(s);
            int stride = cairo_image_surface_get_stride(c), hgt = cairo_image_surface_get_height(c);
            checksum += cairo_image_surface_get_data(c)[stride * (hgt / 2) + stride / 2];
            cairo_surface_destroy(c);
        }
        double us = iterations > 0 ? (now() - start) / iterations * 1e6 : 0;
        printf("cairo scale=%g us_per_toggle=%.2f checksum=%ld\n", s, us, checksum);
    }
    return 0;
}
