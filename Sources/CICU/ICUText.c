// ICU behind stdint-only functions (include/CICU.h says why).
#include "CICU.h"

#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/uversion.h>

static int32_t failure(UErrorCode status) { return status > 0 ? -(int32_t)status : -1; }

/// Levels (after L1) and the visual map of `line` (a paragraph object or a line object over
/// [start, start + count) of the text), written at `start` in the outputs.
static int32_t write_line(UBiDi *line, int32_t start, int32_t count, uint8_t *levels, int32_t *visual_to_logical) {
    UErrorCode status = U_ZERO_ERROR;
    const UBiDiLevel *line_levels = ubidi_getLevels(line, &status);
    if (U_FAILURE(status)) return failure(status);
    memcpy(levels + start, line_levels, (size_t)count);
    ubidi_getVisualMap(line, visual_to_logical + start, &status);
    if (U_FAILURE(status)) return failure(status);
    for (int32_t j = start; j < start + count; j++) {
        // Without UBIDI_OPTION_INSERT_MARKS or REMOVE_CONTROLS the map has no -1 entries.
        if (visual_to_logical[j] < 0) return -1;
        visual_to_logical[j] += start;
    }
    return 0;
}

int32_t tis_bidi_resolve(const uint16_t *text, int32_t length, uint8_t requested_level,
                         const int32_t *line_limits, int32_t line_count,
                         uint8_t *paragraph_level, uint8_t *levels, int32_t *visual_to_logical) {
    if (text == NULL || length <= 0 || line_count <= 0 || line_limits[line_count - 1] != length) return -1;
    if (requested_level != 0 && requested_level != 1 && requested_level != TIS_BIDI_LEVEL_AUTO) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *paragraph = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status)) return failure(status);
    int32_t result = 0;
    ubidi_setPara(paragraph, (const UChar *)text, length, (UBiDiLevel)requested_level, NULL, &status);
    if (U_FAILURE(status)) {
        result = failure(status);
        goto done;
    }
    *paragraph_level = ubidi_getParaLevel(paragraph);
    if (line_count == 1) {
        result = write_line(paragraph, 0, length, levels, visual_to_logical);
        goto done;
    }
    UBiDi *line = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status)) {
        result = failure(status);
        goto done;
    }
    int32_t start = 0;
    for (int32_t k = 0; k < line_count && result == 0; k++) {
        int32_t limit = line_limits[k];
        if (limit <= start || limit > length) {
            result = -1;
            break;
        }
        ubidi_setLine(paragraph, start, limit, line, &status);
        result = U_FAILURE(status) ? failure(status) : write_line(line, start, limit - start, levels, visual_to_logical);
        start = limit;
    }
    ubidi_close(line);
done:
    ubidi_close(paragraph);
    return result;
}

int32_t tis_bidi_base_direction(const uint16_t *text, int32_t length) {
    if (text == NULL || length < 0) return -1;
    switch (ubidi_getBaseDirection((const UChar *)text, length)) {
    case UBIDI_LTR: return 0;
    case UBIDI_RTL: return 1;
    default: return 2;
    }
}

static int32_t collect_breaks(UBreakIteratorType type, const uint16_t *text, int32_t length, const char *locale,
                              int32_t *breaks, int32_t capacity) {
    if (text == NULL || length <= 0 || capacity < 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(type, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return failure(status);
    int32_t count = 0;
    for (int32_t offset = ubrk_following(iterator, 0); offset != UBRK_DONE; offset = ubrk_next(iterator)) {
        if (count < capacity) breaks[count] = offset;
        count++;
    }
    ubrk_close(iterator);
    return count;
}

int32_t tis_line_breaks(const uint16_t *text, int32_t length, const char *locale, int32_t *breaks, int32_t capacity) {
    return collect_breaks(UBRK_LINE, text, length, locale == NULL ? "" : locale, breaks, capacity);
}

int32_t tis_grapheme_breaks(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity) {
    return collect_breaks(UBRK_CHARACTER, text, length, "", breaks, capacity);
}

int32_t tis_language_tag(const char *tag, int32_t length, char *canonical, int32_t canonical_capacity,
                         char *locale, int32_t locale_capacity) {
    if (tag == NULL || length <= 0 || length > 64 || canonical_capacity <= 1 || locale_capacity <= 1) return -1;
    char text[65];
    memcpy(text, tag, (size_t)length);
    text[length] = 0;
    if (strlen(text) != (size_t)length) return -1;  // a NUL inside
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    int32_t written = uloc_forLanguageTag(text, locale, locale_capacity, &parsed, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || parsed != length || written <= 0) return -1;
    written = uloc_toLanguageTag(locale, canonical, canonical_capacity, 1, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || written <= 0) return -1;
    return 0;
}

void tis_icu_unicode_version(char *buffer, int32_t capacity) {
    if (buffer == NULL || capacity < U_MAX_VERSION_STRING_LENGTH) return;
    UVersionInfo version;
    u_getUnicodeVersion(version);
    u_versionToString(version, buffer);
}
