#!/usr/bin/env bash
# release.sh: build the static rtq binaries of a release, with checksums.
#
#   scripts/release.sh VERSION [GOOS/GOARCH...]
#
# VERSION (e.g. v1.2.0) is stamped into the binaries (rtq version prints it
# on its first line, then the VCS revision the build info holds). Without
# targets, all six are built: linux, darwin and windows on amd64 and arm64.
# Output goes to $DIST (default dist/, git-ignored):
#
#   dist/rtq_VERSION_GOOS_GOARCH[.exe]   CGO_ENABLED=0, -trimpath, stripped
#   dist/SHA256SUMS                      check with: sha256sum -c SHA256SUMS
#
# Dockerfile.release packs the linux binaries into a FROM scratch image:
#   docker buildx build -f Dockerfile.release --build-arg VERSION=v1.2.0 \
#     --platform linux/amd64,linux/arm64 -t rtq-mock:v1.2.0 dist/
set -euo pipefail

if [ $# -lt 1 ] || [[ "$1" == -* ]]; then
	echo "usage: scripts/release.sh VERSION [GOOS/GOARCH...]" >&2
	exit 2
fi
version=$1
shift
if ! [[ "$version" =~ ^[A-Za-z0-9][A-Za-z0-9._+-]*$ ]]; then
	echo "release: VERSION $version: letters, digits and . _ + - only (e.g. v1.2.0)" >&2
	exit 2
fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64)

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dist="${DIST:-$root/dist}"
mkdir -p "$dist"
cd "$root"
# The revision goes in twice: in the build info (-buildvcs=true, which Go
# honours in a git clone) and stamped, for a git worktree, where Go records
# none.
ldflags="-s -w -X main.version=$version"
vcs=()
if rev=$(git rev-parse HEAD 2>/dev/null); then
	ldflags+=" -X main.revision=$rev"
	[ -d .git ] && vcs=(-buildvcs=true)
	if [ -n "$(git status --porcelain 2>/dev/null)" ]; then
		echo "release: WARNING: the work tree has local changes not in revision $rev" >&2
	fi
fi

files=()
generated=
for t in "${targets[@]}"; do
	os=${t%/*} arch=${t#*/}
	case "$os/$arch" in
	linux/amd64 | linux/arm64 | darwin/amd64 | darwin/arm64 | windows/amd64 | windows/arm64) ;;
	*) echo "release: target $t: want one of linux, darwin, windows / amd64, arm64" >&2; exit 2 ;;
	esac
	# rtq wasm writes the WebAssembly mock; a release binary carries it (3 MB
	# gzipped), so users need no Go toolchain for it (docs/frontend.md).
	# One module serves every target: it is built once.
	if [ -z "$generated" ]; then
		echo "release: building the WebAssembly module" >&2
		go generate ./wasm
		generated=1
	fi
	out="rtq_${version}_${os}_${arch}"
	[ "$os" = windows ] && out+=".exe"
	echo "release: building $out" >&2
	CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath "${vcs[@]}" -tags rtq_embedwasm \
		-ldflags "$ldflags" -o "$dist/$out" ./cmd/rtq
	files+=("$out")
done

(
	cd "$dist"
	if command -v sha256sum >/dev/null 2>&1; then
		sha256sum "${files[@]}"
	else
		shasum -a 256 "${files[@]}"
	fi
) >"$dist/SHA256SUMS"
echo "release: ${#files[@]} binaries and SHA256SUMS in $dist" >&2
