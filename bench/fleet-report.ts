/** The figures of `npm run bench:fleet` (fleet.ts) and the table it ends with, each measure against its target. */

export const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
export const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What one run (one link speed, one new ship) measured. */
export interface FleetFigures {
  run: string;
  cold: { linkBytes: number; records: number; files: number; filesAshore: number; ms: number };
  pdf: { size: number; linkBytes: number; ms: number; target: number };
  reads: { linkBytes: number; ms: number };
  attestation: { ms: number };
}

/** The table: a row per measure, a column per run, then the target. */
export function printFleetReport(results: FleetFigures[], setup: { sops: number; coldMb: number; delayMs: number }) {
  console.log(
    `\nFleet bench: ${setup.sops} SOPs, cold files ${setup.coldMb} MB (BENCH_FLEET_COLD_MB), leaf link through a throttled proxy, ${setup.delayMs} ms each way`,
  );
  console.log(`${'measure'.padEnd(52)} ${results.map((r) => r.run.padStart(30)).join(' ')}  target`);
  const line = (measure: string, values: string[], target: string) =>
    console.log(`${measure.padEnd(52)} ${values.map((v) => v.padStart(30)).join(' ')}  ${target}`);
  line(
    '5 MB PDF: bytes over the link / (file + 100 KB)',
    results.map((r) => `${mb(r.pdf.linkBytes)} = ${(r.pdf.linkBytes / (r.pdf.size + 100 * 1024)).toFixed(3)} x`),
    '<= 1.15',
  );
  line(
    '5 MB PDF: readable on board after',
    results.map((r) => `${seconds(r.pdf.ms)} (target ${seconds(r.pdf.target)})`),
    '<= 1.3 x bytes/bw + 30 s',
  );
  line(
    '50 downloads on board: bytes over the link',
    results.map((r) => `${kb(r.reads.linkBytes)} in ${seconds(r.reads.ms)}`),
    'no file bytes',
  );
  line(
    'attestation on board counted ashore after link returns',
    results.map((r) => seconds(r.attestation.ms)),
    '<= 10 s',
  );
  line(
    'cold fill: bytes over the link / message bytes',
    results.map((r) => `${mb(r.cold.linkBytes)} / ${mb(r.cold.records + r.cold.files)} = ${(r.cold.linkBytes / (r.cold.records + r.cold.files)).toFixed(3)} x`),
    '<= 1.1',
  );
  line(
    'cold fill: bytes over the link / file bytes ashore',
    results.map((r) => `${mb(r.cold.linkBytes)} / ${mb(r.cold.filesAshore)} = ${(r.cold.linkBytes / r.cold.filesAshore).toFixed(3)} x`),
    'records included',
  );
  line(
    'cold fill: of which records / files',
    results.map((r) => `${mb(r.cold.records)} / ${mb(r.cold.files)}`),
    '',
  );
  line(
    'cold fill: time',
    results.map((r) => seconds(r.cold.ms)),
    '',
  );
}
