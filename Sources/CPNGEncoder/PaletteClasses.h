// Coverage classes (CPNGEncoder.h, `tis_palette_classes`): the grouping, the palette by class
// and its image data. Internal to CPNGEncoder.
#ifndef TIS_PALETTE_CLASSES_H
#define TIS_PALETTE_CLASSES_H

#include "CPNGEncoder.h"
#include "Palette.h"

/// The most classes `tis_palette_classes_finish` merges down to 256 entries; past it the picture
/// is encoded by colour.
enum { TIS_PALETTE_CLASS_MERGE_LIMIT = 1024 };

struct tis_palette_classes {
    uint32_t width, height;
    int count;              // classes, numbered by first appearance
    uint16_t *class_of;     // per pixel
    uint32_t *first;        // per class: its first pixel (the one whose colour it takes)
    uint32_t *pixels;       // per class: how many pixels it has
    // Made by tis_palette_classes_finish:
    int finished;
    int entries, translucent;       // palette entries, the translucent ones first
    uint16_t leader[256];           // per entry: the class whose colour it takes
    uint8_t *entry_of;              // per class: its entry
    int merged;                     // classes drawn with another class's entry
    uint16_t *merged_classes;       // those classes
    uint8_t *indices;               // per pixel: its entry
    uint8_t *idat;                  // the IDAT chunks of `indices`
    size_t idat_size;
};

/// Which classes share an entry when there are more than 256: `kept[c]` is the class whose colour
/// class `c` is drawn with (`c` itself when it leads an entry). `alpha[c]`: each class's alpha;
/// `colours`: `probe_count` rows of `count` premultiplied RGBA8 words, each class's colour in
/// each probe. What `tis_palette_classes_finish` says; 0, or -1 when 256 entries are not reached
/// within half of `bound`.
int tis_palette_classes_plan(const tis_palette_classes *classes, const uint8_t *alpha, const uint32_t *colours,
                             int probe_count, const tis_palette_bound *bound, int16_t *kept);

/// For an encode with `classes` (CPNGEncoder.c, `prepare`): checks the premultiplied `pixels`
/// (rows packed) against the classes and fills `palette` (premultiplied entries; `merged`: the
/// classes drawn with another's colour). 0 when the picture may be written with the classes'
/// indices and image data, -1 when it must be encoded by colour (CPNGEncoder.h, `classes`).
int tis_palette_classes_apply(const tis_palette_classes *classes, const uint8_t *pixels,
                              const tis_palette_bound *bound, tis_palette *palette);

#endif
