// Debian's libfontconfig-dev (pkg-config `fontconfig`), 2.14: the system's fonts, listed once at
// start-up (`FcFontList`). Its header needs nothing else (not FreeType's, unlike fcfreetype.h).
#include <fontconfig/fontconfig.h>
