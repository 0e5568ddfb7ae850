#!/usr/bin/env bash
# check-container.sh: prove what can be proved of the container image on a
# machine that can neither pull base images nor run containers.
#
#   1. Dockerfile's final stage and Dockerfile.release say the same (user,
#      port, environment, health check, command).
#   2. scripts/release.sh builds the static linux binary of this machine's
#      architecture: its checksum verifies, rtq version prints the stamped
#      version and this checkout's VCS revision.
#   3. podman (storage driver vfs, in a throw-away store) builds the release
#      image FROM scratch with that binary; its configuration is checked.
#   4. The image's root filesystem is mounted, and its entrypoint and
#      command run in a chroot as the image's non-root user and environment
#      (on 127.0.0.1 and a free port rather than 0.0.0.0:8080, by one more
#      --addr); rtq health, also run from the image, must see
#      /__admin/health answer, and a request for Host rtq-mock is served.
#
# Steps 3 and 4 are skipped with one loud line where podman is missing (set
# RTQ_INSTALL_PODMAN=1 to have it installed with apt-get when running as
# root) and step 4 where this is not root (chroot needs it).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
work=$(mktemp -d)
pid=""
podman_() { podman --root "$work/store" --runroot "$work/run" --storage-driver vfs "$@"; }
cleanup() {
	[ -z "$pid" ] || kill "$pid" 2>/dev/null || true
	if [ -d "$work/store" ]; then
		podman_ image unmount --all >/dev/null 2>&1 || true
		podman_ rmi --all --force >/dev/null 2>&1 || true
	fi
	rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "container: FAIL: $*" >&2; exit 1; }

# 1. The two Dockerfiles' final stages.
final_stage() { awk '/^FROM /{n=NR} {l[NR]=$0} END{for(i=n+1;i<=NR;i++) print l[i]}' "$1" | grep -vE '^(ARG|COPY) |^#|^$'; }
diff <(final_stage Dockerfile) <(final_stage Dockerfile.release) >/dev/null ||
	fail "the final stage of Dockerfile and Dockerfile.release differ: $(diff <(final_stage Dockerfile) <(final_stage Dockerfile.release) | tr '\n' ' ')"

# 2. The release binary.
if [ "$(go env GOOS)" != linux ]; then
	echo "WARNING: not on linux: release binary and container image NOT checked"
	exit 0
fi
for bad in "" "-h" "v1 plan9/amd64" "v1;rm linux/amd64"; do
	code=0
	# shellcheck disable=SC2086 # each case is its words
	DIST="$work/bad" bash scripts/release.sh $bad 2>/dev/null || code=$?
	[ "$code" = 2 ] || fail "scripts/release.sh $bad exited $code, want 2 (usage)"
done
version=v0.0.0-ci
arch=$(go env GOARCH)
bin="rtq_${version}_linux_${arch}"
DIST="$work/dist" bash scripts/release.sh "$version" "linux/$arch" 2>"$work/release.log" ||
	{ cat "$work/release.log" >&2; fail "scripts/release.sh $version linux/$arch"; }
(cd "$work/dist" && sha256sum -c --quiet SHA256SUMS) || fail "SHA256SUMS does not verify"
"$work/dist/$bin" version >"$work/version"
[ "$(head -n 1 "$work/version")" = "rtq $version" ] || fail "rtq version says $(head -n 1 "$work/version"), want rtq $version"
if rev=$(git rev-parse HEAD 2>/dev/null); then
	grep -q "^revision  $rev" "$work/version" || fail "rtq version does not name revision $rev: $(tr '\n' ' ' <"$work/version")"
fi

if ! command -v podman >/dev/null 2>&1 && [ "${RTQ_INSTALL_PODMAN:-}" = 1 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
	echo "container: installing podman with apt-get" >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman >/dev/null
fi
if ! command -v podman >/dev/null 2>&1; then
	echo "WARNING: podman not installed: container image NOT built or run (release binary checked only)"
	exit 0
fi

# 3. The image.
podman_ build --quiet --format docker --build-arg VERSION="$version" \
	-f Dockerfile.release -t rtq-mock:ci "$work/dist" >/dev/null 2>"$work/build.log" ||
	{ cat "$work/build.log" >&2; fail "podman build"; }
cfg() { podman_ image inspect rtq-mock:ci --format "$1"; }
[ "$(cfg '{{.Config.User}}')" = "65532:65532" ] || fail "image user $(cfg '{{.Config.User}}'), want 65532:65532"
# shellcheck disable=SC2016 # a Go template for podman, not the shell's
[ "$(cfg '{{range $p, $_ := .Config.ExposedPorts}}{{$p}}{{end}}')" = "8080/tcp" ] || fail "image does not expose 8080/tcp only"
[ "$(cfg '{{join .Config.Healthcheck.Test " "}}')" = "CMD /rtq health http://127.0.0.1:8080" ] || fail "health check: $(cfg '{{json .Config.Healthcheck}}')"
command=$(cfg '{{join .Config.Entrypoint " "}} {{join .Config.Cmd " "}}')
[ "$command" = "/rtq mock --addr 0.0.0.0:8080" ] || fail "image command $command, want /rtq mock --addr 0.0.0.0:8080"
read -r -a env <<<"$(cfg '{{join .Config.Env " "}}')"

if [ "$(id -u)" != 0 ]; then
	echo "WARNING: not root: container image built and checked, but NOT run in a chroot"
	exit 0
fi

# 4. Run it from its own root filesystem, as its user, with its environment.
rootfs=$(podman_ image mount rtq-mock:ci)
[ "$(find "$rootfs" -mindepth 1 | wc -l)" = 1 ] || fail "the image holds more than /rtq: $(find "$rootfs" -mindepth 1 | tr '\n' ' ')"
in_image() { env -i "${env[@]}" chroot --userspec=65532:65532 "$rootfs" "$@"; }
# shellcheck disable=SC2086 # the image's command, word by word
env -i "${env[@]}" chroot --userspec=65532:65532 "$rootfs" $command --addr 127.0.0.1:0 2>"$work/mock.log" &
pid=$!
url=""
for _ in $(seq 100); do
	url=$(grep -o 'on http://127\.0\.0\.1:[0-9]*' "$work/mock.log" | head -n 1 | cut -c4-) || true
	[ -n "$url" ] && break
	kill -0 "$pid" 2>/dev/null || fail "the mock exited: $(cat "$work/mock.log")"
	sleep 0.1
done
[ -n "$url" ] || fail "the mock did not say where it listens: $(cat "$work/mock.log")"
uid=$(awk '/^Uid:/{print $2}' "/proc/$pid/status")
[ "$uid" = 65532 ] || fail "the mock runs as uid $uid, want 65532"
in_image /rtq health "$url" >/dev/null || fail "rtq health $url (from the image) failed"
if command -v curl >/dev/null 2>&1; then
	code=$(curl -s -o /dev/null -w '%{http_code}' -H 'Host: rtq-mock:8080' "$url/__admin/health")
	[ "$code" = 200 ] || fail "Host rtq-mock:8080 answered $code, want 200 (RTQ_ALLOWED_HOSTS)"
	if in_image /rtq mock --help | grep -q -- --allowed-host; then
		code=$(curl -s -o /dev/null -w '%{http_code}' -H 'Host: rebound.example' "$url/__admin/health")
		[ "$code" = 403 ] || fail "Host rebound.example answered $code, want 403: the image serves any Host"
	fi
fi
echo "container: image FROM scratch built by podman, $(du -k "$rootfs/rtq" | cut -f1) KiB; /rtq ran as uid $uid in a chroot, rtq health ok"
