# tubedigest — the two commands are `make start` and `make test`; the rest are their steps.
SHELL := /bin/bash
.DEFAULT_GOAL := start
NPM_STAMP := node_modules/.installed

.PHONY: start stack up down install build build-web build-services lint typecheck unit integration mail-spam-score browser screenshots tests test-containers test bench mutate digest-now env-reference prometheus-rule clean

# `npm install` rather than `npm ci`: it installs the locked versions too, but does not insist that the
# lock list other platforms' optional binaries, which a registry mirror may not describe.
$(NPM_STAMP): package.json package-lock.json $(wildcard libs/*/package.json services/*/package.json web/package.json)
	npm install --no-audit --no-fund
	@touch $@

install: $(NPM_STAMP)

build: install
	npx turbo run build

## The web app alone (Vite): all the tests need built. The rest of `make build` is checked beside them.
build-web: install
	npx turbo run build --filter=@tubedigest/web

## Every bundle but the web app's: the services' and the launcher's (tsup).
build-services: install
	npx turbo run build --filter='!@tubedigest/web'

## The whole product on http://localhost:3000 in one process, with embedded parts unless DATABASE_URL,
## REDIS_URL, RABBITMQ_URL and the outside services' keys are set (docs/environment.md).
start: build
	node --enable-source-maps services/standalone/dist/main.js

## The services as separate processes against the local Postgres, Redis and RabbitMQ, with the secrets
## of `make start` (DATA_DIR/secrets.json).
stack: build
	node --import tsx scripts/stack.mjs

## The services as containers with Postgres, Redis, RabbitMQ and Mailpit (docker-compose.yml), built
## from this checkout; returns once every container is healthy. Compose v2 or v1. The first run writes
## .env with fresh random secrets; an existing .env is kept.
up: install
	node --import tsx scripts/write-compose-env.ts
	containers/up.sh

## Stops and removes the containers; the data stays in the compose volumes (`down -v` erases it).
down:
	source containers/docker-cli.sh && pick_docker && pick_compose && "$${COMPOSE[@]}" down

## Format and lint (Biome), migrations' order, and no unused file or export (knip.json lists the entry points).
lint: install
	npx biome ci .
	node scripts/check-migrations.mjs
	npx knip

typecheck: install
	npx tsc -p tsconfig.json
	npx tsc -p web/tsconfig.json

## Unit tests beside the code (src/**/*.test.ts, the web app's too): nothing needs to be running.
unit: install
	npx vitest run --project unit

## Integration tests in each package's test/ folder against the real Postgres, Redis and RabbitMQ, and the
## deployment files' checks (tests/deployment).
integration: install
	npx vitest run --project integration

## Every e-mail scored by SpamAssassin (Debian's, offline): at most 0.5 and no rule against it; the scores
## and sizes go to docs/testing.md. Warns and passes without spamassassin, unless REQUIRE_SPAMASSASSIN=1.
mail-spam-score: install
	node --import tsx scripts/check-mail-spam-score.ts

## The web app in Debian's Chromium, served by the whole product in one process (tests/browser).
browser: build-web
	npx vitest run --project browser

## Screenshots of the web app's screens and e-mails at a phone's width and 1280 px, for people to look at:
## the browser tests with SCREENSHOTS=1, into test-results/screenshots. `make test` checks the same
## screens without drawing them.
screenshots: build-web
	rm -rf test-results/screenshots
	SCREENSHOTS=1 npx vitest run --project browser

## Unit, integration and browser tests in one run (what `make test` runs): two files at a time, so one
## works while the other waits on a broker, a timer or a page, and no step waits for another's last file.
tests: build-web
	npx vitest run --project unit --project integration --project browser

## The compose stack built from this checkout and checked through the gateway (tests/containers/run.sh):
## installs Debian's docker engine and compose where missing, makes base images locally where none can
## be pulled, and removes what it started.
test-containers: install
	tests/containers/run.sh

## Lint, typecheck, the services' bundles and the spam score (each one process) run beside the tests, in
## what the two cores leave idle while the tests wait on brokers, timers and pages; then the containers,
## whose builds would compete with the tests for the CPU.
test: install
	$(MAKE) --no-print-directory -j5 lint typecheck build-services mail-spam-score tests
	$(MAKE) --no-print-directory test-containers
	@echo "make test: format/lint, typecheck, unit, integration, mail spam score, browser and container checks all passed"

## Benchmarks, not part of `make test`: each prints its figures and rewrites its own section of
## docs/performance.md with the command and the machine. Needs the local Postgres,
## Redis and RabbitMQ, and Debian's Chromium for the web pages' scores.
BENCHMARKS ?= $(sort $(wildcard bench/suite/*.ts))
bench: build
	@for benchmark in $(BENCHMARKS); do \
	  echo "benchmark: $$benchmark"; \
	  node --import tsx $$benchmark || exit 1; \
	done

## Mutation testing, not part of `make test` (it takes hours): each package's code is mutated and must
## make its tests fail. `make mutate PACKAGES="bus catalog"` runs some of them; the configs are
## stryker/<package>.config.mjs (stryker/README.md), the scores docs/testing.md, the reports
## reports/mutation/<package>.html.
PACKAGES ?= bus catalog auth gateway mailer billing summariser
mutate: install
	@for package in $(PACKAGES); do \
	  echo "mutation testing: $$package"; \
	  npx stryker run stryker/$$package.config.mjs || exit 1; \
	done

## Development only: this week's Monday digest for every eligible reader of the running `make start`
## (or `make stack`), now, whatever their time zone; then read it at /dev/mailbox.
PORT ?= 3000
digest-now:
	@curl -fsS -X POST http://localhost:$(PORT)/dev/deliver-digest && echo
	@echo "queued; the digests arrive at http://localhost:$(PORT)/dev/mailbox within seconds"

## docs/environment.md again from the processes' configuration schemas, after a variable changed; the
## deployment tests fail while the page and the schemas disagree.
env-reference: install
	node --import tsx scripts/write-env-reference.ts

## Writes k8s/components/prometheus-rules/prometheus-rule.yaml from the plain rule files in k8s/base/monitoring.
prometheus-rule: install
	node --import tsx scripts/write-prometheus-rule.ts

clean:
	rm -rf node_modules libs/*/node_modules services/*/node_modules web/node_modules services/*/dist web/dist .turbo .stryker-tmp reports/mutation
