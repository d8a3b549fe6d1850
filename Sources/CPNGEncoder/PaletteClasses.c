// Coverage classes: why a palette numbered by class fits the picture in any tint. The raster
// backend composites every operation per pixel, source-over, at a source alpha quantized to
// 1/255 (SceneRasterizer, Canvas): a pixel's bytes are a function of the sequence of those alphas
// and of the operations' colours. An alpha of 0 changes nothing and one of 255 replaces what was
// under it, so two pixels with the same (colour, alpha) pairs from their last 255 on, zeros left
// out, have the same colour; and where the picture in another tint has the same operations with
// the tint in place of the probe's colour (the same geometry), they still do. The index image
// depends on the geometry alone. Each encode still checks every pixel against its class's colour
// (`apply`), so a picture for which that does not hold is encoded by colour, never wrongly.
#include "PaletteClasses.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_PLANES = 32, KEY_BYTES = 2 * MAX_PLANES, SLOT_BITS = 13, SLOTS = 1 << SLOT_BITS };

/// The open-addressing table of `find`: each class's signature (`KEY_BYTES`, zero-padded).
typedef struct {
    uint8_t (*keys)[KEY_BYTES];
    int16_t slots[SLOTS];  // class numbers, -1: empty
} signatures;

static inline uint32_t slot_of(const uint8_t *key) {
    uint64_t w[KEY_BYTES / 8];
    memcpy(w, key, KEY_BYTES);
    uint64_t h = 0;
    for (int i = 0; i < KEY_BYTES / 8; i++) h = (h ^ w[i]) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)((h ^ (h >> 29)) >> (64 - SLOT_BITS));
}

/// The signature of a pixel whose planes hold `alphas`: (colour, alpha) pairs of the planes from
/// the last at 255 on, those at 0 left out, zero-padded; `colour_ids` numbers the planes' colours
/// (equal colours, equal numbers).
static void signature_of(const uint8_t *alphas, const uint8_t *colour_ids, int plane_count, uint8_t *key) {
    int from = plane_count - 1;
    while (from > 0 && alphas[from] != 255) from--;
    memset(key, 0, KEY_BYTES);
    for (int k = from, n = 0; k < plane_count; k++) {
        if (alphas[k] == 0) continue;
        key[n++] = (uint8_t)(colour_ids[k] + 1);
        key[n++] = alphas[k];
    }
}

/// The class of `key`, numbered next when new; -1 past TIS_PALETTE_CLASS_LIMIT.
static int class_of_key(signatures *s, tis_palette_classes *c, const uint8_t *key, uint32_t pixel) {
    uint32_t slot = slot_of(key);
    while (s->slots[slot] >= 0 && memcmp(s->keys[s->slots[slot]], key, KEY_BYTES) != 0) slot = (slot + 1) & (SLOTS - 1);
    if (s->slots[slot] >= 0) return s->slots[slot];
    if (c->count == TIS_PALETTE_CLASS_LIMIT) return -1;
    int id = c->count++;
    memcpy(s->keys[id], key, KEY_BYTES);
    s->slots[slot] = (int16_t)id;
    c->first[id] = pixel;
    c->pixels[id] = 0;
    return id;
}

/// Numbers the classes of every pixel; 0, or -1 past TIS_PALETTE_CLASS_LIMIT.
static int number_classes(tis_palette_classes *c, signatures *s, const uint8_t *planes, const uint32_t *colours,
                          int plane_count) {
    size_t total = (size_t)c->width * c->height;
    uint8_t key[KEY_BYTES], colour_ids[MAX_PLANES];
    union { uint8_t bytes[MAX_PLANES]; uint64_t words[MAX_PLANES / 8]; } alphas = {{0}}, last = {{0}};
    int words = (plane_count + 7) / 8;
    for (int k = 0, ids = 0; k < plane_count; k++) {  // the number of the first plane of this colour
        int j = 0;
        while (j < k && colours[j] != colours[k]) j++;
        colour_ids[k] = j < k ? colour_ids[j] : (uint8_t)ids++;
    }
    int last_class = -1;
    for (size_t i = 0; i < total; i++) {
        for (int k = 0; k < plane_count; k++) alphas.bytes[k] = planes[(size_t)k * total + i];
        int same = last_class >= 0;  // runs of the same alphas skip the signature and the table
        for (int w = 0; w < words && same; w++) same = alphas.words[w] == last.words[w];
        if (!same) {
            signature_of(alphas.bytes, colour_ids, plane_count, key);
            last_class = class_of_key(s, c, key, (uint32_t)i);
            if (last_class < 0) return -1;
            last = alphas;
        }
        c->class_of[i] = (uint16_t)last_class;
        c->pixels[last_class]++;
    }
    return 0;
}

