# One image per service, chosen with a build argument:
#
#   docker build --build-arg SERVICE=gateway -t tubedigest/gateway .
#   docker build --build-arg SERVICE=auth    -t tubedigest/auth .
#   docker build --build-arg SERVICE=catalog -t tubedigest/catalog .
#   docker build --build-arg SERVICE=billing -t tubedigest/billing .
#   docker build --build-arg SERVICE=summariser -t tubedigest/summariser .
#   docker build --build-arg SERVICE=mailer  -t tubedigest/mailer .
#   docker build --build-arg SERVICE=scheduler -t tubedigest/scheduler .
#
# The last stage is `runtime-${SERVICE}`. Every service's image shares the stages before its own: one
# `npm install`, one production tree and one `build` that bundles all seven services and the web app, so
# building the seven images one after another builds those once and reuses them from BuildKit's cache
# (containers/build-images.sh). Each image holds the production node_modules, its service's bundle
# (services/<svc>/dist, which already contains our own libs: see tsup.service.ts) and, for the gateway, the
# built web app. No sources, no dev tools.
#
# BuildKit's built-in frontend builds it (no `# syntax=` line, which would fetch a frontend image first):
# `docker buildx build`, or `DOCKER_BUILDKIT=1 docker build` with an engine's own CLI before 23.

# The Node every image runs: an LTS line, chosen here only (make-local-images.sh reads its major from
# this line when it makes a Node image from the npm registry instead). Where no registry can be pulled
# from, --build-arg NODE_IMAGE=<a local image> (see docs/deploying.md, "Building without a registry").
ARG NODE_IMAGE=node:26-bookworm-slim
# Required: gateway | auth | catalog | billing | summariser | mailer | scheduler (no default, so a
# forgotten argument fails instead of building the wrong service).
ARG SERVICE

# ---- manifests: the lockfile and every package.json, nothing else. Copied into the next stage by
# content, so the slow install layer is reused until a dependency actually changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && cp package.json package-lock.json /manifests/ \
 && find libs services web -name package.json -not -path '*/node_modules/*' -exec cp --parents {} /manifests/ \;

# ---- source: the build context for the build stage below, less containers/speech-tools (files an operator
# places there for the summariser's speech tools, see its stage). The build stage copies it by content, so
# placing those files rebuilds only the summariser's own stage, not every bundle.
FROM ${NODE_IMAGE} AS source
WORKDIR /src
COPY . .
RUN rm -rf containers/speech-tools

# ---- deps: every workspace's dependencies, dev tools included (turbo, tsup, vite).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV npm_config_update_notifier=false
COPY --from=manifests /manifests/ ./
# `npm install`, not `npm ci`: the lockfile does not list other platforms' optional binaries (esbuild,
# rolldown, turbo, ...), which `npm ci` would insist on; `npm install` still installs the locked versions.
# argon2 loads its bundled linux prebuild on this Node, so no compiler toolchain is needed here: on a
# Node where that prebuild cannot load (it crashes on Node 20.19/20.20) npm would try to compile it and
# fail for want of one. The runtime stage's check proves it loads.
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm install --no-audit --no-fund

