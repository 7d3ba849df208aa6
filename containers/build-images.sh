#!/usr/bin/env bash
# Builds every service's image from ./Dockerfile, tagged as docker-compose.yml names them
# (tubedigest/<service>:dev), or only the services given as arguments. NODE_IMAGE, if set, replaces the
# Dockerfile's Node image (e.g. one made by containers/local-images/make-local-images.sh).
set -euo pipefail
repository="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repository"
# shellcheck source=docker-cli.sh
source containers/docker-cli.sh
pick_docker

# The services are the Dockerfile's runtime stages.
mapfile -t all < <(sed -n 's/^FROM runtime AS runtime-\([a-z]*\)$/\1/p' Dockerfile)
services=("${@:-${all[@]}}")
node_image_argument=()
if [ -n "${NODE_IMAGE:-}" ]; then node_image_argument=(--build-arg "NODE_IMAGE=$NODE_IMAGE"); fi

for service in "${services[@]}"; do
  started=$SECONDS
  "$DOCKER" build --build-arg "SERVICE=$service" "${node_image_argument[@]}" -t "tubedigest/$service:dev" .
  echo "built tubedigest/$service:dev in $((SECONDS - started)) s"
done
