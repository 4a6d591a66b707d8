#!/usr/bin/env bash
# Serves the app for the browser journeys: fresh data dir, fresh client build, known users.
set -euo pipefail
port="${1:-5100}"
dir="${TMPDIR:-/tmp}/sop-e2e-$port"
rm -rf "$dir"
mkdir -p "$dir"
npx vite build --outDir "$dir/client" --emptyOutDir --logLevel warn
export DATA_DIR="$dir/data" CLIENT_DIR="$dir/client" PORT="$port" HOST=127.0.0.1 DATABASE_URL=
export ADMIN_USERNAME=admin ADMIN_PASSWORD=e2e-admin-password LOG_LEVEL=warn
npx tsx server/src/seed/e2e-users.ts
exec npx tsx server/src/main.ts
