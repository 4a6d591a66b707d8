/** Measuring helpers: load with autocannon, single timed requests, uploads, memory and health sampling. */
import autocannon from 'autocannon';
import type { Child } from './processes';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** A stalled server must not stall the bench: an upload or a health probe gives up after this. */
const UPLOAD_TIMEOUT_MS = 90_000;
const PROBE_TIMEOUT_MS = 20_000;

export interface Load {
  rps: number;
  mbps: number;
  p50: number;
  p99: number;
  failures: string;
  /** The server's CPU time per request, where the bench measured it. */
  cpuPerRequestUs?: number;
}

/**
 * An answer's own head, for a bare server to send the same: Node writes the date and the
 * connection's own headers for any server, and the length is the body's.
 */
export function ownHead(headers: Iterable<[string, string | string[] | undefined]>): Record<string, string> {
  const written = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return Object.fromEntries([...headers].filter((entry): entry is [string, string] => !written.has(entry[0]) && typeof entry[1] === 'string'));
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** autocannon against one URL for SECONDS; non-2xx answers and connection errors are reported, not hidden. */
export async function load(url: string, opts: { connections: number; headers?: Record<string, string> }): Promise<Load> {
  const latencies: number[] = [];
  const instance = autocannon({ url, connections: opts.connections, duration: SECONDS, headers: opts.headers ?? {}, timeout: 30 });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  const failures = [result.non2xx ? `${result.non2xx} non-2xx` : '', result.errors ? `${result.errors} errors` : ''].filter(Boolean).join(', ');
  return {
    rps: result.requests.average,
    mbps: result.throughput.average / 1024 / 1024,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
  };
}

/** Wall time of one request read to its end, in ms. */
export async function timeOne(url: string, headers: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

/** MB/s over `times` downloads one after another, each read to its end. */
export async function downloadRate(url: string, headers: Record<string, string>, times = 3): Promise<number> {
  let bytes = 0;
  const started = performance.now();
  for (let i = 0; i < times; i += 1) {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    bytes += (await res.arrayBuffer()).byteLength;
  }
  return bytes / 1024 / 1024 / ((performance.now() - started) / 1000);
}

/** "201 x 10" or "201 x 8, 429 x 2": what a batch of uploads got. */
export function statusSummary(results: { status: number }[]): string {
  const counts = new Map<number, number>();
  for (const { status } of results) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${status || 'no answer'} x ${n}`).join(', ');
}

/** POST one file as multipart; a refusal is a result (status and body), not a crash of the bench. */
export async function upload(url: string, cookie: string, name: string, data: Buffer, type: string): Promise<{ status: number; body: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const res = await fetch(url, { method: 'POST', body: form, headers: { cookie }, signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) }).catch(() => null);
  return { status: res?.status ?? 0, body: (await res?.text()) ?? '' };
}

/** Samples a process's RSS every 25 ms while `work` runs; returns the growth over the starting RSS. */
export async function rssGrowth(child: Child, work: () => Promise<unknown>): Promise<{ growthMb: number; result: unknown }> {
  const baseline = child.rss();
  let peak = baseline;
  const timer = setInterval(() => {
    if (child.alive()) peak = Math.max(peak, child.rss());
  }, 25);
  try {
    const result = await work();
    return { growthMb: (peak - baseline) / 1024 / 1024, result };
  } finally {
    clearInterval(timer);
  }
}

/** Asks /healthz one request after another (each capped at PROBE_TIMEOUT_MS) until `work` ends; returns the latencies. */
export async function healthLatencies(base: string, work: Promise<unknown>): Promise<{ latencies: number[]; failed: number }> {
  let done = false;
  void work.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  let failed = 0;
  while (!done) {
    const started = performance.now();
    const ok = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).then(
      (r) => r.ok,
      () => false,
    );
    latencies.push(performance.now() - started);
    if (!ok) failed += 1;
    await new Promise((r) => setTimeout(r, 20));
  }
  return { latencies, failed };
}
