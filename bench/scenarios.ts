/** The four measurements of the bench, each the app beside the bare server in one run. */
import { readFileSync } from 'node:fs';
import { hostileFiles } from '../server/src/test/hostile-files';
import { downloadRate, healthLatencies, type Load, load, percentile, rssGrowth, statusSummary, timeOne, upload } from './measure';
import { type Child, signIn } from './processes';

export interface Row {
  measure: string;
  app: string;
  bare: string;
  ratio: string;
  target: string;
  note?: string;
}

interface Setup {
  app: Child;
  bare: Child;
  cookie: string;
  listFile: string;
  downloadFile: string;
}

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DOWNLOAD_PAIRS = 5;
/** How long /healthz is watched after the hostile uploads are in (processing runs after the answer). */
const HOSTILE_WATCH_MS = Number(process.env.BENCH_HOSTILE_WATCH_S ?? 30) * 1000;
const MEDIAN_OF = 5;

const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const median = (values: number[]) => percentile(values, 50);
/** A requests-per-second row: the app's load beside the bare server's. */
const rateRow = (measure: string, app: Load, bare: Load, target: string): Row => ({
  measure,
  app: fixed(app.rps),
  bare: fixed(bare.rps),
  ratio: fixed(app.rps / bare.rps, 2),
  target,
  note: app.failures || undefined,
});