tis_palette_classes *tis_palette_classes_find(const uint8_t *planes, const uint32_t *colours, int plane_count,
                                              uint32_t width, uint32_t height) {
    if (!planes || !colours || plane_count < 1 || plane_count > MAX_PLANES || width == 0 || height == 0 ||
        (uint64_t)width * height > ((uint64_t)1 << 28)) return NULL;
    size_t total = (size_t)width * height;
    tis_palette_classes *c = calloc(1, sizeof *c);
    signatures *s = malloc(sizeof *s);
    if (!c || !s) goto fail;
    c->width = width;
    c->height = height;
    c->class_of = malloc(total * sizeof c->class_of[0]);
    c->first = malloc(TIS_PALETTE_CLASS_LIMIT * sizeof c->first[0]);
    c->pixels = malloc(TIS_PALETTE_CLASS_LIMIT * sizeof c->pixels[0]);
    s->keys = malloc((size_t)TIS_PALETTE_CLASS_LIMIT * KEY_BYTES);
    if (!c->class_of || !c->first || !c->pixels || !s->keys) goto fail;
    memset(s->slots, 0xff, sizeof s->slots);
    if (number_classes(c, s, planes, colours, plane_count) != 0) goto fail;
    // The tables at their size (realloc to fewer bytes keeps the contents; NULL keeps the block).
    uint32_t *first = realloc(c->first, (size_t)c->count * sizeof c->first[0]);
    uint32_t *pixels = realloc(c->pixels, (size_t)c->count * sizeof c->pixels[0]);
    if (first) c->first = first;
    if (pixels) c->pixels = pixels;
    free(s->keys);
    free(s);
    return c;
fail:
    if (s) free(s->keys);
    free(s);
    tis_palette_classes_free(c);
    return NULL;
}

int tis_palette_classes_count(const tis_palette_classes *classes) { return classes ? classes->count : 0; }

/// Entries in the order `tis_palette_build` gives colours: the leading classes (`kept[k] == k`),
/// translucent ones by first appearance, then opaque ones in reverse; each class's entry.
static void order_entries(tis_palette_classes *c, const uint8_t *alpha, const int16_t *kept) {
    int n = c->count, translucent = 0, opaque = 0;
    for (int k = 0; k < n; k++) {
        if (kept[k] != k) continue;
        if (alpha[k] < 255) translucent++; else opaque++;
    }
    int next_translucent = 0, next_opaque = translucent + opaque - 1;
    for (int k = 0; k < n; k++) {
        if (kept[k] != k) continue;
        int entry = alpha[k] < 255 ? next_translucent++ : next_opaque--;
        c->entry_of[k] = (uint8_t)entry;
        c->leader[entry] = (uint16_t)k;
    }
    c->merged = 0;
    for (int k = 0; k < n; k++) {
        if (kept[k] == k) continue;
        c->entry_of[k] = c->entry_of[kept[k]];
        c->merged_classes[c->merged++] = (uint16_t)k;
    }
    c->entries = translucent + opaque;
    c->translucent = translucent;
}

