# syntax=docker/dockerfile:1
# toggle-server: build with the official Swift image, run on slim Debian with only libpng.
#   docker build -t toggle-server .
#   docker run --rm -p 8080:8080 toggle-server

# Build: the Swift standard library and Foundation linked statically, so the runtime image needs
# no Swift toolchain.
FROM swift:6.3-bookworm AS build
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends libpng-dev zlib1g-dev pkg-config \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Package.swift first: the dependency-free resolve step stays cached while sources change.
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
COPY Benchmarks ./Benchmarks
COPY Fuzz ./Fuzz
RUN swift build -c release --static-swift-stdlib --product toggle-server \
 && mkdir -p /out \
 && bin="$(swift build -c release --show-bin-path)" \
 && cp "$bin/toggle-server" /out/ \
 && find "$bin" -maxdepth 1 -name '*.resources' -exec cp -R {} /out/ \; \
 && test -d /out/toggle-image-service_TogglePicture.resources

# Run: the binary loads only glibc, libstdc++, libgcc, libpng and zlib (see `ldd`); no shell
# tools are needed, the health check is the binary's own probe mode.
FROM debian:bookworm-slim
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends libpng16-16 zlib1g libstdc++6 \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --user-group --no-create-home --shell /usr/sbin/nologin toggle
WORKDIR /app
# The binary and, next to it, the SwiftPM resources folder with the icon data (Bundle.module).
COPY --from=build /out/ /app/
COPY Public /app/Public
USER 10001:10001
EXPOSE 8080
ENV HOST=0.0.0.0 PORT=8080 PUBLIC_DIR=/app/Public DRAIN_DEADLINE=10
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
  CMD ["/app/toggle-server", "probe", "--path", "/healthz", "--timeout", "2"]
ENTRYPOINT ["/app/toggle-server"]
CMD ["serve"]
