// Merging the nearest colours of an image a few colours over 256, so that it still fits a
// palette: each merged colour is drawn with its nearest kept colour, and the merging stops short
// of the fidelity bound (PSNR composited on black and on white, the measure of the fidelity
// tests). The error is counted exactly, on the straight-alpha values the file holds.
#include "Palette.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/// One colour's values for the distance: composited on black, 255 x the 0-255 value (straight
/// colour times alpha, exact), and for ranking the same rounded to 0-255 beside the alpha.
typedef struct {
    int32_t over_black[3];
    int32_t alpha;
} colour_values;

typedef struct {
    int64_t rank;   // pixels x the rounded distance: the merge order
    int colour, nearest;
} candidate;

static colour_values values_of(uint32_t rgba, int premultiplied) {
    uint8_t p[4];
    memcpy(p, &rgba, 4);
    colour_values v;
    v.alpha = p[3];
    for (int c = 0; c < 3; c++) {
        // Straight alpha as CPNGEncoder writes it: round(c * 255 / a), 0 when a is 0.
        int32_t s = p[c];
        if (premultiplied && p[3] < 255) s = p[3] == 0 ? 0 : ((int32_t)p[c] * 255 + p[3] / 2) / p[3];
        if (s > 255) s = 255;
        v.over_black[c] = s * p[3];
    }
    return v;
}

/// Squared error of drawing `a` as `b`, composited on black (`*black`) and on white (`*white`),
/// in units of (1/255)^2 of the 0-255 scale, summed over R, G and B.
static void errors(const colour_values *a, const colour_values *b, int64_t *black, int64_t *white) {
    int64_t eb = 0, ew = 0, da = 255 * (int64_t)(a->alpha - b->alpha);
    for (int c = 0; c < 3; c++) {
        int64_t d = a->over_black[c] - b->over_black[c];
        eb += d * d;
        ew += (d - da) * (d - da);  // on white: + 255 x (255 - alpha)
    }
    *black = eb;
    *white = ew;
}

/// The colours' 0-255 values (premultiplied R, G, B, and alpha) for the ranking distance, and
/// their order by R + G + B, which bounds it from below: the search for a nearest colour walks
/// out from a colour's place in that order and stops where no closer one can lie.
typedef struct {
    int32_t rounded[TIS_PALETTE_MERGE_LIMIT][4];
    int32_t sum[TIS_PALETTE_MERGE_LIMIT];
    int16_t sorted[TIS_PALETTE_MERGE_LIMIT];    // colour numbers by sum
    int16_t position[TIS_PALETTE_MERGE_LIMIT];  // each colour's place in `sorted`
} neighbours;

/// Counting sort of the colours by sum (0 to 765), stable.
static void sort_by_sum(neighbours *near, int n) {
    int start[3 * 255 + 2] = {0};
    for (int c = 0; c < n; c++) {
        near->sum[c] = near->rounded[c][0] + near->rounded[c][1] + near->rounded[c][2];
        start[near->sum[c] + 1]++;
    }
    for (int k = 1; k < 3 * 255 + 2; k++) start[k] += start[k - 1];
    for (int c = 0; c < n; c++) {
        int at = start[near->sum[c]]++;
        near->sorted[at] = (int16_t)c;
        near->position[c] = (int16_t)at;
    }
}

/// The ranking distance: squared differences on black (premultiplied) and on white
/// (premultiplied minus alpha), rounded to 0-255.
static inline int32_t distance(const neighbours *near, int a, int b) {
    int32_t da = near->rounded[a][3] - near->rounded[b][3], d = 0;
    for (int k = 0; k < 3; k++) {
        int32_t dc = near->rounded[a][k] - near->rounded[b][k];
        d += dc * dc + (dc - da) * (dc - da);
    }
    return d;
}

/// The colour nearest to `a` by `distance` (ties: the lower number), and that distance. The
/// distance is at least (difference of sums)^2 / 3, so each direction stops there.
static int nearest(const neighbours *near, int n, int a, int32_t *best_distance) {
    int best = -1;
    int64_t best_d = INT64_MAX / 4;
    for (int step = -1; step <= 1; step += 2) {
        for (int at = near->position[a] + step; at >= 0 && at < n; at += step) {
            int b = near->sorted[at];
            int64_t ds = near->sum[b] - near->sum[a];
            if (ds * ds > 3 * best_d) break;
            int32_t d = distance(near, a, b);
            if (d < best_d || (d == best_d && b < best)) best_d = d, best = b;
        }
    }
    *best_distance = (int32_t)best_d;
    return best;
}

