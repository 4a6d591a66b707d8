/**
 * `npx tsx bench/registers.ts`: the register and document work of issue 17, measured in
 * process on an embedded database: the register CSV over BENCH_SOPS generated SOPs (default
 * 5,000), stamping a controlled copy of a 50-page PDF and reading a 2,001-row itinerary in a
 * document worker (first call includes the worker's start). Prints one line per figure.
 */
import ExcelJS from 'exceljs';
import { openDatabase } from '../server/src/db/client';
import { BENCH_AUDIT_KEY } from './databases';
import { createDocumentWorkers } from '../server/src/documents/worker-pool';
import { sopRegisterRows } from '../server/src/features/sops/sop-register.service';
import { EVERYTHING } from '../server/src/features/sops/sop-visibility.service';
import { toCsv } from '../server/src/http/csv';
import { newTempPath } from '../server/src/files/temp-files';
import { buildPdf } from '../server/src/test/documents';
import { generateBenchData } from './generate';
import { percentile } from './measure';

const SOPS = Number(process.env.BENCH_SOPS ?? 5000);
const RUNS = 7;

async function timed<T>(runs: number, work: () => Promise<T>): Promise<{ ms: number[]; last: T }> {
  const ms: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    last = await work();
    ms.push(performance.now() - start);
  }
  return { ms, last: last as T };
}
const show = (ms: number[]) => `median ${percentile(ms, 50).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms (${ms.length} runs)`;

const database = await openDatabase({ dataDir: 'memory://', auditKey: BENCH_AUDIT_KEY });
const workers = createDocumentWorkers({ workers: 1 });
try {
  await generateBenchData(database.db, SOPS);
  const register = await timed(RUNS, async () => toCsv(['x'], await sopRegisterRows(database.db, EVERYTHING)));
  console.log(`register CSV, ${SOPS} SOPs (${(register.last.length / 1024).toFixed(0)} KB): ${show(register.ms)}`);
  const filtered = await timed(RUNS, async () => toCsv(['x'], await sopRegisterRows(database.db, EVERYTHING, { status: 'published', search: 'safety' })));
  console.log(`register CSV, status + search filter: ${show(filtered.ms)}`);

  const pdf = await buildPdf({ title: 'Manual', body: Array.from({ length: 1900 }, (_, i) => `Line ${i + 1} of the bench manual, long enough to wrap once.`) });
  const stamp = await timed(RUNS, () =>
    workers.run('stamp', {
      data: pdf,
      lines: ['Manual · Version 1.0 · In force since 2026-01-01', 'Printed by Bench on 2026-01-01 00:00 UTC · Uncontrolled when printed'],
      signaturePage: {
        title: 'Electronic signatures',
        continuedTitle: 'Electronic signatures (continued)',
        pageLabel: 'Signature page {page} of {pages}',
        intro: ['Manual · Version 1.0'],
        // A crew's worth of signed attestations: several signature pages.
        entries: Array.from({ length: 200 }, (_, i) => ({
          heading: `Reader ${i + 1}`,
          lines: ['Meaning: Read and understood', 'Signed: 2026-01-01 00:00:00 UTC · Method: password', `SHA-256 of the signed version: ${'a'.repeat(64)}`],
        })),
        empty: '',
      },
      outputPath: newTempPath(),
    }),
  );
  console.log(`controlled copy, ${stamp.last.pages}-page PDF (${(pdf.length / 1024).toFixed(0)} KB), in the worker: ${show(stamp.ms)}`);

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Ports');
  sheet.addRow(['Date', 'Port', 'Arrival', 'Departure', 'Notes']);
  for (let i = 0; i < 2001; i++)
    sheet.addRow([new Date(Date.UTC(2026, 0, 1 + i)), `Port ${i}`, new Date(Date.UTC(1899, 11, 30, 8)), new Date(Date.UTC(1899, 11, 30, 18)), 'Tender']);
  const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
  const table = await timed(RUNS, () => workers.run('table', { kind: 'xlsx', data: xlsx, maxRows: 2000 }));
  console.log(`itinerary table, 2,001-row .xlsx (${(xlsx.length / 1024).toFixed(0)} KB), in the worker: ${show(table.ms)}`);
} finally {
  await workers.close();
  await database.close();
}
