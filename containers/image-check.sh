#!/bin/sh
# Run by the Dockerfile in each service's runtime stage, mounted for that step only (it is not part of the
# image): checks the image itself, so a broken one fails the build instead of the rollout.
#   sh image-check.sh <service>
# With no environment the service must get as far as its configuration check, which runs after every
# static import has resolved (a package pruned by mistake fails here). Native addons load lazily, so the
# one we ship (argon2, auth's password hashes) must also hash and verify.
set -eu
service="$1"
cd /app
out="$(env -i PATH="$PATH" node "services/$service/dist/main.js" 2>&1 || true)"
case "$out" in
  *"Invalid configuration"*) ;;
  *) echo "$out" >&2; echo "image check: services/$service/dist/main.js did not reach its configuration check" >&2; exit 1 ;;
esac
if [ "$service" = auth ]; then
  cd services/auth
  node --input-type=module -e \
    "import argon2 from 'argon2'; const h = await argon2.hash('check'); if (!(await argon2.verify(h, 'check'))) process.exit(1);"
fi
