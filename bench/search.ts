/**
 * `npm run bench:search`: search latency at fleet scale. On the embedded database (a
 * temporary folder) and on PostgreSQL (a fresh database on BENCH_POSTGRES_URL, dropped
 * afterwards): 10,000 SOPs (bench/generate.ts), each with two PDF attachments on its latest
 * version holding five pages of varied maritime text (bench/search-text.ts), then sequential
 * searches for common words, rare words, prefixes, phrases and typos, timed around the
 * service that builds the search answer (listSopsJson, what GET /api/sops?search= sends on
 * a cache miss). Prints p50/p95 per kind and whether both databases answer the same top 10.
 *
 * The 20,000 files' text is written straight into `file_texts` (with stored-file and
 * attachment rows; the bytes themselves are not stored), not made as PDFs and extracted:
 * that would take hours on a small machine. One real five-page PDF of the same text is
 * built and extracted by the document worker first, to show the text per file is the same.
 * BENCH_SOPS and BENCH_SEARCH_RUNS (default 20 rounds) scale it down or up;
 * BENCH_DATABASES=embedded|postgres picks one.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import pg from 'pg';
import { openDatabase } from '../server/src/db/client';
import { BENCH_AUDIT_KEY } from './databases';
import { createDocumentWorkers } from '../server/src/documents/worker-pool';
import { listSopsJson } from '../server/src/features/sops/sop-list.service';
import { EVERYTHING } from '../server/src/features/sops/sop-visibility.service';
import { buildPdf } from '../server/src/test/documents';
import { generateBenchData } from './generate';
import { percentile } from './measure';
import { addFileTexts } from './search-data';
import { maritimeText } from './search-text';

const SOPS = Number(process.env.BENCH_SOPS ?? 10_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 20);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASES = (process.env.BENCH_DATABASES ?? 'embedded,postgres').split(',') as ('embedded' | 'postgres')[];
const TARGET_MS = { embedded: 60, postgres: 30 };

const QUERIES: Record<string, string[]> = {
  'common words': ['crew', 'deck', 'checklist', 'bridge', 'officer'],
  'rare words': ['gudgeon', 'futtock', 'bowsprit', 'turnbuckle', 'spurling'],
  prefixes: ['lifeb', 'moor', 'bunk', 'galle', 'embar'],
  phrases: ['muster station', 'fire door', 'pilot ladder', 'garbage record book', 'enclosed space entry permit'],
  typos: ['tendr', 'lifebot', 'moorng', 'galey', 'ballst'],
};

/** One real five-page PDF of the generated text, through the document worker as uploads go. */
async function realPdfCheck() {
  const text = maritimeText(3);
  const pdf = await buildPdf({ title: 'Bench', body: text.split('\n\n').flatMap((page, i) => [`# Section ${i + 1}`, page]) });
  const workers = createDocumentWorkers({ workers: 1 });
  try {
    await workers.run('text', { mimeType: 'text/plain', data: Buffer.from('warm up') });
    const started = performance.now();
    const extracted = await workers.run('text', { mimeType: 'application/pdf', data: pdf });
    const ms = performance.now() - started;
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    console.log(
      `Real PDF check: ${pages} pages, ${(pdf.length / 1024).toFixed(0)} KB, ${extracted.text.length} characters extracted in ${ms.toFixed(0)} ms ` +
        `(the generated text written to the database: ${text.length} characters per file).`,
    );
  } finally {
    await workers.close();
  }
}

interface Measured {
  latencies: Record<string, number[]>;
  tops: Record<string, number[]>;
  counts: Record<string, number>;
  setupS: number;
}

async function measure(kind: 'embedded' | 'postgres'): Promise<Measured> {
  const work = mkdtempSync(path.join(tmpdir(), 'sop-search-bench-'));
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (kind === 'postgres') {
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(statement);
      await client.end();
    };
    const name = `search_bench_${randomBytes(4).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const database = await openDatabase(databaseUrl ? { databaseUrl, auditKey: BENCH_AUDIT_KEY } : { dataDir: work, auditKey: BENCH_AUDIT_KEY });
  try {
    const started = performance.now();
    await generateBenchData(database.db, SOPS);
    const files = await addFileTexts(database.db);
    const setupS = (performance.now() - started) / 1000;
    console.log(`${kind}: ${SOPS} SOPs and ${files} files of text in ${setupS.toFixed(0)} s`);

    const latencies: Record<string, number[]> = {};
    const tops: Record<string, number[]> = {};
    const counts: Record<string, number> = {};
    // One warm-up round, then RUNS rounds of every query in turn, one at a time.
    for (const terms of Object.values(QUERIES)) for (const term of terms) await listSopsJson(database.db, EVERYTHING, { search: term });
    for (let run = 0; run < RUNS; run += 1) {
      for (const [category, terms] of Object.entries(QUERIES)) {
        for (const term of terms) {
          const t0 = performance.now();
          const json = await listSopsJson(database.db, EVERYTHING, { search: term });
          (latencies[category] ??= []).push(performance.now() - t0);
          if (run === 0) {
            const rows = JSON.parse(json) as { id: number }[];
            tops[term] = rows.slice(0, 10).map((r) => r.id);
            counts[term] = rows.length;
          }
        }
      }
    }
    return { latencies, tops, counts, setupS };
  } finally {
    await database.close();
    await drop();
    rmSync(work, { recursive: true, force: true });
  }
}

await realPdfCheck();
const results: Partial<Record<'embedded' | 'postgres', Measured>> = {};
for (const kind of DATABASES) results[kind] = await measure(kind);

const fixed = (n: number) => n.toFixed(1);
console.log(`\nSearch over ${SOPS} SOPs with ${SOPS * 2} five-page files of text; ${RUNS} sequential rounds (${RUNS * 5} searches per kind)\n`);
const header = ['kind', 'terms', ...DATABASES.flatMap((k) => [`${k} p50`, `${k} p95 (target ≤ ${TARGET_MS[k]} ms)`]), 'answers', 'same top 10'];
const lines = [header];
for (const [category, terms] of Object.entries(QUERIES)) {
  const cells = [category, terms.join(', ')];
  for (const kind of DATABASES) {
    const values = results[kind]!.latencies[category];
    cells.push(`${fixed(percentile(values, 50))} ms`, `${fixed(percentile(values, 95))} ms`);
  }
  const first = results[DATABASES[0]]!;
  cells.push(terms.map((t) => first.counts[t]).join('/'));
  const same = DATABASES.length < 2 || terms.every((t) => JSON.stringify(results.embedded!.tops[t]) === JSON.stringify(results.postgres!.tops[t]));
  cells.push(DATABASES.length < 2 ? '-' : same ? 'yes' : 'NO');
  lines.push(cells);
}
console.log(lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n'));
if (DATABASES.length === 2) {
  for (const terms of Object.values(QUERIES))
    for (const t of terms)
      if (JSON.stringify(results.embedded!.tops[t]) !== JSON.stringify(results.postgres!.tops[t]))
        console.log(`  '${t}': embedded ${results.embedded!.tops[t].join(',')} / postgres ${results.postgres!.tops[t].join(',')}`);
}
