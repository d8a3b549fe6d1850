// Debian's zlib1g-dev (pkg-config `zlib`), plus one helper: deflateInit2 is a macro, which Swift
// cannot call.
#include <zlib.h>

/// Compresses `in` into `out` as one gzip member (RFC 1952: zlib's gzip wrapper, window bits
/// 15 + 16, memory level 8, default strategy; no file name and modification time 0, so equal
/// input gives equal bytes). `*outLength` is the room in `out` on entry and the bytes written on
/// return. Returns Z_OK, or Z_BUF_ERROR when `out` is too small, or another zlib error code.
static inline int czlib_gzip(const unsigned char *in, size_t inLength, unsigned char *out,
                             size_t *outLength, int level) {
    z_stream stream = {0};
    int rc = deflateInit2(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    if (rc != Z_OK) return rc;
    stream.next_in = (Bytef *)in;
    stream.avail_in = (uInt)inLength;
    stream.next_out = out;
    stream.avail_out = (uInt)*outLength;
    rc = deflate(&stream, Z_FINISH);
    *outLength = stream.total_out;
    deflateEnd(&stream);
    if (rc == Z_STREAM_END) return Z_OK;
    return rc == Z_OK ? Z_BUF_ERROR : rc;
}
