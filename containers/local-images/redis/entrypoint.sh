#!/bin/sh
# As the official image: redis-server runs as the redis user and, started without a configuration file,
# accepts connections from other containers (protected mode would refuse them without a password).
set -eu
if [ "$(id -u)" = 0 ]; then
  chown redis:redis /data
  exec setpriv --reuid=redis --regid=redis --init-groups "$0" "$@"
fi
if [ "$1" = redis-server ]; then
  shift
  exec redis-server --protected-mode no "$@"
fi
exec "$@"
