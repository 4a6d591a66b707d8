#!/usr/bin/env bash
# Serves the app for the browser journeys: fresh data dir, fresh client build, known users.
# With a second argument `demo`, the database holds the demo cruise line instead. Servers started
# together by one run (the same E2E_RUN, the same third argument) share one client build: the
# first builds it under a lock, the others find it done.
set -euo pipefail
port="${1:-5100}"
data="${2:-e2e}"
group="${3:-$port}"
run="${E2E_RUN:-$$}"
dir="${TMPDIR:-/tmp}/sop-e2e-$port"
client="${TMPDIR:-/tmp}/sop-e2e-client-$group"
rm -rf "$dir"
mkdir -p "$dir"
(
  flock 9
  if [ "$(cat "$client/.run" 2>/dev/null)" != "$run" ]; then
    npx vite build --outDir "$client" --emptyOutDir --logLevel warn
    echo "$run" >"$client/.run"
  fi
) 9>"$client.lock"
export DATA_DIR="$dir/data" CLIENT_DIR="$client" PORT="$port" HOST=127.0.0.1 DATABASE_URL=
# The server backs itself up (scheduled at midnight UTC; the journeys press 'Back up now').
export BACKUP_DIR="$dir/backups"
# Mail goes to an SMTP server the mail journey runs in its own process on port + 25.
export SMTP_URL="smtp://127.0.0.1:$((port + 25))" MAIL_FROM='SOP Harbor <harbor@ship.example>'
export PUBLIC_URL="http://127.0.0.1:$port"
# Single sign-on through an identity provider the sso journey runs in its own process on port + 50.
export OIDC_ISSUER="http://127.0.0.1:$((port + 50))" OIDC_CLIENT_ID=sop-harbor OIDC_CLIENT_SECRET=a-client-secret-for-tests-only OIDC_NAME='Harbor ID'
export ADMIN_USERNAME=admin ADMIN_PASSWORD=e2e-admin-password LOG_LEVEL=warn
if [ "$data" = demo ]; then npx tsx server/src/seed/demo.ts >/dev/null; else npx tsx server/src/seed/e2e-users.ts; fi
exec npx tsx server/src/main.ts
