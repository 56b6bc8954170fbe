#!/usr/bin/env bash
# The server's integration tests whose subject is a service, again against the real services
# instead of the embedded ones: PostgreSQL (connections, migrations, repositories, time-zone
# arithmetic of the samples), Mosquitto (the gateway channel), Redis (the cross-process
# adapter, shared counters and revocations); and a real Prometheus (Debian's package) scraping
# the server's metrics. The other server files (routes, screens' answers, validation) run the
# same SQL on the same PostgreSQL engine, embedded, in `npm run test:unit`; set
# TEST_SERVICES_ALL=1 to run every server file on the services.
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
SERVICE_FILES=(
  src/db/ src/repositories/ src/samples/ src/ops/postgres-backup # PostgreSQL
  src/gateway/ src/cluster/                       # Mosquitto, and the three services failing
  src/realtime/ src/limits/ src/metrics/ src/system/system.routes
  src/security/attempt-store src/security/credential-throttle
  src/auth/session src/homes/quiet-home-cluster   # Redis-shared state across processes
  src/cloud-link/bridge-lease-postgres            # the linked devices' bridges, one process at a time
)
if [ "${TEST_SERVICES_ALL:-}" = "1" ]; then SERVICE_FILES=(); fi
# The gateway reports' fuzzing tests the parser, which no service changes. One file at a time:
# two test servers on one broker and one Redis would each take the other's gateway messages
# and echo them to its sockets through the shared adapter (a cluster avoids that with an MQTT
# share group, docs/operations.md; unrelated test servers have none).
npx vitest run --maxWorkers=1 --project @hearth/server --exclude '**/gateway-fuzz.test.ts' "${SERVICE_FILES[@]}"