static uint32_t read_uint32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/// The index image compressed as libpng writes it for `options`: the run of IDAT chunks of a
/// palette file made of it (the same bytes for any palette: CPNGEncoder.c, ImageDataCache.c). 0 or -1.
static int compress_indices(tis_palette_classes *c, const uint8_t *pixels, const tis_png_options *options) {
    tis_png_options o = *options;
    o.reuse_image_data = 0;
    o.classes = NULL;
    o.srgb = 0;
    o.pixels_per_metre = 0;
    uint8_t palette[256][4];
    for (int e = 0; e < c->entries; e++) memcpy(palette[e], pixels + (size_t)c->first[c->leader[e]] * 4, 4);
    tis_png_buffer out = {NULL, 0, 0};
    if (tis_png_encode_indexed(c->indices, c->width, c->height, &palette[0][0], c->entries, c->translucent, &o,
                               NULL, 0, &out, NULL, 0) != TIS_PNG_OK) return -1;
    size_t at = 8, start = 0, end = 0;
    while (at + 12 <= out.size) {
        size_t length = read_uint32(out.data + at);
        if (memcmp(out.data + at + 4, "IDAT", 4) == 0) {
            if (!start) start = at;
            end = at + 12 + length;
        } else if (start) {
            break;
        }
        at += 12 + length;
    }
    if (start && end <= out.size) c->idat = malloc(end - start);
    if (c->idat) {
        memcpy(c->idat, out.data + start, end - start);
        c->idat_size = end - start;
    }
    tis_png_buffer_free(&out);
    return c->idat ? 0 : -1;
}

/// Each class's colour in each probe: `probe_count` rows of `count` words.
static uint32_t *probe_colours(const tis_palette_classes *c, const uint8_t *probes, int probe_count) {
    size_t total = (size_t)c->width * c->height;
    uint32_t *colours = malloc((size_t)probe_count * c->count * sizeof *colours);
    if (!colours) return NULL;
    for (int p = 0; p < probe_count; p++) {
        for (int k = 0; k < c->count; k++) {
            memcpy(&colours[(size_t)p * c->count + k], probes + ((size_t)p * total + c->first[k]) * 4, 4);
        }
    }
    return colours;
}

/// `kept` for the classes: themselves up to 256, else the plan from the probes. 0 or -1.
static int choose_entries(const tis_palette_classes *c, const uint8_t *alpha, const uint8_t *probes,
                          int probe_count, const tis_png_options *options, int16_t *kept) {
    for (int k = 0; k < c->count; k++) kept[k] = (int16_t)k;
    if (c->count <= 256) return 0;
    if (!probes || probe_count < 1 || options->palette_min_psnr <= 0) return -1;
    uint32_t *colours = probe_colours(c, probes, probe_count);
    if (!colours) return -1;
    tis_palette_bound bound = {options->palette_min_psnr, 1};
    int status = tis_palette_classes_plan(c, alpha, colours, probe_count, &bound, kept);
    free(colours);
    return status;
}

int tis_palette_classes_finish(tis_palette_classes *c, const uint8_t *pixels, const uint8_t *probes,
                               int probe_count, const tis_png_options *options) {
    if (!c || c->finished || !pixels || !options || c->count > TIS_PALETTE_CLASS_MERGE_LIMIT) return -1;
    int n = c->count;
    size_t total = (size_t)c->width * c->height;
    uint8_t *alpha = malloc((size_t)n);
    int16_t *kept = malloc((size_t)n * sizeof *kept);
    c->entry_of = malloc((size_t)n);
    c->merged_classes = malloc((size_t)n * sizeof c->merged_classes[0]);
    c->indices = malloc(total);
    int status = -1;
    if (alpha && kept && c->entry_of && c->merged_classes && c->indices) {
        for (int k = 0; k < n; k++) alpha[k] = pixels[(size_t)c->first[k] * 4 + 3];
        status = choose_entries(c, alpha, probes, probe_count, options, kept);
    }
    if (status == 0) {
        order_entries(c, alpha, kept);
        for (size_t i = 0; i < total; i++) c->indices[i] = c->entry_of[c->class_of[i]];
        status = compress_indices(c, pixels, options);
    }
    free(alpha);
    free(kept);
    c->finished = status == 0;
    return status;
}

/// How many entries repeat an earlier entry's colour (`count` at most 256).
static int repeats(const uint8_t (*rgba)[4], int count) {
    uint32_t keys[512];
    uint8_t used[512];
    memset(used, 0, sizeof used);
    int repeated = 0;
    for (int e = 0; e < count; e++) {
        uint32_t word;
        memcpy(&word, rgba[e], 4);
        uint32_t slot = (word * 2654435761u) >> 23;
        while (used[slot] && keys[slot] != word) slot = (slot + 1) & 511;
        if (used[slot]) repeated++;
        used[slot] = 1;
        keys[slot] = word;
    }
    return repeated;
}

