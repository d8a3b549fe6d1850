// A thin C layer over Debian's ICU (libicu-dev) for the text algorithms of labels: the Unicode
// Bidirectional Algorithm (UAX #9, ubidi), line breaking (UAX #14 with ICU's dictionaries,
// ubrk UBRK_LINE) and grapheme clusters (UAX #29, ubrk UBRK_CHARACTER).
//
// Swift cannot include ICU's headers: its function names are macros (`ubidi_open` is
// `ubidi_open_72`), and its types clash with Foundation's own ICU module in any Swift file that
// sees both. So this header shows only stdint types; ICU is included in the .c file alone.
// Text is UTF-16 (ICU's UChar); offsets and lengths are UTF-16 code units. Every function
// returns 0 or a positive count on success and a negative value on failure: -1 for bad
// arguments, otherwise minus ICU's UErrorCode.
#ifndef CICU_H
#define CICU_H

#include <stdint.h>

/// The paragraph level that asks for rule P2/P3: the level of the first strong character
/// (0 when there is none), ICU's UBIDI_DEFAULT_LTR.
#define TIS_BIDI_LEVEL_AUTO 0xFE

/// Resolves the embedding levels of one paragraph (`requested_level`: 0 left to right, 1 right
/// to left, or TIS_BIDI_LEVEL_AUTO for P2/P3) and orders each line visually (rule L2).
///
/// `line_limits` holds `line_count` increasing offsets, the last one `length`: line k is
/// [line_limits[k-1], line_limits[k]) (line 0 starts at 0). With one line the whole text is one
/// line and may hold several paragraphs (U+2029), as ubidi_setPara allows.
/// Writes `length` entries to each output:
/// - `levels[i]`: the level of code unit i after rule L1 (trailing white space and separators at
///   the paragraph level, per line);
/// - `visual_to_logical[j]`: for j in line k's range, the offset (in the whole text) of the code
///   unit shown j - start(k) places from the line's left end (ubidi_getVisualMap).
/// `paragraph_level` receives the resolved level of the first paragraph.
int32_t tis_bidi_resolve(const uint16_t *text, int32_t length, uint8_t requested_level,
                         const int32_t *line_limits, int32_t line_count,
                         uint8_t *paragraph_level, uint8_t *levels, int32_t *visual_to_logical);

/// The direction of the paragraph `text` begins by rules P2 and P3 (its first strong character,
/// skipping isolates; ubidi_getBaseDirection): 0 left to right, 1 right to left, 2 none (no
/// strong character).
int32_t tis_bidi_base_direction(const uint16_t *text, int32_t length);

/// Line break opportunities of `text` (UAX #14 as ICU tailors it, with its dictionaries for
/// Thai, Lao, Khmer and Burmese) for the ICU locale `locale` ("" for the root locale, "ja",
/// "ja@lb=strict" ...): writes each offset after which a line may end (greater than 0; the last
/// is `length`) to `breaks`, at most `capacity` of them. Returns how many there are (which may
/// exceed `capacity`: then only the first `capacity` were written).
int32_t tis_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                        int32_t *breaks, int32_t capacity);

/// Ends of the extended grapheme clusters of `text` (UAX #29, ICU's character break
/// iterator), as `tis_line_breaks` writes line breaks.
int32_t tis_grapheme_breaks(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity);

/// Checks a BCP 47 language tag (RFC 5646) with ICU's parser (uloc_forLanguageTag): 0 when all
/// `length` bytes of `tag` form a well-formed tag, -1 otherwise. Writes its canonical form
/// (uloc_toLanguageTag: subtags in their standard case, "zh-Hant-HK") to `canonical` and the ICU
/// locale ID it names ("zh_Hant_HK") to `locale`, each NUL-terminated within its capacity.
int32_t tis_language_tag(const char *tag, int32_t length, char *canonical, int32_t canonical_capacity,
                         char *locale, int32_t locale_capacity);

/// ICU's Unicode version, e.g. "15.0", written with its NUL to `buffer` (at least 20 bytes, ICU's U_MAX_VERSION_STRING_LENGTH).
void tis_icu_unicode_version(char *buffer, int32_t capacity);

#endif
