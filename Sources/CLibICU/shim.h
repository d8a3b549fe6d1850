// Debian's libicu-dev (pkg-config `icu-uc`), for the C target CICU only: Swift must not import
// this module (ICU's names are versioned macros, and its types clash with Foundation's own ICU),
// so it exists to name the package (`providers`) and the library to link.
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