void tis_palette_error(uint32_t a, uint32_t b, int premultiplied, int64_t *black, int64_t *white) {
    colour_values va = values_of(a, premultiplied), vb = values_of(b, premultiplied);
    errors(&va, &vb, black, white);
}

double tis_palette_error_budget(size_t pixel_count, double min_psnr) {
    // 3 samples a pixel, each at most (255 x 255)^2 in these units, over 10^(PSNR / 10).
    return 3.0 * (double)pixel_count * 255.0 * 255.0 * 255.0 * 255.0 / pow(10, min_psnr / 10);
}

static int by_rank(const void *x, const void *y) {
    const candidate *a = x, *b = y;
    if (a->rank != b->rank) return a->rank < b->rank ? -1 : 1;
    return a->colour - b->colour;
}

/// The `want` colours with the fewest pixels (ties: the earlier colour), into `out`.
static int rarest(const tis_colour_table *table, int want, candidate *out) {
    int histogram[257] = {0};
    for (int c = 0; c < table->count; c++) histogram[table->pixels[c] < 256 ? table->pixels[c] : 256]++;
    int threshold = 0, below = 0;
    while (threshold < 256 && below + histogram[threshold] < want) below += histogram[threshold++];
    int n = 0, room_at_threshold = want - below;
    for (int c = 0; c < table->count; c++) {
        int p = table->pixels[c] < 256 ? (int)table->pixels[c] : 256;
        if (p < threshold || (p == threshold && room_at_threshold-- > 0)) out[n++].colour = c;
    }
    return n;
}

int tis_palette_merge(const tis_colour_table *table, size_t pixel_count, const tis_palette_bound *bound,
                      int16_t *kept) {
    int n = table->count, excess = n - 256;
    if (excess <= 0) {
        for (int c = 0; c < n; c++) kept[c] = (int16_t)c;
        return 0;
    }
    colour_values values[TIS_PALETTE_MERGE_LIMIT];
    neighbours near;
    for (int c = 0; c < n; c++) {
        values[c] = values_of(table->rgba[c], bound->premultiplied);
        for (int k = 0; k < 3; k++) near.rounded[c][k] = (values[c].over_black[k] + 127) / 255;
        near.rounded[c][3] = values[c].alpha;
    }
    sort_by_sum(&near, n);
    // Four candidates per colour to drop leave room for the ones whose neighbour goes first.
    candidate candidates[TIS_PALETTE_MERGE_LIMIT];
    int count = rarest(table, excess * 4 + 16 < n ? excess * 4 + 16 : n, candidates);
    for (int i = 0; i < count; i++) {
        int32_t distance;
        candidates[i].nearest = nearest(&near, n, candidates[i].colour, &distance);
        candidates[i].rank = (int64_t)table->pixels[candidates[i].colour] * distance;
    }
    qsort(candidates, (size_t)count, sizeof *candidates, by_rank);
    // The bound as a total squared error over 3 x pixel_count samples, in the units of `errors`.
    double budget = tis_palette_error_budget(pixel_count, bound->min_psnr);
    double black = 0, white = 0;
    uint8_t is_target[TIS_PALETTE_MERGE_LIMIT] = {0};
    for (int c = 0; c < n; c++) kept[c] = (int16_t)c;
    int merged = 0;
    for (int i = 0; i < count && merged < excess; i++) {
        int a = candidates[i].colour, b = candidates[i].nearest;
        if (is_target[a] || kept[b] != b) continue;  // no chains: a target stays, a merged colour is no target
        int64_t eb, ew;
        errors(&values[a], &values[b], &eb, &ew);
        double pixels = table->pixels[a];
        if (black + pixels * (double)eb > budget || white + pixels * (double)ew > budget) continue;
        black += pixels * (double)eb;
        white += pixels * (double)ew;
        kept[a] = (int16_t)b;
        is_target[b] = 1;
        merged++;
    }
    return merged == excess ? 0 : -1;
}
