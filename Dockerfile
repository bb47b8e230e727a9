# syntax=docker/dockerfile:1
#
# tidings serve in a container: a static binary on distroless, as a
# non-root user, serving the built-in demo catalogue by default.
#
#   docker build -t tidings \
#     --build-arg VERSION="$(git describe --tags --always --dirty)" \
#     --build-arg REVISION="$(git rev-parse HEAD)" .
#   docker run --rm -p 8080:8080 -e NEWS_API_KEY=choose-a-key tidings
#
# packaging/README.md has the rest (a catalogue on the volume, feeds,
# keys files). scripts/check-packaging.sh lints this file in CI.

ARG GO_VERSION=1.26

FROM golang:${GO_VERSION}-bookworm AS build
WORKDIR /src
# Modules first, so that a change of source reuses the download layer.
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/go/pkg/mod go mod download
COPY . .
# The context leaves .git out (.dockerignore), so the go command has no
# VCS stamp to record: the version and revision come in as build args and
# `tidings version` shows them.
ARG VERSION=""
ARG REVISION=""
# modernc.org/sqlite is pure Go: no cgo, so the binary is fully static.
ENV CGO_ENABLED=0
RUN --mount=type=cache,target=/go/pkg/mod \
    --mount=type=cache,target=/root/.cache/go-build \
    go build -trimpath -buildvcs=false \
      -ldflags="-s -w -X tidings/cli.version=${VERSION} -X tidings/cli.revision=${REVISION}" \
      -o /out/tidings . \
 && go build -trimpath -buildvcs=false -ldflags="-s -w" -o /out/healthprobe ./cmd/tidings-healthprobe \
 && mkdir -p /out/data

# distroless/static: CA certificates (feeds over https), tzdata and
# /etc/passwd with the nonroot user (65532), nothing else: no shell.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/tidings /out/healthprobe /usr/local/bin/
# The database directory, owned by the service's user so that a new
# named volume mounted here inherits that owner.
COPY --from=build --chown=65532:65532 /out/data /data
USER 65532:65532
WORKDIR /data
# Every serve flag is also a TIDINGS_ variable (tidings serve --help).
# Listen on every interface of the container; without TIDINGS_DB the demo
# catalogue is served from memory. The key is the operator's to give
# (NEWS_API_KEY, TIDINGS_API_KEYS or TIDINGS_API_KEYS_FILE): none is baked
# in, so an image never answers with a key everyone knows.
ENV TIDINGS_LISTEN=0.0.0.0:8080
VOLUME ["/data"]
EXPOSE 8080
# Liveness: /healthz over loopback (the image has no curl).
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["/usr/local/bin/healthprobe"]
ENTRYPOINT ["/usr/local/bin/tidings"]
CMD ["serve"]
