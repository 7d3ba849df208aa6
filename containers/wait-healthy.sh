#!/usr/bin/env bash
# Waits until every container of the compose project is healthy (what `docker compose up --wait` does,
# which compose v1 lacks), and every one-off (restart "no": the migrate-<service> steps) has exited 0.
# Fails at once when one exits otherwise or turns unhealthy, and after TIMEOUT seconds (default 300),
# showing the logs of the containers that were not healthy.
#   containers/wait-healthy.sh <compose command and its options...>
set -euo pipefail
repository="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=docker-cli.sh
source "$repository/containers/docker-cli.sh"
pick_docker
compose=("$@")
deadline=$((SECONDS + ${TIMEOUT:-300}))

while :; do
  mapfile -t ids < <("${compose[@]}" ps -a -q)
  [ "${#ids[@]}" -gt 0 ] || { echo "wait-healthy: the project has no containers" >&2; exit 1; }
  waiting=()
  failed=()
  while read -r name state health restart code; do
    case "$state/$health" in
      running/healthy) ;;
      exited/*) [ "$restart" = no ] && [ "$code" = 0 ] || failed+=("$name ($state, exit code $code)") ;;
      running/starting | created/* | restarting/*) waiting+=("$name") ;;
      *) failed+=("$name ($state${health:+, $health})") ;;
    esac
  done < <("$DOCKER" inspect --format '{{.Name}} {{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{else}}healthy{{end}} {{or .HostConfig.RestartPolicy.Name "no"}} {{.State.ExitCode}}' "${ids[@]}" | sed 's|^/||')
  if [ "${#failed[@]}" -eq 0 ] && [ "${#waiting[@]}" -eq 0 ]; then
    echo "wait-healthy: all ${#ids[@]} containers are healthy or done"
    exit 0
  fi
  if [ "${#failed[@]}" -gt 0 ] || [ "$SECONDS" -ge "$deadline" ]; then
    echo "wait-healthy: not healthy: ${failed[*]:-} ${waiting[*]:-}" >&2
    for name in "${failed[@]%% *}" "${waiting[@]}"; do
      [ -n "$name" ] || continue
      echo "---- last log lines of $name" >&2
      "$DOCKER" logs --tail 40 "$name" >&2 2>&1 || true
      # What its health check itself answered: a timeout looks different from a refused connection.
      echo "---- last health checks of $name" >&2
      "$DOCKER" inspect --format '{{if .State.Health}}{{range .State.Health.Log}}exit {{.ExitCode}} at {{.End}}: {{.Output}}
{{end}}{{end}}' "$name" >&2 2>&1 || true
    done
    exit 1
  fi
  sleep 2
done
