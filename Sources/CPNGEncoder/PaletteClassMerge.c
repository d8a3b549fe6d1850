// Which coverage classes share a palette entry when a picture has more than 256 (PaletteClasses.h,
// `tis_palette_classes_plan`). Decided once per picture geometry from the picture drawn in a few
// fixed probe tints, so the same for every tint; each encode then measures the real error of the
// merged classes in its own tint (`tis_palette_classes_apply`). Two steps:
// - near-identical classes, within one level of a larger class in every channel of every probe,
//   join it: a tint draws most of those pairs in one colour anyway, so as separate entries they
//   would mostly repeat each other (Benchmarks/palette-classes);
// - if more than 256 classes remain, the rarest join their nearest, cheapest first, as
//   PaletteMerge.c does with colours.
// The probes' error stays within half the bound, leaving room for tints unlike the probes.
#include "PaletteClasses.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_PROBES = 8 };

typedef struct {
    const tis_palette_classes *classes;
    const uint8_t *alpha;
    const uint32_t *colours;  // probe_count rows of `classes->count` words
    int probe_count;
    int premultiplied;
    double budget;            // per probe, on black and on white each
    double black[MAX_PROBES], white[MAX_PROBES];
} plan_state;

static inline uint32_t colour(const plan_state *s, int probe, int k) {
    return s->colours[(size_t)probe * s->classes->count + k];
}

/// Whether every channel of `a` is within one level of `b`'s in every probe, with the same alpha.
static int near_identical(const plan_state *s, int a, int b) {
    if (s->alpha[a] != s->alpha[b]) return 0;
    for (int p = 0; p < s->probe_count; p++) {
        uint32_t x = colour(s, p, a), y = colour(s, p, b);
        for (int shift = 0; shift < 24; shift += 8) {
            int d = (int)(x >> shift & 0xFF) - (int)(y >> shift & 0xFF);
            if (d > 1 || d < -1) return 0;
        }
    }
    return 1;
}

/// Draws every class that `kept` maps to `from` (or `from` alone when `group` is 0) with `to`'s
/// colour, if every probe stays within the budget: 1, and `kept` updated; else 0.
static int move(plan_state *s, int16_t *kept, int from, int to, int group) {
    double black[MAX_PROBES], white[MAX_PROBES];
    int n = s->classes->count;
    for (int p = 0; p < s->probe_count; p++) {
        black[p] = s->black[p];
        white[p] = s->white[p];
        for (int k = group ? 0 : from; k < (group ? n : from + 1); k++) {
            if (kept[k] != from) continue;
            int64_t eb, ew;
            tis_palette_error(colour(s, p, k), colour(s, p, to), s->premultiplied, &eb, &ew);
            black[p] += (double)s->classes->pixels[k] * (double)eb;
            white[p] += (double)s->classes->pixels[k] * (double)ew;
        }
        if (black[p] > s->budget || white[p] > s->budget) return 0;
    }
    memcpy(s->black, black, sizeof black);
    memcpy(s->white, white, sizeof white);
    for (int k = 0; k < n; k++) {
        if (kept[k] == from) kept[k] = (int16_t)to;
    }
    return 1;
}

typedef struct {
    int64_t rank;
    int k, other;
} ranked;

static int by_rank(const void *x, const void *y) {
    const ranked *a = x, *b = y;
    if (a->rank != b->rank) return a->rank < b->rank ? -1 : 1;
    return a->k - b->k;
}