/// The merged classes' error against their entries' colours, within `bound`: 0 or -1.
static int merged_error_fits(const tis_palette_classes *c, const uint32_t *colour, const tis_palette_bound *bound) {
    if (c->merged == 0) return 0;
    size_t total = (size_t)c->width * c->height;
    double budget = bound->min_psnr > 0 ? tis_palette_error_budget(total, bound->min_psnr) : 0;
    double black = 0, white = 0;
    for (int m = 0; m < c->merged; m++) {
        int k = c->merged_classes[m];
        if (colour[k] == colour[c->leader[c->entry_of[k]]]) continue;  // one colour in this tint
        int64_t eb, ew;
        tis_palette_error(colour[k], colour[c->leader[c->entry_of[k]]], bound->premultiplied, &eb, &ew);
        black += (double)c->pixels[k] * (double)eb;
        white += (double)c->pixels[k] * (double)ew;
    }
    return black <= budget && white <= budget ? 0 : -1;
}

/// Whether every pixel has its class's colour. Differences are or-ed eight pixels at a time into
/// four words and tested once at the end: a mismatch is rare, a test per pixel is not
/// (Benchmarks/profile/uncached-callgrind.sh).
static int pixels_fit(const tis_palette_classes *c, const uint8_t *pixels, const uint32_t *colour) {
    size_t total = (size_t)c->width * c->height, i = 0;
    const uint16_t *class_of = c->class_of;
    uint32_t d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    for (; i + 8 <= total; i += 8) {
        uint32_t w[8];
        memcpy(w, pixels + i * 4, 32);
        d0 |= (w[0] ^ colour[class_of[i]]) | (w[4] ^ colour[class_of[i + 4]]);
        d1 |= (w[1] ^ colour[class_of[i + 1]]) | (w[5] ^ colour[class_of[i + 5]]);
        d2 |= (w[2] ^ colour[class_of[i + 2]]) | (w[6] ^ colour[class_of[i + 6]]);
        d3 |= (w[3] ^ colour[class_of[i + 3]]) | (w[7] ^ colour[class_of[i + 7]]);
    }
    for (; i < total; i++) {
        uint32_t word;
        memcpy(&word, pixels + i * 4, 4);
        d0 |= word ^ colour[class_of[i]];
    }
    return (d0 | d1 | d2 | d3) == 0;
}

int tis_palette_classes_apply(const tis_palette_classes *c, const uint8_t *pixels,
                              const tis_palette_bound *bound, tis_palette *palette) {
    if (!c || !c->finished) return -1;
    uint32_t colour[TIS_PALETTE_CLASS_MERGE_LIMIT];
    for (int k = 0; k < c->count; k++) memcpy(&colour[k], pixels + (size_t)c->first[k] * 4, 4);
    if (!pixels_fit(c, pixels, colour)) return -1;
    for (int e = 0; e < c->entries; e++) {
        memcpy(palette->rgba[e], &colour[c->leader[e]], 4);
        if (e >= c->translucent && palette->rgba[e][3] != 255) return -1;
    }
    if (repeats((const uint8_t (*)[4])palette->rgba, c->entries) > TIS_PALETTE_CLASS_REPEATS) return -1;
    if (merged_error_fits(c, colour, bound) != 0) return -1;
    palette->count = c->entries;
    palette->translucent = c->translucent;
    palette->merged = c->merged;
    return 0;
}

size_t tis_palette_classes_bytes(const tis_palette_classes *c) {
    if (!c) return 0;
    size_t total = (size_t)c->width * c->height;
    size_t per_class = sizeof c->first[0] + sizeof c->pixels[0] + (c->entry_of ? 1 + sizeof c->merged_classes[0] : 0);
    return sizeof *c + total * (sizeof c->class_of[0] + (c->indices ? 1 : 0)) + (size_t)c->count * per_class +
           c->idat_size;
}

void tis_palette_classes_free(tis_palette_classes *c) {
    if (!c) return;
    free(c->class_of);
    free(c->first);
    free(c->pixels);
    free(c->entry_of);
    free(c->merged_classes);
    free(c->indices);
    free(c->idat);
    free(c);
}
