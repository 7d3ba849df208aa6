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
# The last stage is `runtime-${SERVICE}`, so BuildKit builds only what that service needs. Each image
# holds the production node_modules, the service's bundle (services/<svc>/dist, which already contains our
# own libs: see tsup.service.ts) and, for the gateway, the built web app. No sources, no dev tools.
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

# ---- production-deps: the runtime dependencies, pruned once for every service (npm prunes the whole
# workspace tree). The bundles import every npm package from node_modules (tsup keeps them external) and
# inline our own @tubedigest/* libs, so the workspace links in node_modules/@tubedigest are not needed at
# run time. Staged under /prod, this is the same layer in all seven images: built and stored once.
FROM deps AS production-deps
RUN npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/@tubedigest node_modules/.cache node_modules/.package-lock.json \
 && mkdir /prod \
 && cp -a package.json node_modules /prod/ \
 && for nested in services/*/node_modules; do \
      if [ -d "$nested" ]; then mkdir -p "/prod/${nested%/node_modules}" && cp -a "$nested" "/prod/$nested"; fi; \
    done

# ---- build: one service's bundle (+ the web app for the gateway), staged under /out as the runtime
# image lays it out.
FROM deps AS build
ARG SERVICE
ENV TURBO_TELEMETRY_DISABLED=1
COPY . .
RUN case "$SERVICE" in \
      gateway) filters="--filter=@tubedigest/gateway --filter=@tubedigest/web" ;; \
      auth|catalog|billing|summariser|mailer|scheduler) filters="--filter=@tubedigest/$SERVICE" ;; \
      *) echo "SERVICE must be gateway, auth, catalog, billing, summariser, mailer or scheduler (got '$SERVICE')" >&2; exit 1 ;; \
    esac \
 && npx turbo run build $filters \
 && mkdir -p /out/services/$SERVICE \
 && cp -a services/$SERVICE/package.json services/$SERVICE/dist /out/services/$SERVICE/ \
 && if [ "$SERVICE" = gateway ]; then mkdir -p /out/web && cp -a web/dist /out/web/; fi

# ---- runtime: shared by every image. The package.json files stay because they carry
# "type": "module", which tells node that dist/main.js is ESM.
FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ENV NODE_ENV=production
WORKDIR /app
# Files stay owned by root: the service can read its code but not change it.
COPY --from=production-deps /prod/ /app/
COPY --from=build /out/ /app/
# Checks of the image itself, so a broken one fails the build instead of the rollout. With no environment
# the service must get as far as its configuration check, which runs after every static import has
# resolved (a package pruned by mistake fails here). Native addons load lazily, so the one we ship
# (argon2, auth's password hashes) must also hash and verify.
RUN out="$(env -i PATH="$PATH" node services/$SERVICE/dist/main.js 2>&1 || true)"; \
    case "$out" in *"Invalid configuration"*) ;; *) echo "$out" >&2; exit 1 ;; esac \
 && if [ "$SERVICE" = auth ]; then cd services/auth && node --input-type=module -e \
      "import argon2 from 'argon2'; const h = await argon2.hash('check'); if (!(await argon2.verify(h, 'check'))) process.exit(1);"; \
    fi
# The `node` user of the official image. Numeric, so Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
# No HEALTHCHECK here: Kubernetes uses its own probes (/healthz, /readyz) and docker-compose.yml declares
# its checks next to the depends_on that use them.

FROM runtime AS runtime-gateway
ENV WEB_DIST=/app/web/dist
EXPOSE 3000
CMD ["node", "--enable-source-maps", "services/gateway/dist/main.js"]

FROM runtime AS runtime-auth
EXPOSE 4001
CMD ["node", "--enable-source-maps", "services/auth/dist/main.js"]

FROM runtime AS runtime-catalog
EXPOSE 4002
CMD ["node", "--enable-source-maps", "services/catalog/dist/main.js"]

FROM runtime AS runtime-billing
EXPOSE 4003
CMD ["node", "--enable-source-maps", "services/billing/dist/main.js"]

FROM runtime AS runtime-summariser
# Speech-to-text, the transcript chain's last step, runs yt-dlp and ffmpeg (Debian's packages, about
# 250 MB together): built in only when asked, --build-arg SPEECH_TOOLS=true. Without them the step fails
# and says so, and the other steps still work.
ARG SPEECH_TOOLS=false
USER root
RUN if [ "$SPEECH_TOOLS" = true ]; then \
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends yt-dlp ffmpeg \
      && rm -rf /var/lib/apt/lists/*; \
    fi
USER 1000:1000
EXPOSE 4004
CMD ["node", "--enable-source-maps", "services/summariser/dist/main.js"]

# Compiles its MJML templates at start in a child node (mjml stays in node_modules); without SMTP_URL it
# writes .eml files to MAIL_DIR, which must then be writable (e.g. under /tmp).
FROM runtime AS runtime-mailer
EXPOSE 4005
CMD ["node", "--enable-source-maps", "services/mailer/dist/main.js"]

# Serves only /healthz, /readyz and /metrics; its work is firing schedules onto the broker.
FROM runtime AS runtime-scheduler
EXPOSE 4006
CMD ["node", "--enable-source-maps", "services/scheduler/dist/main.js"]

FROM runtime-${SERVICE}
