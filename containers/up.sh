#!/usr/bin/env bash
# `make up`: builds the service images, starts the stack of docker-compose.yml with the .env beside it,
# and waits until every container is healthy. Compose v2 or v1.
set -euo pipefail
repository="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repository"
# shellcheck source=docker-cli.sh
source containers/docker-cli.sh
pick_docker
pick_compose

# The Node image from .env, unless the environment names one (the rest of .env is compose's to read).
if [ -z "${NODE_IMAGE:-}" ] && [ -f .env ]; then
  NODE_IMAGE="$(sed -n 's/^NODE_IMAGE=//p' .env | tail -n 1)"
  export NODE_IMAGE
fi
containers/build-images.sh
# `up` itself fails when a container another depends on never becomes healthy: then show which and why.
"${COMPOSE[@]}" up --detach --no-build || { TIMEOUT=0 containers/wait-healthy.sh "${COMPOSE[@]}"; exit 1; }
containers/wait-healthy.sh "${COMPOSE[@]}"
gateway="$("${COMPOSE[@]}" port gateway 3000)"
mail="$("${COMPOSE[@]}" port mailpit 8025)"
echo "tubedigest is up on http://localhost:${gateway##*:}; the e-mails it sends are at http://localhost:${mail##*:}"