export async function runScenarios(s: Setup): Promise<Row[]> {
  const auth = { cookie: s.cookie };
  const list = JSON.parse(readFileSync(s.listFile, 'utf8'));
  const drafts = draftVersionIds(list);
  const sopOfVersion = new Map<number, number>(list.map((sop: { id: number; latestVersionId: number }) => [sop.latestVersionId, sop.id]));
  const rows: Row[] = [];
  const add = (row: Row) => {
    rows.push(row);
    console.log(`  ${row.measure}: app ${row.app}, bare ${row.bare}, ratio ${row.ratio}${row.note ? ` (${row.note})` : ''}`);
  };

  // (1) The list: the first answer after a write (built from the database), then the steady state.
  const firstApp: number[] = [];
  const firstBare: number[] = [];
  for (let i = 0; i < MEDIAN_OF; i += 1) {
    const write = await fetch(`${s.app.base}/api/departments`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench ${Date.now()}-${i}` }),
    });
    if (!write.ok) throw new Error(`a write before the first answer failed: ${write.status}`);
    firstApp.push(await timeOne(`${s.app.base}/api/sops`, auth));
    firstBare.push(await timeOne(`${s.bare.base}/list`));
  }
  add({
    measure: 'GET /api/sops, first answer after a write',
    app: `${fixed(median(firstApp))} ms`,
    bare: `${fixed(median(firstBare))} ms`,
    ratio: fixed(median(firstBare) / median(firstApp), 2),
    target: 'informative',
    note: `median of ${MEDIAN_OF}`,
  });
  const listApp = await load(`${s.app.base}/api/sops`, { connections: CONNECTIONS, headers: auth });
  const listBare = await load(`${s.bare.base}/list`, { connections: CONNECTIONS });
  add(rateRow('GET /api/sops, steady state (req/s)', listApp, listBare, '>= 0.5'));
  const etag = (await fetch(`${s.app.base}/api/sops`, { method: 'HEAD', headers: auth })).headers.get('etag');
  if (etag) {
    const revalidate = await load(`${s.app.base}/api/sops`, { connections: CONNECTIONS, headers: { ...auth, 'if-none-match': etag } });
    add(rateRow('GET /api/sops, If-None-Match -> 304 (req/s)', revalidate, listBare, 'informative'));
  }

  // (2) A 10 MB download against a bare stream of the same file.
  const downloadVersion = drafts.shift()!;
  const uploaded = await uploadAttachment(s, downloadVersion, 'ten-mb.txt', readFileSync(s.downloadFile), 'text/plain');
  // The upload starts the file's text extraction; measured beside it, the download measured the extraction too.
  await textExtracted(s, sopOfVersion.get(downloadVersion)!, uploaded);
  // Alternating pairs, so a busy moment on the machine falls on both sides; the median pair.
  const pairs: { app: number; bare: number }[] = [];
  for (let i = 0; i < DOWNLOAD_PAIRS; i += 1) {
    const app = await downloadRate(`${s.app.base}/api/attachments/${uploaded}/download`, auth);
    const bare = await downloadRate(`${s.bare.base}/download`, {});
    pairs.push({ app, bare });
  }
  pairs.sort((a, b) => a.app / a.bare - b.app / b.bare);
  const download = pairs[Math.floor(pairs.length / 2)];
  const spread = `ratios ${fixed(pairs[0].app / pairs[0].bare, 2)}..${fixed(pairs.at(-1)!.app / pairs.at(-1)!.bare, 2)}`;
  add({
    measure: '10 MB download (MB/s)',
    app: fixed(download.app),
    bare: fixed(download.bare),
    ratio: fixed(download.app / download.bare, 2),
    target: '>= 0.7 disk / 0.4 PG',
    note: `median of ${DOWNLOAD_PAIRS} alternating pairs of 3 downloads; ${spread}`,
  });

  // (3) RSS growth of the process during 10 concurrent 10 MB uploads, from ten crew members:
  // one person may have only 3 uploads in flight, so one account would measure three.
  const uploaders = await crewCookies(s, 10);
  const tenMb = readFileSync(s.downloadFile);
  const targets = drafts.splice(0, 10);
  const appUploads = await rssGrowth(s.app, () =>
    Promise.all(
      targets.map((id, i) =>
        upload(`${s.app.base}/api/sop-versions/${id}/attachments`, uploaders[i % uploaders.length], `upload-${i}.txt`, tenMb, 'text/plain'),
      ),
    ),
  );
  const bareUploads = await rssGrowth(s.bare, () =>
    Promise.all(targets.map((_id, i) => upload(`${s.bare.base}/upload`, '', `upload-${i}.txt`, tenMb, 'text/plain'))),
  );
  add({
    measure: 'RSS growth, 10 x 10 MB uploads (MB)',
    app: fixed(appUploads.growthMb, 0),
    bare: fixed(bareUploads.growthMb, 0),
    ratio: fixed(appUploads.growthMb / 100, 2),
    target: '<= 100 MB (ratio to it <= 1)',
    note: statusSummary(appUploads.result as { status: number }[]),
  });

  // (4) /healthz while 4 hostile files are processed and 10 uploads run.
  const hostile = await hostileFiles();
  const hostileTargets = drafts.splice(0, hostile.length);
  const uploadTargets = drafts.splice(0, 10);
  let hostileStatuses = '';
  const appWork = (async () => {
    const answers = await Promise.all([
      ...hostile.map((file, i) =>
        upload(`${s.app.base}/api/sop-versions/${hostileTargets[i]}/attachments`, s.cookie, file.name, file.data, 'application/octet-stream'),
      ),
      ...uploadTargets.map((id, i) =>
        upload(`${s.app.base}/api/sop-versions/${id}/attachments`, uploaders[i % uploaders.length], `busy-${i}.txt`, tenMb, 'text/plain'),
      ),
    ]);
    hostileStatuses = statusSummary(answers);
    // Previews are rendered after the upload is answered: keep watching while they run.
    await new Promise((r) => setTimeout(r, HOSTILE_WATCH_MS));
  })();
  const appHealth = await healthLatencies(s.app.base, appWork);
  const bareWork = Promise.all(uploadTargets.map((_id, i) => upload(`${s.bare.base}/upload`, '', `busy-${i}.txt`, tenMb, 'text/plain')));
  const bareHealth = await healthLatencies(s.bare.base, bareWork);
  const p99App = percentile(appHealth.latencies, 99);
  const p99Bare = percentile(bareHealth.latencies, 99);
  const survived =
    s.app.alive() &&
    (await fetch(`${s.app.base}/healthz`).then(
      (r) => r.ok,
      () => false,
    ));
  add({
    measure: '/healthz p99, 4 hostile files + 10 uploads',
    app: `${fixed(p99App, 0)} ms`,
    bare: `${fixed(p99Bare, 0)} ms`,
    ratio: fixed(p99Bare / p99App, 2),
    target: '<= 100 ms, server survives',
    note: `uploads ${hostileStatuses}; ${appHealth.latencies.length} probes, ${appHealth.failed} failed; server ${survived ? 'still answering' : 'STOPPED'}`,
  });
  return rows;
}

/** Latest versions of draft SOPs: the versions that take files. */
function draftVersionIds(list: { status: string; latestVersion: { id: number; isPublished: boolean } | null }[]): number[] {
  return list.filter((sop) => sop.status === 'draft' && sop.latestVersion && !sop.latestVersion.isPublished).map((sop) => sop.latestVersion!.id);
}

/** Signs in `count` new approvers (they may add files to any draft): their session cookies. */
async function crewCookies(s: Setup, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const username = `bench-uploader-${i}-${Date.now().toString(36)}`;
    const password = 'bench-uploader-passphrase-7';
    const created = await fetch(`${s.app.base}/api/admin/users`, {
      method: 'POST',
      headers: { cookie: s.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ username, password, role: 'approver' }),
    });
    if (created.status !== 201) throw new Error(`creating ${username} failed: ${created.status} ${await created.text()}`);
    const cookie = await signIn(s.app.base, { username, password });
    cookies.push(cookie);
  }
  return cookies;
}

/** Waits until the server has read an uploaded file's text (its extraction job is done). */
async function textExtracted(s: Setup, sopId: number, attachmentId: number) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const sop = (await (await fetch(`${s.app.base}/api/sops/${sopId}`, { headers: { cookie: s.cookie } })).json()) as {
      versions: { attachments: { id: number; textStatus: string }[] }[];
    };
    const file = sop.versions.flatMap((v) => v.attachments).find((a) => a.id === attachmentId);
    if (file && file.textStatus !== 'pending') return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`attachment ${attachmentId}: its text was not extracted within 2 minutes`);
}

async function uploadAttachment(s: Setup, versionId: number | undefined, name: string, data: Buffer, type: string): Promise<number> {
  const res = await upload(`${s.app.base}/api/sop-versions/${versionId}/attachments`, s.cookie, name, data, type);
  if (res.status !== 201) throw new Error(`uploading ${name} failed: ${res.status} ${res.body}`);
  return (JSON.parse(res.body) as { id: number }).id;
}
