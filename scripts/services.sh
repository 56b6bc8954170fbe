#!/usr/bin/env bash
# Makes sure PostgreSQL, Redis and Mosquitto answer on loopback, starting (and if need
# be installing) them. No systemd here: each is started by hand.
set -euo pipefail

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && exec 3>&- ; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
wait_port() {
  for _ in $(seq 1 50); do port_open "$1" && return 0; sleep 0.2; done
  echo "service on port $1 did not come up" >&2; return 1
}
ensure_pkg() {
  command -v "$1" >/dev/null 2>&1 && return 0
  as_root apt-get update -qq && DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$2"
}

if ! port_open 5432; then
  ensure_pkg pg_ctlcluster postgresql
  as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
  wait_port 5432
fi
if ! port_open 6379; then
  ensure_pkg redis-server redis-server
  as_root mkdir -p /var/lib/redis /var/log/redis
  as_root redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
  wait_port 6379
fi
if ! port_open 1883; then
  ensure_pkg mosquitto mosquitto
  as_root mosquitto -d -c /etc/mosquitto/mosquitto.conf
  wait_port 1883
fi
echo "PostgreSQL, Redis and Mosquitto are up on 127.0.0.1"
