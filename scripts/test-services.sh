#!/usr/bin/env bash
# The integration tests again, against the real services instead of the embedded ones:
# PostgreSQL (migrations and repositories), Mosquitto (gateway channel), Redis; and a real
# Prometheus (Debian's package) scraping the server's metrics.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/services.sh
# The PostgreSQL backup test drives pg_dump and pg_restore.
node scripts/ensure-pg-client.mjs
node scripts/ensure-prometheus.mjs
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
export TEST_MQTT_URL="${TEST_MQTT_URL:-mqtt://127.0.0.1:1883}"
export TEST_REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
export TEST_PROMETHEUS="${TEST_PROMETHEUS:-${PROMETHEUS_PATH:-/usr/bin/prometheus}}"
npx vitest run --project @hearth/server --project @hearth/simulator
