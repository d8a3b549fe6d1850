// Debian's libpng-dev (pkg-config `libpng`): the full libpng 1.6 API.
#include <png.h>
