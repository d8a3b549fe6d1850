# Build: the official Swift image, with the standard library linked statically.
FROM swift:6.3-bookworm AS build
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends libpng-dev zlib1g-dev pkg-config \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --static-swift-stdlib --product toggle-server \
 && mkdir -p /out \
 && cp "$(swift build -c release --show-bin-path)/toggle-server" /out/ \
 && find "$(swift build -c release --show-bin-path)" -maxdepth 1 -name '*.resources' -exec cp -R {} /out/ \;

# Run: slim Debian with only libpng, as a non-root user.
FROM debian:bookworm-slim
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends libpng16-16 zlib1g \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --user-group --no-create-home toggle
WORKDIR /app
COPY --from=build /out/ /app/
COPY Public /app/Public
USER 10001
EXPOSE 8080
ENV HOST=0.0.0.0 PORT=8080 PUBLIC_DIR=/app/Public
ENTRYPOINT ["/app/toggle-server"]
CMD ["serve"]
