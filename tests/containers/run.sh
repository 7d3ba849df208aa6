#!/usr/bin/env bash
# `make test-containers`: the product as an operator runs it with compose, built from this checkout and
# checked through the gateway's published port.
#
#  1. Installs what a bare Debian machine lacks (Debian's docker.io and docker-compose; debootstrap when
#     base images must be made) and starts a docker engine if none answers.
#  2. Uses the official infrastructure and Node images when they can be pulled; otherwise makes stand-ins
#     locally (containers/local-images, named tubedigest-local/*) and passes them in through NODE_IMAGE,
#     POSTGRES_IMAGE, REDIS_IMAGE, RABBITMQ_IMAGE and MAILPIT_IMAGE. Images the caller names in those
#     variables are used as they are.
#  3. Builds every service's image from ./Dockerfile; then, from their cached stages, the summariser's with
#     its current speech tools from local stand-ins (tests/containers/speech-tools-image.sh, the
#     Dockerfile's YT_DLP_SOURCE=local), checked and removed again. Starts the stack as its own compose
#     project (tubedigest-test, free ports, fresh secrets), apart from any `make up` stack.
#  4. tests/containers/smoke.ts through the gateway: readiness, sign-up, search, follow, a newsletter
#     delivered into the mail catcher; then `down` (volumes kept), `up` again, and the account, its
#     channels and its newsletter are still there.
#  5. Always, also on failure: removes the project's containers, network and volumes, and stops the
#     engine if it started one. The images stay, as build cache.
set -euo pipefail
repository="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$repository"
say() { echo "test-containers: $*"; }
began=$SECONDS

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi; }
install_debian_packages() {
  say "installing $* (Debian's packages)"
  if ! command -v apt-get >/dev/null 2>&1; then
    say "cannot install $* here: install Docker's engine and compose (and debootstrap where no registry answers)"
    exit 1
  fi
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}
engine_answers() {
  local candidate
  for candidate in $(type -ap docker); do "$candidate" info >/dev/null 2>&1 && return 0; done
  return 1
}
# An engine that answers (Docker Desktop, a rootless one) is used as it is; otherwise Debian's is installed
# where missing and started below.
missing=()
if ! engine_answers && ! command -v dockerd >/dev/null 2>&1; then missing+=(docker.io); fi
if ! command -v docker-compose >/dev/null 2>&1 && ! docker compose version >/dev/null 2>&1; then
  missing+=(docker-compose)
fi
# The speech tools' stand-in zips are made with Python's zipfile.
if ! command -v python3 >/dev/null 2>&1; then missing+=(python3); fi
if [ "${#missing[@]}" -gt 0 ]; then install_debian_packages "${missing[@]}"; fi

# shellcheck source=../../containers/docker-cli.sh
source containers/docker-cli.sh
pick_docker

