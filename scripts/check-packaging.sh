#!/usr/bin/env bash
# Checks the packaging: the Dockerfile (with .dockerignore), the systemd
# unit and its sysusers entry. CI calls it; it also runs by hand.
#
# Dockerfile, the first of these that is possible here:
#   1. a Docker engine answers `docker info`: `docker build --check` (the
#      BuildKit lint rules), then a real build, and the image's
#      `tidings version` must run as a non-root user;
#   2. hadolint is on PATH or installable with apt-get (Debian 13 has it,
#      Debian 12 does not): `hadolint Dockerfile`;
#   3. otherwise cmd/tidings-dockerlint: BuildKit's own parser and lint rules
#      (what `docker build --check` applies), run offline with `go run`
#      from a module of its own. The first run downloads BuildKit's
#      modules from the Go module proxy (a few minutes; cached after).
# In every case, the invariants the linters do not know are asserted: a
# non-root USER, CGO_ENABLED=0 and -trimpath, a HEALTHCHECK, a VOLUME, an
# EXPOSE, and .git kept out of the build context.
#
# Manual page: `tidings man` must give one page that `man -l` formats
# with no warning from groff (man-db is installed with apt-get when missing
# and this runs as root).
#
# Unit: `systemd-analyze verify` (systemd-analyze is installed with apt-get
# when missing and this runs as root), on a copy whose ExecStart names a
# binary that exists here; `systemd-analyze security --offline` must rate
# its exposure at most $MAX_EXPOSURE tenths (2.0); `systemd-sysusers --dry-run` into an
# empty root must accept the sysusers entry. Nothing is installed into
# the running system's units, users or files.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$HOME/go/bin:$PATH"
MAX_EXPOSURE=${MAX_EXPOSURE:-20} # tenths: 20 is an exposure of 2.0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() { echo "check-packaging: $*" >&2; exit 1; }

# apt_install PKG: installs PKG when it is available and we may.
apt_install() {
  [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null || return 1
  apt-cache show "$1" >/dev/null 2>&1 || apt-get update -qq >/dev/null 2>&1 || true
  apt-cache show "$1" >/dev/null 2>&1 || return 1
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$1" >/dev/null
}

echo "== Dockerfile: invariants"
final=$(awk '/^FROM /{stage=""} {stage=stage $0 "\n"} END{printf "%s", stage}' Dockerfile)
grep -Eq '^USER +[1-9][0-9]*(:[0-9]+)?$|^USER +nonroot' <<<"$final" || fail "the final stage must set a non-root USER"
grep -q 'CGO_ENABLED=0' Dockerfile || fail "the build must set CGO_ENABLED=0 (a static binary)"
grep -q -- '-trimpath' Dockerfile || fail "the build must use -trimpath"
for word in HEALTHCHECK VOLUME EXPOSE; do
  grep -q "^$word " <<<"$final" || fail "the final stage has no $word"
done
grep -qx '.git' .dockerignore || fail ".dockerignore must leave .git out of the context"

if command -v docker >/dev/null && docker info >/dev/null 2>&1; then
  echo "== Dockerfile: docker build --check, then a build"
  docker build --check .
  docker build -t tidings:check-packaging .
  user=$(docker image inspect -f '{{.Config.User}}' tidings:check-packaging)
  case "$user" in ""|0|0:*|root|root:*) fail "the image runs as root ($user)";; esac
  docker run --rm tidings:check-packaging version
elif command -v hadolint >/dev/null || apt_install hadolint; then
  echo "== Dockerfile: hadolint"
  hadolint Dockerfile
else
  echo "== Dockerfile: no Docker engine, no hadolint package: BuildKit's lint rules (cmd/tidings-dockerlint)"
  (cd cmd/tidings-dockerlint && go run . ../../Dockerfile)
fi

echo "== systemd unit"
if ! command -v systemd-analyze >/dev/null; then
  apt_install systemd || fail "systemd-analyze is missing and cannot be installed here"
fi
go build -o "$tmp/tidings" .
sed "s|/usr/local/bin/tidings|$tmp/tidings|g" packaging/tidings.service > "$tmp/tidings.service"
systemd-analyze verify "$tmp/tidings.service"
systemd-analyze security --offline=true --threshold="$MAX_EXPOSURE" "$tmp/tidings.service" > "$tmp/security" ||
  { cat "$tmp/security"; fail "the unit's exposure is over $MAX_EXPOSURE tenths: harden it again"; }
tail -n 1 "$tmp/security"
mkdir "$tmp/root"
out=$(systemd-sysusers --root="$tmp/root" --dry-run "$PWD/packaging/tidings.sysusers" 2>&1) || fail "tidings.sysusers: $out"
echo "== manual page"
if ! command -v man >/dev/null; then
  apt_install man-db || fail "man is missing and cannot be installed here"
fi
"$tmp/tidings" man > "$tmp/tidings.1"
grep -q '^\.SH TIDINGS SERVE$' "$tmp/tidings.1" || fail "tidings man does not describe tidings serve"
warnings=$(MANWIDTH=80 MANROFFOPT=-ww man -l "$tmp/tidings.1" 2>&1 >/dev/null) || fail "man -l cannot read the page: $warnings"
[ -z "$warnings" ] || fail "man -l warns about the page: $warnings"
echo "tidings.1: $(MANWIDTH=80 man -l "$tmp/tidings.1" 2>/dev/null | wc -l) lines"
echo "check-packaging: ok"