/// Step one: classes, most pixels first, join the first earlier leader they are near-identical
/// to. Returns the leaders, in order, in `leaders`, and their count.
static int join_near_identical(plan_state *s, int16_t *kept, int16_t *leaders) {
    int n = s->classes->count, count = 0;
    ranked *order = malloc((size_t)n * sizeof *order);
    if (!order) return -1;
    for (int k = 0; k < n; k++) order[k] = (ranked){-(int64_t)s->classes->pixels[k], k, 0};
    qsort(order, (size_t)n, sizeof *order, by_rank);
    for (int i = 0; i < n; i++) {
        int a = order[i].k, joined = 0;
        for (int j = 0; j < count && !joined; j++) {
            joined = near_identical(s, a, leaders[j]) && move(s, kept, a, leaders[j], 0);
        }
        if (!joined) leaders[count++] = (int16_t)a;
    }
    free(order);
    return count;
}

/// The ranking distance of two classes: the largest over the probes of the squared
/// differences of their premultiplied channels, on black and on white (minus alpha).
static int64_t distance(const plan_state *s, int a, int b) {
    int64_t worst = 0;
    for (int p = 0; p < s->probe_count; p++) {
        uint32_t x = colour(s, p, a), y = colour(s, p, b);
        int da = (int)(x >> 24) - (int)(y >> 24);
        int64_t d = 0;
        for (int shift = 0; shift < 24; shift += 8) {
            int dc = (int)(x >> shift & 0xFF) - (int)(y >> shift & 0xFF);
            d += dc * dc + (dc - da) * (dc - da);
        }
        if (d > worst) worst = d;
    }
    return worst;
}

/// Step two: the rarest leaders (four candidates per entry to drop) join their nearest leader,
/// cheapest first, no chains. 0 when 256 remain, else -1.
static int join_rarest(plan_state *s, int16_t *kept, const int16_t *leaders, int count) {
    int n = s->classes->count, excess = count - 256;
    ranked *c = malloc((size_t)count * sizeof *c);
    uint32_t *group = calloc((size_t)n, sizeof *group);
    uint8_t *target = calloc((size_t)n, 1);
    int merged = 0;
    if (c && group && target) {
        for (int k = 0; k < n; k++) group[kept[k]] += s->classes->pixels[k];
        for (int i = 0; i < count; i++) c[i] = (ranked){group[leaders[i]], leaders[i], 0};
        qsort(c, (size_t)count, sizeof *c, by_rank);
        int want = excess * 4 + 16 < count ? excess * 4 + 16 : count;
        for (int i = 0; i < want; i++) {
            int64_t best = INT64_MAX;
            for (int j = 0; j < count; j++) {
                int b = leaders[j];
                int64_t d = b == c[i].k ? INT64_MAX : distance(s, c[i].k, b);
                if (d < best || (d == best && b < c[i].other)) best = d, c[i].other = b;
            }
            c[i].rank = (int64_t)group[c[i].k] * best;
        }
        qsort(c, (size_t)want, sizeof *c, by_rank);
        for (int i = 0; i < want && merged < excess; i++) {
            int a = c[i].k, b = c[i].other;
            if (target[a] || kept[b] != b || !move(s, kept, a, b, 1)) continue;
            target[b] = 1;
            merged++;
        }
    }
    free(c);
    free(group);
    free(target);
    return merged == excess ? 0 : -1;
}

int tis_palette_classes_plan(const tis_palette_classes *classes, const uint8_t *alpha, const uint32_t *colours,
                             int probe_count, const tis_palette_bound *bound, int16_t *kept) {
    if (probe_count < 1 || probe_count > MAX_PROBES || bound->min_psnr <= 0) return -1;
    plan_state s;
    memset(&s, 0, sizeof s);
    s.classes = classes;
    s.alpha = alpha;
    s.colours = colours;
    s.probe_count = probe_count;
    s.premultiplied = 1;
    s.budget = tis_palette_error_budget((size_t)classes->width * classes->height, bound->min_psnr) / 2;
    int16_t *leaders = malloc((size_t)classes->count * sizeof *leaders);
    if (!leaders) return -1;
    int count = join_near_identical(&s, kept, leaders);
    int status = count < 0 ? -1 : count <= 256 ? 0 : join_rarest(&s, kept, leaders, count);
    free(leaders);
    return status;
}
