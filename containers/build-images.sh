#!/usr/bin/env bash
# Builds every service's image from ./Dockerfile, tagged as docker-compose.yml names them
# (tubedigest/<service>:dev), or only the services given as arguments. NODE_IMAGE, if set, replaces the
# Dockerfile's Node image (e.g. one made by containers/local-images/make-local-images.sh).
#
# The images differ only in their last stage: the first build makes the shared stages (the npm install,
# the production tree, the bundles of every service and the web app) and the others take them from
# BuildKit's cache, so they only copy their bundle in and check the image.
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
