#!/bin/sh
# The default user from the environment (as the official image), reachable from other containers.
set -eu
cat >/etc/rabbitmq/rabbitmq.conf <<CONF
default_user = ${RABBITMQ_DEFAULT_USER:-guest}
default_pass = ${RABBITMQ_DEFAULT_PASS:-guest}
loopback_users = none
listeners.tcp.default = 5672
CONF
chown -R rabbitmq:rabbitmq /var/lib/rabbitmq
exec "$@"
