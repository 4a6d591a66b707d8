#!/usr/bin/env bash
# Lighthouse (mobile preset) on /, /documents and one SOP page, signed in. Figures to read,
# not a test. Needs a running server (e.g. the browser-test one) and a user:
#   BASE_URL=http://127.0.0.1:5208 LH_USER=crew LH_PASSWORD=... SOP_ID=1 bash scripts/lighthouse.sh
# With the demo data (scripts/e2e-server.sh 5208 demo): LH_USER=konstantinos.pa LH_PASSWORD=demo-crew-2025 SOP_ID=22,
# a published SOP whose reading he still owes.
# Lighthouse is not a project dependency: set LIGHTHOUSE to an installed binary, else npx fetches 13.x.
set -euo pipefail
base="${BASE_URL:-http://127.0.0.1:5208}"
out="${OUT_DIR:-/tmp/lighthouse}"
lighthouse="${LIGHTHOUSE:-npx -y lighthouse@13}"
# LH_FLAGS: more Lighthouse flags, e.g. --throttling.cpuSlowdownMultiplier=8 to simulate a slower phone on a fast host.
mkdir -p "$out"
cookie=$(curl -s -D - -o /dev/null -H 'Content-Type: application/json' \
  -d "{\"username\":\"${LH_USER:-crew}\",\"password\":\"${LH_PASSWORD:-e2e-crew-password}\"}" "$base/api/login" |
  awk -F': ' 'tolower($1)=="set-cookie" {split($2, a, ";"); print a[1]}' | grep '^sop.sid=' | head -1)
[ -n "$cookie" ] || { echo "sign-in failed" >&2; exit 1; }
# The SOP page must be one this user may read: a 'not found' page paints less and scores higher.
sop_status=$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: $cookie" "$base/api/sops/${SOP_ID:-1}")
[ "$sop_status" = 200 ] || { echo "SOP ${SOP_ID:-1} answers $sop_status to ${LH_USER:-crew}: choose one they may read (SOP_ID)" >&2; exit 1; }
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
# The device's language for the first screen (the person's own wins once the session answers): LH_LANGUAGE=hi.
language="${LH_LANGUAGE:-}"
port="${LH_PORT:-9333}"
# cpu: Lighthouse's benchmark of the host (about 1000 for a mid-range phone) over the CPU slowdown it applied,
# i.e. the speed of the phone simulated; on a busy or slow host it falls and so does the score.
printf '%-14s %6s %6s %8s %8s %6s %6s\n' page perf a11y LCP TBT CLS cpu
for path in / /documents "/sop/${SOP_ID:-1}"; do
  name=$(echo "$path" | tr '/' '_')
  # Each page in a fresh browser profile (nothing cached, no service worker yet) that holds the
  # session cookie: Lighthouse attaches to it and keeps its cookies (--disable-storage-reset).
  profile=$(mktemp -d)
  "$CHROME_PATH" --headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --remote-debugging-port="$port" \
    --user-data-dir="$profile" about:blank >/dev/null 2>&1 &
  chrome=$!
  for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/json/version" >/dev/null && break; sleep 0.2; done
  node scripts/lighthouse-session.mjs "$port" "$base" "$cookie" "$language"
  $lighthouse "$base$path" --quiet --only-categories=performance,accessibility --port="$port" --disable-storage-reset \
    ${LH_FLAGS:-} --output=json --output-path="$out/lh$name.json" ${LH_SAVE_ASSETS:+--save-assets} >/dev/null 2>&1 || true
  kill "$chrome" 2>/dev/null || true
  wait "$chrome" 2>/dev/null || true
  rm -rf "$profile" 2>/dev/null || true
  node -e '
    const r = require(process.argv[1]);
    const a = r.audits, c = r.categories;
    const pct = (x) => Math.round(x * 100);
    // A page that ended on the sign-in screen measured the wrong thing: say so instead of a score.
    if (new URL(r.finalDisplayedUrl).pathname === "/auth") { console.log(process.argv[2].padEnd(14), "ended on the sign-in page: the session was not used"); process.exit(0); }
    console.log(process.argv[2].padEnd(14), String(pct(c.performance.score)).padStart(6), String(pct(c.accessibility.score)).padStart(6),
      a["largest-contentful-paint"].displayValue.padStart(8), a["total-blocking-time"].displayValue.padStart(8), a["cumulative-layout-shift"].displayValue.padStart(6),
      String(Math.round(r.environment.benchmarkIndex / r.configSettings.throttling.cpuSlowdownMultiplier)).padStart(6));
  ' "$out/lh$name.json" "$path"
done
