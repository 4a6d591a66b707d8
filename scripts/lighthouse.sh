#!/usr/bin/env bash
# Lighthouse (mobile preset) on /, /documents and one SOP page, signed in. Figures to read,
# not a test. Needs a running server (e.g. the browser-test one) and a user:
#   BASE_URL=http://127.0.0.1:5208 LH_USER=crew LH_PASSWORD=... SOP_ID=1 bash scripts/lighthouse.sh
# With the demo data (scripts/e2e-server.sh 5208 demo): LH_USER=konstantinos.pa LH_PASSWORD=demo-crew-2025 SOP_ID=22,
# a published SOP whose reading he still owes. A Hindi-speaking crew member: LH_USER=rajesh.kumar LH_LANGUAGE=hi.
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
# A crew member who reads the app in another language: LH_LANGUAGE=hi. It becomes the person's own
# language (PUT /api/account/language, kept after the run) and the device's, as on the phone of
# someone who chose it. The device's alone is not enough: once the session answers, the person's own
# wins, and a person whose language is English would see the app drawn in Hindi, then redrawn in
# English from the top, which measures a language switch, not a Hindi-speaking crew member.
language="${LH_LANGUAGE:-}"
if [ -n "$language" ]; then
  set_status=$(curl -s -o /dev/null -w '%{http_code}' -X PUT -H "Cookie: $cookie" -H "Origin: $base" -H 'Content-Type: application/json' \
    -d "{\"language\":\"$language\"}" "$base/api/account/language")
  [ "$set_status" = 200 ] || { echo "setting ${LH_USER:-crew}'s language to $language answered $set_status" >&2; exit 1; }
fi
port="${LH_PORT:-9333}"

# One Lighthouse run of $1 (a path) into $2 (a JSON file), with more flags after them.
# Each page in a fresh browser profile (nothing cached, no service worker yet) that holds the
# session cookie: Lighthouse attaches to it and keeps its cookies (--disable-storage-reset).
measure() {
  local path="$1" output="$2" profile chrome
  shift 2
  profile=$(mktemp -d)
  "$CHROME_PATH" --headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --remote-debugging-port="$port" \
    --user-data-dir="$profile" about:blank >/dev/null 2>&1 &
  chrome=$!
  for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/json/version" >/dev/null && break; sleep 0.2; done
  node scripts/lighthouse-session.mjs "$port" "$base" "$cookie" "$language"
  $lighthouse "$base$path" --quiet --port="$port" --disable-storage-reset "$@" --output=json --output-path="$output" >/dev/null 2>&1 || true
  kill "$chrome" 2>/dev/null || true
  wait "$chrome" 2>/dev/null || true
  rm -rf "$profile" 2>/dev/null || true
}

# LH_CPU=450: simulate a phone of that speed on this host. A short first run reads the host's
# benchmark, and the CPU slowdown becomes benchmark / LH_CPU (on a host of 2,600, 5.8).
cpu_flag=()
if [ -n "${LH_CPU:-}" ]; then
  measure /healthz "$out/calibration.json" --only-categories=performance
  host_index=$(node -e 'console.log(Math.round(require(process.argv[1]).environment.benchmarkIndex))' "$out/calibration.json")
  slowdown=$(node -e 'console.log((process.argv[1] / process.argv[2]).toFixed(2))' "$host_index" "$LH_CPU")
  echo "host benchmark $host_index: CPU slowdown $slowdown for a phone of about $LH_CPU"
  cpu_flag=(--throttling.cpuSlowdownMultiplier="$slowdown")
fi

# cpu: Lighthouse's benchmark of the host (about 1000 for a mid-range phone) over the CPU slowdown it applied,
# i.e. the speed of the phone simulated; on a busy or slow host it falls and so does the score.
printf '%-14s %6s %6s %8s %8s %6s %6s\n' page perf a11y LCP TBT CLS cpu
# LH_PATHS: the pages to measure, e.g. LH_PATHS=/ for the dashboard alone.
for path in ${LH_PATHS:-/ /documents "/sop/${SOP_ID:-1}"}; do
  name=$(echo "$path" | tr '/' '_')
  measure "$path" "$out/lh$name.json" --only-categories=performance,accessibility "${cpu_flag[@]}" ${LH_FLAGS:-} ${LH_SAVE_ASSETS:+--save-assets}
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
