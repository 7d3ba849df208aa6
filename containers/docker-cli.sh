# Sourced by the container scripts: picks a docker CLI that can build our Dockerfile and a compose.
#
# The Dockerfile needs BuildKit (RUN --mount=type=cache). A CLI with the buildx plugin uses it; a CLI
# older than 23 has it built in (DOCKER_BUILDKIT=1). A newer CLI without buildx would fall back to the
# legacy builder, which cannot build the Dockerfile, so such a CLI is skipped when another is on PATH
# (e.g. the engine package's own /usr/bin/docker behind a standalone CLI in /usr/local/bin).
# Compose: the v2 plugin (`docker compose`) if the chosen CLI has it, else the v1 `docker-compose`.

pick_docker() {
  local candidate version
  for candidate in $(type -ap docker); do
    if "$candidate" buildx version >/dev/null 2>&1; then
      DOCKER="$candidate"
      return 0
    fi
    version="$("$candidate" version --format '{{.Client.Version}}' 2>/dev/null || true)"
    case "$version" in
      1[0-9].* | 2[0-2].*)
        DOCKER="$candidate"
        return 0
        ;;
    esac
  done
  echo "no docker CLI that can build with BuildKit: install the buildx plugin or Debian's docker.io" >&2
  return 1
}

pick_compose() {
  if "$DOCKER" compose version >/dev/null 2>&1; then
    COMPOSE=("$DOCKER" compose)
  elif command -v docker-compose >/dev/null 2>&1; then
    COMPOSE=(docker-compose)
  else
    echo "no compose: install the docker compose plugin or Debian's docker-compose" >&2
    return 1
  fi
}

export DOCKER_BUILDKIT=1
# compose v1 builds through the docker CLI (so with BuildKit) only when asked to.
export COMPOSE_DOCKER_CLI_BUILD=1
