// Debian's libharfbuzz-dev (pkg-config `harfbuzz`), HarfBuzz 6.0 or later: shaping (`hb_shape`),
// OpenType metrics (`hb_ot_metrics_get_position`) and glyph outlines (`hb_font_get_glyph_shape`
// with `hb_draw_funcs_t`, both new in HarfBuzz 4.0).
#include <hb.h>
#include <hb-ot.h>