# ---- production-deps: the runtime dependencies, installed once for every service with --omit=dev into a
# directory of their own, from the npm cache the install above has just filled (pruning the full tree
# instead means walking and deleting all the dev tools). The bundles import every npm package from
# node_modules (tsup keeps them external) and inline our own @tubedigest/* libs, so the workspace links in
# node_modules/@tubedigest are not needed at run time. Staged under /prod, this is the same layer in all
# seven images: built and stored once.
FROM deps AS production-deps
WORKDIR /install
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm install --omit=dev --prefer-offline --no-audit --no-fund \
 && rm -rf node_modules/@tubedigest node_modules/.cache node_modules/.package-lock.json \
 && mkdir /prod \
 && mv package.json node_modules /prod/ \
 && for nested in services/*/node_modules; do \
      if [ -d "$nested" ]; then mkdir -p "/prod/${nested%/node_modules}" && mv "$nested" "/prod/$nested"; fi; \
    done

# ---- build: every service's bundle and the web app, built once for all seven images and staged under
# /out as the runtime images lay them out. No SERVICE here, so this stage is the same for every image.
# Each runtime stage copies only its own service from /out (COPY fails if one is missing here).
FROM deps AS build
ENV TURBO_TELEMETRY_DISABLED=1
COPY --from=source /src/ ./
RUN services="gateway auth catalog billing summariser mailer scheduler" \
 && npx turbo run build --filter=@tubedigest/web $(for s in $services; do printf -- '--filter=@tubedigest/%s ' "$s"; done) \
 && for s in $services; do \
      mkdir -p /out/services/$s && cp -a services/$s/package.json services/$s/dist /out/services/$s/; \
    done \
 && mkdir -p /out/web && cp -a web/dist /out/web/

# ---- runtime: the part every image shares, the production node_modules. The package.json files come
# with each service because they carry "type": "module", which tells node that dist/main.js is ESM.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
# Files stay owned by root: the service can read its code but not change it.
COPY --from=production-deps /prod/ /app/
# The `node` user of the official image. Numeric, so Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
# No HEALTHCHECK here: Kubernetes uses its own probes (/healthz, /readyz) and docker-compose.yml declares
# its checks next to the depends_on that use them.

# Each service's stage copies its bundle and checks the image it makes (containers/image-check.sh, mounted
# for the check only), so a broken image fails the build instead of the rollout.
FROM runtime AS runtime-gateway
COPY --from=build /out/services/gateway/ services/gateway/
COPY --from=build /out/web/ web/
RUN --mount=type=bind,source=containers/image-check.sh,target=/tmp/image-check.sh sh /tmp/image-check.sh gateway
ENV WEB_DIST=/app/web/dist
EXPOSE 3000
CMD ["node", "--enable-source-maps", "services/gateway/dist/main.js"]

FROM runtime AS runtime-auth
COPY --from=build /out/services/auth/ services/auth/
RUN --mount=type=bind,source=containers/image-check.sh,target=/tmp/image-check.sh sh /tmp/image-check.sh auth
EXPOSE 4001
CMD ["node", "--enable-source-maps", "services/auth/dist/main.js"]

FROM runtime AS runtime-catalog
COPY --from=build /out/services/catalog/ services/catalog/
RUN --mount=type=bind,source=containers/image-check.sh,target=/tmp/image-check.sh sh /tmp/image-check.sh catalog
EXPOSE 4002
CMD ["node", "--enable-source-maps", "services/catalog/dist/main.js"]

FROM runtime AS runtime-billing
COPY --from=build /out/services/billing/ services/billing/
RUN --mount=type=bind,source=containers/image-check.sh,target=/tmp/image-check.sh sh /tmp/image-check.sh billing
EXPOSE 4003
CMD ["node", "--enable-source-maps", "services/billing/dist/main.js"]

FROM runtime AS runtime-summariser
COPY --from=build /out/services/summariser/ services/summariser/
RUN --mount=type=bind,source=containers/image-check.sh,target=/tmp/image-check.sh sh /tmp/image-check.sh summariser
# Speech-to-text, the transcript chain's last step, runs yt-dlp and ffmpeg (which make the image much
# larger): built in only when asked, --build-arg SPEECH_TOOLS=true. Without them the step fails and says
# so, and the other steps still work. YT_DLP_SOURCE says where yt-dlp comes from:
#   debian   Debian bookworm's package: builds without the internet (the tests' images), but YouTube
#            refuses a build that old; never for production.
#   release  yt-dlp's standalone release (YT_DLP_RELEASE, "latest" or a tag such as 2026.11.30), Deno
#            (DENO_RELEASE), the JavaScript runtime yt-dlp needs to read YouTube's player, and the
#            bgutil PO-token provider plugin (POT_PLUGIN_RELEASE), which asks the provider server named by
#            PO_TOKEN_PROVIDER_URL. Needs the internet while building; YouTube changes often, so
#            rebuild about monthly (docs/deploying.md, "Transcripts in production").
#   local    the same three files as release, under their release names, taken from
#            containers/speech-tools/ in the build context instead of downloaded (see the README.md
#            there): for mirrored or air-gapped builds, and for tests/containers/speech-tools-image.sh.
# release downloads the files into a directory of its own, local reads them where they were placed, and
# both install them from there by the same steps. The mount is of containers/, which the context always
# holds (image-check.sh), so a build with none of those files placed works as before.
ARG SPEECH_TOOLS=false
ARG YT_DLP_SOURCE=debian
ARG YT_DLP_RELEASE=latest
ARG DENO_RELEASE=latest
ARG POT_PLUGIN_RELEASE=latest
USER root
RUN --mount=type=bind,source=containers,target=/tmp/containers \
    if [ "$SPEECH_TOOLS" = true ]; then \
      case "$YT_DLP_SOURCE" in \
        debian) tools="yt-dlp ffmpeg" helpers="" ;; \
        release) tools="ffmpeg ca-certificates curl unzip" helpers="curl unzip" ;; \
        local) tools="ffmpeg unzip" helpers="unzip" ;; \
        *) echo "YT_DLP_SOURCE must be debian, release or local, not $YT_DLP_SOURCE" >&2; exit 1 ;; \
      esac \
      && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $tools \
      && if [ "$YT_DLP_SOURCE" != debian ]; then \
        case "$(dpkg --print-architecture)" in \
          amd64) ytdlp=yt-dlp_linux; deno=deno-x86_64-unknown-linux-gnu.zip ;; \
          arm64) ytdlp=yt-dlp_linux_aarch64; deno=deno-aarch64-unknown-linux-gnu.zip ;; \
          *) echo "no yt-dlp release for $(dpkg --print-architecture)" >&2; exit 1 ;; \
        esac \
        && plugin=bgutil-ytdlp-pot-provider.zip \
        && if [ "$YT_DLP_SOURCE" = release ]; then \
          release() { if [ "$2" = latest ]; then echo "https://github.com/$1/releases/latest/download/$3"; \
            else echo "https://github.com/$1/releases/download/$2/$3"; fi; }; \
          staged=/tmp/speech-tools && mkdir "$staged" \
          && curl -fsSL -o "$staged/$ytdlp" "$(release yt-dlp/yt-dlp "$YT_DLP_RELEASE" "$ytdlp")" \
          && curl -fsSL -o "$staged/$deno" "$(release denoland/deno "$DENO_RELEASE" "$deno")" \
          && curl -fsSL -o "$staged/$plugin" \
            "$(release Brainicism/bgutil-ytdlp-pot-provider "$POT_PLUGIN_RELEASE" "$plugin")"; \
        else \
          staged=/tmp/containers/speech-tools \
          && for file in "$ytdlp" "$deno" "$plugin"; do \
            [ -f "$staged/$file" ] || { echo "YT_DLP_SOURCE=local needs containers/speech-tools/$file" \
              "(containers/speech-tools/README.md)" >&2; exit 1; }; \
          done; \
        fi \
        && install -m 755 "$staged/$ytdlp" /usr/local/bin/yt-dlp \
        && unzip -q "$staged/$deno" -d /usr/local/bin \
        && mkdir -p /etc/yt-dlp/plugins \
        && install -m 644 "$staged/$plugin" /etc/yt-dlp/plugins/ \
        && rm -rf /tmp/speech-tools \
        && apt-get purge -y -qq $helpers && apt-get autoremove -y -qq \
        && echo "yt-dlp $(yt-dlp --version), $(deno --version | head -n 1)"; \
      fi \
      && rm -rf /var/lib/apt/lists/*; \
    fi
USER 1000:1000
EXPOSE 4004
CMD ["node", "--enable-source-maps", "services/summariser/dist/main.js"]

# Compiles its MJML templates at start in a child node (mjml stays in node_modules); without SMTP_URL it
# writes .eml files to MAIL_DIR, which must then be writable (e.g. under /tmp).
FROM runtime AS runtime-mailer
COPY --from=build /out/services/mailer/ services/mailer/
RUN --mount=type=bind,source=containers/image-check.sh,target=/tmp/image-check.sh sh /tmp/image-check.sh mailer
EXPOSE 4005
CMD ["node", "--enable-source-maps", "services/mailer/dist/main.js"]

# Serves only /healthz, /readyz and /metrics; its work is firing schedules onto the broker.
FROM runtime AS runtime-scheduler
COPY --from=build /out/services/scheduler/ services/scheduler/
RUN --mount=type=bind,source=containers/image-check.sh,target=/tmp/image-check.sh sh /tmp/image-check.sh scheduler
EXPOSE 4006
CMD ["node", "--enable-source-maps", "services/scheduler/dist/main.js"]

FROM runtime-${SERVICE}
