# The mock in a container, built from this module:
#
#   docker build -t rtq-mock --build-arg VERSION=$(git describe --tags --always) .
#   docker run --rm -p 127.0.0.1:8080:8080 rtq-mock
#
# The final stage is a scratch image holding one static binary, run as a
# non-root user, listening on all interfaces of the container on 8080.
# Reached from another container as http://rtq-mock:8080 (name the service
# rtq-mock, or set RTQ_ALLOWED_HOSTS), from the host as
# http://127.0.0.1:8080. The admin API (/__admin) is open to whoever can
# reach the port unless RTQ_ADMIN_TOKEN is set. Details: docs/ci.md.
FROM docker.io/library/golang:1.24 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=devel
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/rtq ./cmd/rtq

FROM scratch
COPY --from=build /out/rtq /rtq
LABEL org.opencontainers.image.licenses="Apache-2.0"
USER 65532:65532
EXPOSE 8080
ENV RTQ_ALLOWED_HOSTS=rtq-mock
HEALTHCHECK --interval=5s --timeout=4s --start-period=2s --retries=3 CMD ["/rtq", "health", "http://127.0.0.1:8080"]
ENTRYPOINT ["/rtq"]
CMD ["mock", "--addr", "0.0.0.0:8080"]
