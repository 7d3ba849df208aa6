#!/usr/bin/env bash
# The summariser's image with its current speech tools taken from local files (the Dockerfile's
# YT_DLP_SOURCE=local, the path a release build shares its install steps with): builds it from stand-ins
# made here, since the real files come from GitHub, and checks that the image holds what the release path
# installs: yt-dlp and Deno on the PATH, the PO-token plugin where yt-dlp looks for plugins, ffmpeg, and
# still runs as uid 1000. Removes the stand-ins (also on failure) and the image it tagged.
#
# tests/containers/run.sh calls it after building the service images, whose stages it then takes from
# BuildKit's cache. NODE_IMAGE, if set, replaces the Dockerfile's Node image, as for build-images.sh.
set -euo pipefail
repository="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$repository"
# shellcheck source=../../containers/docker-cli.sh
source containers/docker-cli.sh
pick_docker
say() { echo "speech-tools-image: $*"; }
fail() { say "FAILED: $*" >&2; exit 1; }
began=$SECONDS

yt_dlp_version=2026.11.30
deno_version="deno 2.5.0 (stable, release, x86_64-unknown-linux-gnu)"
plugin=bgutil-ytdlp-pot-provider.zip
place=containers/speech-tools
tag="tubedigest/summariser-speech-tools-test:$$"

# The release names the Dockerfile reads for the engine's architecture, from its own `case`.
architecture="$("$DOCKER" version --format '{{.Server.Arch}}')"
read -r ytdlp deno < <(sed -n "s/^ *$architecture) ytdlp=\([^;]*\); deno=\([^ ;]*\) ;;.*/\1 \2/p" Dockerfile) ||
  fail "the Dockerfile names no yt-dlp and Deno files for $architecture"

work="$(mktemp -d)"
placed=()
cleanup() {
  local status=$?
  if [ "${#placed[@]}" -gt 0 ]; then rm -f "${placed[@]}"; fi
  "$DOCKER" image rm "$tag" >/dev/null 2>&1 || true
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Real files an operator placed for a build of their own are neither used nor overwritten.
for file in "$ytdlp" "$deno" "$plugin"; do
  if [ -e "$place/$file" ]; then fail "$place/$file is already there: move it away to run this test"; fi
done

# The stand-ins: shell scripts where the real ones are binaries, answering only --version. Their times are
# fixed so that the zips come out the same each run, and the image's build stays in the cache.
mkdir "$work/deno" "$work/plugin"
cat >"$work/yt-dlp" <<EOF
#!/bin/sh
[ "\$1" = --version ] && { echo $yt_dlp_version; exit 0; }
echo "yt-dlp stand-in: only --version" >&2; exit 2
EOF
cat >"$work/deno/deno" <<EOF
#!/bin/sh
[ "\$1" = --version ] && { echo "$deno_version"; echo "v8 14.0.365.4-rusty"; echo "typescript 5.9.2"; exit 0; }
echo "deno stand-in: only --version" >&2; exit 2
EOF
mkdir -p "$work/plugin/yt_dlp_plugins/extractor"
echo "# bgutil-ytdlp-pot-provider stand-in" >"$work/plugin/yt_dlp_plugins/extractor/getpot_bgutil.py"
chmod 755 "$work/yt-dlp" "$work/deno/deno"
find "$work" -exec touch -h -d '2026-01-01 00:00:00' {} +
(cd "$work/deno" && python3 -m zipfile -c "../$deno" deno)
(cd "$work/plugin" && python3 -m zipfile -c "../$plugin" yt_dlp_plugins)
touch -d '2026-01-01 00:00:00' "$work/$deno" "$work/$plugin"

for pair in "yt-dlp:$ytdlp" "$deno:$deno" "$plugin:$plugin"; do
  placed+=("$place/${pair#*:}")
  cp -p "$work/${pair%%:*}" "$place/${pair#*:}"
done

node_image_argument=()
if [ -n "${NODE_IMAGE:-}" ]; then node_image_argument=(--build-arg "NODE_IMAGE=$NODE_IMAGE"); fi
say "building $tag with YT_DLP_SOURCE=local from stand-ins ($ytdlp, $deno, $plugin)"
"$DOCKER" build --build-arg SERVICE=summariser --build-arg SPEECH_TOOLS=true --build-arg YT_DLP_SOURCE=local \
  "${node_image_argument[@]}" -t "$tag" .
built=$((SECONDS - began))
# The build has read them: out of the checkout before the checks.
rm -f "${placed[@]}"
placed=()

in_image() { "$DOCKER" run --rm --entrypoint "$1" "$tag" "${@:2}"; }
output="$(in_image yt-dlp --version)"
[ "$output" = "$yt_dlp_version" ] || fail "yt-dlp --version printed '$output', not the stand-in's $yt_dlp_version"
output="$(in_image sh -c "command -v yt-dlp")"
[ "$output" = /usr/local/bin/yt-dlp ] || fail "yt-dlp is $output, not /usr/local/bin/yt-dlp"
output="$(in_image stat -c '%a %U' /usr/local/bin/yt-dlp)"
[ "$output" = "755 root" ] || fail "/usr/local/bin/yt-dlp is $output, not 755 and root's"
output="$(in_image deno --version)"
[ "${output%%$'\n'*}" = "$deno_version" ] || fail "deno --version printed '$output'"
output="$(in_image sha256sum "/etc/yt-dlp/plugins/$plugin")"
[ "${output%% *}" = "$(sha256sum "$work/$plugin" | cut -d' ' -f1)" ] ||
  fail "/etc/yt-dlp/plugins/$plugin is not the plugin zip: $output"
output="$(in_image ffmpeg -hide_banner -version)"
[[ $output == "ffmpeg version "* ]] || fail "no ffmpeg: $output"
output="$(in_image id -u)"
[ "$output" = 1000 ] || fail "the image runs as uid $output, not 1000"

say "passed in $((SECONDS - began)) s (build $built s): yt-dlp $yt_dlp_version, ${deno_version%% (*}, the plugin, ffmpeg, uid 1000"