work="$(mktemp -d)"
engine_pid=""
compose=()
cleanup() {
  local status=$?
  if [ "${#compose[@]}" -gt 0 ]; then
    say "removing the test stack"
    "${compose[@]}" down --volumes --remove-orphans >/dev/null 2>&1 || true
  fi
  if [ -n "$engine_pid" ]; then
    say "stopping the docker engine it started"
    as_root kill "$engine_pid" 2>/dev/null || true
    for _ in $(seq 1 30); do kill -0 "$engine_pid" 2>/dev/null || break; sleep 1; done
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if ! "$DOCKER" info >/dev/null 2>&1; then
  say "starting a docker engine (log: $work/dockerd.log)"
  # Started directly (not through a function, whose subshell would get the signal instead): sudo passes
  # signals on to its command.
  if [ "$(id -u)" = 0 ]; then dockerd >"$work/dockerd.log" 2>&1 & else sudo -n dockerd >"$work/dockerd.log" 2>&1 & fi
  engine_pid=$!
  for _ in $(seq 1 60); do "$DOCKER" info >/dev/null 2>&1 && break; sleep 1; done
  "$DOCKER" info >/dev/null 2>&1 || { cat "$work/dockerd.log" >&2; say "the docker engine did not start"; exit 1; }
fi
pick_compose

# The images the stack runs on: named by the caller, pulled, or made here.
official_node="$(sed -n 's/^ARG NODE_IMAGE=//p' Dockerfile)"
if [ -z "${NODE_IMAGE:-}" ]; then
  if timeout 120 "$DOCKER" pull -q "$official_node" >/dev/null 2>&1; then
    say "pulled $official_node; the infrastructure images are pulled by compose"
  else
    say "$official_node cannot be pulled: making the images locally"
    command -v debootstrap >/dev/null 2>&1 || install_debian_packages debootstrap
    started=$SECONDS
    as_root containers/local-images/make-local-images.sh >"$work/images.env"
    while IFS='=' read -r name value; do
      if [ -z "${!name:-}" ]; then export "$name=$value"; fi
    done <"$work/images.env"
    say "local images ready in $((SECONDS - started)) s: $NODE_IMAGE $POSTGRES_IMAGE $REDIS_IMAGE $RABBITMQ_IMAGE $MAILPIT_IMAGE"
  fi
fi

started=$SECONDS
containers/build-images.sh
build_seconds=$((SECONDS - started))
started=$SECONDS
tests/containers/speech-tools-image.sh
speech_tools_seconds=$((SECONDS - started))

free_port() { node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'; }
gateway_port="$(free_port)"
mail_port="$(free_port)"
node --import tsx scripts/write-compose-env.ts "$work/stack.env" 2>/dev/null
overrides=(
  COMPOSE_PROJECT_NAME=tubedigest-test
  GATEWAY_PORT="$gateway_port"
  MAILPIT_PORT="$mail_port"
  TRANSCRIPT_SOURCE=demo
  POSTGRES_IMAGE="${POSTGRES_IMAGE:-}"
  REDIS_IMAGE="${REDIS_IMAGE:-}"
  RABBITMQ_IMAGE="${RABBITMQ_IMAGE:-}"
  MAILPIT_IMAGE="${MAILPIT_IMAGE:-}"
)
names="$(printf '%s\n' "${overrides[@]%%=*}" | paste -sd'|')"
{ grep -v -E "^($names)=" "$work/stack.env"; printf '%s\n' "${overrides[@]}"; } >"$work/stack.env.new"
mv "$work/stack.env.new" "$work/stack.env"
# docker-compose.yml as operators run it, with its health checks asked more often (compose.health.yml):
# every start waits for them along the chain of depends_on.
compose=("${COMPOSE[@]}" --project-name tubedigest-test --env-file "$work/stack.env"
  --file docker-compose.yml --file tests/containers/compose.health.yml)
# A stack left by an interrupted run would hold the names and the data: start from nothing.
"${compose[@]}" down --volumes --remove-orphans >/dev/null 2>&1 || true

start_stack() { # sets start_seconds
  local started=$SECONDS
  "${compose[@]}" up --detach --no-build || { TIMEOUT=0 containers/wait-healthy.sh "${compose[@]}"; exit 1; }
  containers/wait-healthy.sh "${compose[@]}"
  start_seconds=$((SECONDS - started))
}
smoke() {
  node --import tsx tests/containers/smoke.ts --phase "$1" --state "$work/smoke-state.json" \
    --gateway "http://127.0.0.1:$gateway_port" --mail "http://127.0.0.1:$mail_port"
}

say "starting the stack (gateway on 127.0.0.1:$gateway_port, mail catcher on 127.0.0.1:$mail_port)"
start_stack
first_start=$start_seconds
smoke first
say "down (volumes kept), then up again"
"${compose[@]}" down
start_stack
second_start=$start_seconds
smoke again
say "passed in $((SECONDS - began)) s: images built in $build_seconds s, speech tools' image $speech_tools_seconds s, first start $first_start s, start with data $second_start s"
