#!/usr/bin/env bash
# Serves the app for the browser journeys: fresh data dir, fresh client build, known users.
# With a second argument `demo`, the database holds the demo cruise line instead.
set -euo pipefail
port="${1:-5100}"
data="${2:-e2e}"
dir="${TMPDIR:-/tmp}/sop-e2e-$port"
rm -rf "$dir"
mkdir -p "$dir"
npx vite build --outDir "$dir/client" --emptyOutDir --logLevel warn
export DATA_DIR="$dir/data" CLIENT_DIR="$dir/client" PORT="$port" HOST=127.0.0.1 DATABASE_URL=
# The server backs itself up (scheduled at midnight UTC; the journeys press 'Back up now').
export BACKUP_DIR="$dir/backups"
# Mail goes to an SMTP server the mail journey runs in its own process on port + 25.
export SMTP_URL="smtp://127.0.0.1:$((port + 25))" MAIL_FROM='SOP Harbor <harbor@ship.example>'
# Single sign-on through an identity provider the sso journey runs in its own process on port + 50.
export OIDC_ISSUER="http://127.0.0.1:$((port + 50))" OIDC_CLIENT_ID=sop-harbor OIDC_CLIENT_SECRET=a-client-secret-for-tests-only OIDC_NAME='Harbor ID'
export ADMIN_USERNAME=admin ADMIN_PASSWORD=e2e-admin-password LOG_LEVEL=warn
if [ "$data" = demo ]; then npx tsx server/src/seed/demo.ts >/dev/null; else npx tsx server/src/seed/e2e-users.ts; fi
exec npx tsx server/src/main.ts
