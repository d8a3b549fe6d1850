# syntax=docker/dockerfile:1
# toggle-server: build with the official Swift image, run on slim Debian with only the shared
# libraries the binary loads.
#   docker build -t toggle-server .
#   docker run --rm -p 8080:8080 toggle-server
# Built and run for real by scripts/container-check (podman, local stand-ins for the two base
# images; see docs/deployment.md).

# Build: the Swift standard library and Foundation linked statically, so the runtime image needs
# no Swift toolchain.
FROM swift:6.3-bookworm AS build
# A failing command anywhere in a pipe fails the step.
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
WORKDIR /src
# The C libraries' -dev packages are the ones Package.swift's system-library targets name in
# `providers: [.apt([...])]`, so a new system library needs no edit here. Package.swift comes
# first so this layer stays cached while sources change.
COPY Package.swift ./
# hadolint ignore=DL3008,SC2046
RUN apt-get update \
 && apt-get install -y --no-install-recommends pkg-config \
      $(tr '\n' ' ' < Package.swift | grep -o '\.apt( *\[[^]]*\]' | grep -o '"[^"]*"' | tr -d '"') \
 && rm -rf /var/lib/apt/lists/*
COPY Sources ./Sources
# Package.swift names the test and fuzz targets, so their folders must exist; the benchmarks
# are a package of their own and stay out.
COPY Tests ./Tests
COPY Fuzz ./Fuzz
# The binary, stripped (its symbol table is a fifth of its size and nothing at run time reads it),
# and every SwiftPM resources folder beside it (Bundle.module looks there), whatever the targets
# that own them are called. Then the Debian packages that hold the shared libraries the binary
# loads (from `ldd`), for the runtime stage to install: a new C library needs no edit here either.
RUN swift build -c release --static-swift-stdlib --product toggle-server \
 && mkdir -p /out /pkg \
 && bin="$(swift build -c release --show-bin-path)" \
 && cp "$bin/toggle-server" /out/ \
 && strip --strip-all /out/toggle-server \
 && find "$bin" -maxdepth 1 -name '*.resources' -exec cp -R {} /out/ \; \
 && ls -d /out/*.resources \
 && ! ldd /out/toggle-server | grep 'not found' \
 && for lib in $(ldd /out/toggle-server | awk '$2 == "=>" { print $3 }'); do \
      real="$(readlink -f "$lib")"; \
      dpkg -S "$lib" 2>/dev/null || dpkg -S "$real" 2>/dev/null || dpkg -S "${real#/usr}" 2>/dev/null \
        || { echo "no Debian package holds $lib" >&2; exit 1; }; \
    done > /pkg/owners \
 && cut -d: -f1 /pkg/owners | sort -u > /pkg/runtime-packages \
 && cat /pkg/runtime-packages
# The fonts labels are drawn with (docs/scripts.md): Debian's Noto packages here, then only the
# files the server lists as its font set (`toggle-server fonts`, as fontconfig finds them) and the
# packages' copyright files (SIL Open Font License 1.1), at their own paths for the runtime stage.
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /fonts \
 && /out/toggle-server fonts | cut -f1 | sort -u | grep '^/usr/share/fonts/' \
      | while read -r file; do cp --parents "$file" /fonts/; done \
 && for pkg in fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji; do \
      cp --parents "/usr/share/doc/$pkg/copyright" /fonts/; \
    done \
 && du -sh /fonts

# Run: glibc, libstdc++, libgcc and the C libraries (libpng, zlib, ICU, fontconfig, ...), each
# only if the base image lacks it (--no-upgrade: a package already there is not replaced by a
# newer copy in a second layer); no shell tools are needed, the health check is the binary's own
# probe mode. The font files, then fontconfig's cache of them (fc-cache, from the fontconfig
# package), so the server's start-up reads the cache instead of every font.
FROM debian:bookworm-slim
COPY --from=build /pkg/runtime-packages /tmp/runtime-packages
COPY --from=build /fonts/ /
# hadolint ignore=DL3008,SC2046
RUN apt-get update \
 && apt-get install -y --no-install-recommends --no-upgrade $(cat /tmp/runtime-packages) fontconfig \
 && fc-cache -s \
 && rm -rf /var/lib/apt/lists/* /tmp/runtime-packages \
 && useradd --system --uid 10001 --user-group --no-create-home --shell /usr/sbin/nologin toggle
WORKDIR /app
# The binary and, next to it, the SwiftPM resources folders (icon data and the like).
COPY --from=build /out/ /app/
COPY Public /app/Public
USER 10001:10001
EXPOSE 8080
# ADDRESS_FILE: the server writes the address it listens on there, and the health check's probe
# reads it, so the check follows `serve --port N` as well as PORT. /tmp is writable by 10001.
ENV HOST=0.0.0.0 PORT=8080 PUBLIC_DIR=/app/Public DRAIN_DEADLINE=10 ADDRESS_FILE=/tmp/toggle-server.address
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
  CMD ["/app/toggle-server", "probe", "--path", "/healthz", "--timeout", "2"]
ENTRYPOINT ["/app/toggle-server"]
CMD ["serve"]
