import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { departments } from '../../db/schema';
import { sharedSessionSecret } from '../settings/settings.service';
import { diskPath } from '../../files/store';
import { openTestDatabase } from '../../test/database';
import { createTestContext, type TestContext, buildDepartment } from '../../test/factories';
import { createSopAs, uploadAttachments } from '../../test/client';
import { writeBackup } from './backup.service';
import { auditChecksum, quote, readTables } from './catalog.service';
import { auditKey, setAuditKey } from '../../db/audit-key';
import { TEST_AUDIT_KEY } from '../../test/audit-key-setup';
import { verifyChainWith } from '../audit/audit-chain.service';
import { recordAudit } from '../audit/audit.service';
import { restoreBackup } from './restore.service';
import { RestoreRefusedError } from './restore-refusals.helper';
import { makeDocx, makePdf } from '../../test/documents';

const work = mkdtempSync(path.join(tmpdir(), 'sop-backup-'));

/**
 * PostgreSQL with TEST_DATABASE_URL; else the embedded database on disk: the source as the
 * server opens it (the app's role), the restore target as `npm run restore` does (the owner).
 */
function openRoundTripDatabase(name: string, role: 'app' | 'owner'): Promise<Database> {
  return process.env.TEST_DATABASE_URL ? openTestDatabase() : openDatabase({ dataDir: path.join(work, name), role });
}

/** Every row of every table (generated columns too), as the database itself renders it. */
async function snapshot(database: Database): Promise<Record<string, unknown[]>> {
  const client = await database.pool!.connect();
  try {
    const result: Record<string, unknown[]> = {};
    for (const table of await readTables(client)) {
      const order = (table.primaryKey.length ? table.primaryKey : table.columns).map(quote).join(', ');
      const { rows } = await client.query(`select row_to_json(t)::text as row from ${quote(table.name)} t order by ${order}`);
      result[table.name] = rows.map((r) => r.row);
    }
    return result;
  } finally {
    client.release();
  }
}

/** Every stored file, recomputed from the bytes where this store keeps them: "<sha256> <sha256 of the bytes>". */
async function storedChecksums(database: Database, fileDir: string | null): Promise<string[]> {
  const { rows } = await database.pool!.query<{ sha256: string }>('select sha256 from stored_files order by sha256');
  const sums: string[] = [];
  for (const { sha256 } of rows) {
    if (fileDir) {
      sums.push(
        `${sha256} ${createHash('sha256')
          .update(readFileSync(diskPath(fileDir, sha256)))
          .digest('hex')}`,
      );
    } else {
      const { rows: bytes } = await database.pool!.query(
        `select encode(sha256(string_agg(data, ''::bytea order by seq)), 'hex') as sum from stored_file_chunks where sha256 = $1`,
        [sha256],
      );
      sums.push(`${sha256} ${bytes[0].sum}`);
    }
  }
  return sums;
}

/**
 * The record a backup carries: every table but who is signed in (`session`) and the sign-in
 * counters, and no cookie-signing secret. Those are not restored on purpose.
 */
function recordOf(tables: Record<string, unknown[]>): Record<string, unknown[]> {
  const { session: _session, auth_throttle: _throttle, ...record } = tables;
  return { ...record, app_settings: record.app_settings.filter((row) => !String(row).includes('"session_secret"')) };
}

let t: TestContext;
let signingSecret: string;
let source: Database;
let target: Database;
const backupFile = path.join(work, 'harbor.backup');
/** Where each store keeps its bytes: the data folder's files/ when embedded, rows with PostgreSQL. */
const storeDir = (name: string) => (process.env.TEST_DATABASE_URL ? null : path.join(work, name, 'files'));
const sourceFiles = storeDir('source');
const targetFiles = storeDir('target');

beforeAll(async () => {
  source = await openRoundTripDatabase('source', 'app');
  // Jobs (previews, text extraction) run when the test says, so none lands between the backup
  // and the checksums it is compared with.
  t = await createTestContext({ database: source, jobs: 'manual' });
  const author = await t.signedInUser('user');
  const division = await buildDepartment(t.db, 'Deck');
  const department = await buildDepartment(t.db, 'Bridge', division.id);
  const sop = await createSopAs(t, author, { departmentId: department.id, title: 'Mooring stations', tags: ['deck', 'mooring'] });
  const upload = await uploadAttachments(t, author, sop.latestVersionId, [
    { name: 'mooring.pdf', data: await makePdf('Mooring', ['Lines fore and aft']), type: 'application/pdf' },
    { name: 'checklist.docx', data: await makeDocx('Checklist', ['Heaving line ready']) },
  ]);
  expect(upload.statusCode).toBe(201);
  // An edit makes version 2, which points back at the SOP (the sops <-> sop_versions cycle).
  const edit = await t.as(author, { method: 'POST', url: `/api/sops/${sop.id}/versions`, payload: { content: 'Revised mooring steps' } });
  expect(edit.statusCode).toBe(201);
  // Previews are rendered by jobs: every one lands before anything is compared.
  await t.jobs.runUntilIdle();
  const { rows: previews } = await source.pool!.query<{ n: number }>('select count(*)::int as n from attachment_previews');
  expect(previews[0].n).toBeGreaterThanOrEqual(2);
  // Bytes the store keeps on disk that no record names (a half-written upload) are not backed up.
  if (sourceFiles) {
    mkdirSync(path.join(sourceFiles, 'tmp'), { recursive: true });
    writeFileSync(path.join(sourceFiles, 'tmp', 'half-written'), 'partial');
  }
  signingSecret = await sharedSessionSecret(source.db);
  target = await openRoundTripDatabase('target', 'owner');
}, 400_000);

afterAll(async () => {
  await t?.close();
  await target?.close();
  rmSync(work, { recursive: true, force: true });
});

// Creating PGlite data folders takes seconds, minutes on a busy machine.
describe('backup and restore', { timeout: 120_000 }, () => {
  it('round trip: every table and every stored byte arrive unchanged in a fresh database', async () => {
    const summary = await writeBackup(source.pool!, backupFile, { fileDir: sourceFiles });
    const storedBefore = await storedChecksums(source, sourceFiles);
    expect(storedBefore.length).toBeGreaterThanOrEqual(2);
    expect(summary.files).toBe(storedBefore.length);
    const restored = await restoreBackup(target.pool!, backupFile, { fileDir: targetFiles });
    expect(restored.files).toBe(storedBefore.length);

    const before = await snapshot(source);
    expect(before.attachments.length).toBeGreaterThanOrEqual(2);
    expect(before.sop_versions).toHaveLength(2);
    expect(recordOf(await snapshot(target))).toEqual(recordOf(before));
    const storedAfter = await storedChecksums(target, targetFiles);
    expect(storedAfter).toEqual(storedBefore);
    for (const line of storedAfter) expect(line.split(' ')[0]).toBe(line.split(' ')[1]);
    if (targetFiles) expect(existsSync(path.join(targetFiles, 'tmp', 'half-written'))).toBe(false);
    // The events keep the hashes they were made with, and the chain verifies.
    expect(before.audit_chain).toHaveLength(1);
    expect(await verifyChainWith(target.pool!)).toEqual({ intact: true, events: before.audit_events.length });
  });

  it('the audit chain continues after the restored events', async () => {
    const { rows: last } = await target.pool!.query<{ id: number }>('select max(id) as id from audit_events');
    await recordAudit(target.db, { actorId: null, action: 'signatures_required', entityType: 'settings' });
    const { rows: next } = await target.pool!.query<{ id: number }>('select max(id) as id from audit_events');
    expect(next[0].id).toBe(last[0].id + 1);
    expect(await verifyChainWith(target.pool!)).toMatchObject({ intact: true });
  });

  it('identities continue after the restored rows', async () => {
    const [highest] = await target.db.select({ id: departments.id }).from(departments).orderBy(departments.id).limit(1).offset(1);
    const [added] = await target.db.insert(departments).values({ name: 'Engine' }).returning({ id: departments.id });
    expect(added.id).toBeGreaterThan(highest.id);
  });

  it('a database that holds rows is refused and left unchanged; --force replaces it', async () => {
    const before = await snapshot(target);
    const refused = restoreBackup(target.pool!, backupFile, { fileDir: targetFiles });
    await expect(refused).rejects.toBeInstanceOf(RestoreRefusedError);
    await expect(refused).rejects.toThrow(/The database is not empty \(.*departments.*\)\. Restore into an empty database .* or add --force/);
    expect(await snapshot(target)).toEqual(before);

    await restoreBackup(target.pool!, backupFile, { fileDir: targetFiles, force: true });
    expect(recordOf(await snapshot(target))).toEqual(recordOf(await snapshot(source)));
  });

  it('a backup holds no session and no signing secret', async () => {
    const text = gunzipSync(readFileSync(backupFile)).toString();
    const { rows: live } = await source.pool!.query<{ sid: string }>('select sid from session');
    expect(live.length).toBeGreaterThan(0);
    for (const { sid } of live) expect(text).not.toContain(sid);
    expect(text).not.toContain(signingSecret);
    expect(text).not.toContain('"table":"session"');
  });

  it('a restore signs everyone out and starts with a new signing secret, even from a backup that held them', async () => {
    // As a backup made before sessions were left out: the session rows and the secret inside.
    const lines = gunzipSync(readFileSync(backupFile)).toString().split('\n');
    const header = JSON.parse(lines[0]);
    const legacy = path.join(work, 'legacy.backup');
    const settingsEnd = lines.indexOf(JSON.stringify({ end: 'app_settings' }));
    lines.splice(settingsEnd, 0, JSON.stringify({ row: { key: 'session_secret', value: signingSecret, updated_at: new Date().toISOString() } }));
    const session = { sid: 'stolen-sid', sess: { userId: 1 }, expire: new Date(Date.now() + 86_400_000).toISOString() };
    const complete = lines.findIndex((line) => line.startsWith('{"complete"'));
    lines.splice(complete, 0, JSON.stringify({ table: 'session' }), JSON.stringify({ row: session }), JSON.stringify({ end: 'session' }));
    header.tables.push({ name: 'session', columns: ['sid', 'sess', 'expire'], primaryKey: ['sid'], identity: [], deferred: [] });
    lines[0] = JSON.stringify(header);
    writeFileSync(legacy, gzipSync(lines.join('\n')));

    await target.pool!.query(`insert into session (sid, sess, expire) values ('signed-in-here', '{}', now() + interval '1 day')`);
    await restoreBackup(target.pool!, legacy, { fileDir: targetFiles, force: true });
    const { rows: sessions } = await target.pool!.query('select sid from session');
    expect(sessions).toEqual([]);
    const { rows: secrets } = await target.pool!.query<{ value: string }>(`select value from app_settings where key = 'session_secret'`);
    expect(secrets).toHaveLength(1);
    expect(secrets[0].value).not.toBe(signingSecret);
    expect(secrets[0].value.length).toBeGreaterThanOrEqual(48);
  });

  it('a cut-short backup or a damaged stored file restores nothing', async () => {
    const lines = gunzipSync(readFileSync(backupFile)).toString().split('\n');
    const cut = path.join(work, 'cut.backup');
    writeFileSync(cut, gzipSync(lines.slice(0, Math.floor(lines.length / 2)).join('\n')));
    const before = await snapshot(target);
    await expect(restoreBackup(target.pool!, cut, { fileDir: targetFiles, force: true })).rejects.toThrow('the backup is incomplete');

    const damaged = path.join(work, 'damaged.backup');
    const chunk = lines.findIndex((l) => l.startsWith('{"chunk":'));
    lines[chunk] = JSON.stringify({ chunk: Buffer.alloc(1024 * 1024, 8).toString('base64') });
    writeFileSync(damaged, gzipSync(lines.join('\n')));
    await expect(restoreBackup(target.pool!, damaged, { fileDir: targetFiles, force: true })).rejects.toThrow('does not match its checksum');
    expect(await snapshot(target)).toEqual(before);
  });

  it('a backup re-chained without the key is refused on restore, and one chained with another key names both keys', async () => {
    // A forger with the file and a database of their own, but not AUDIT_KEY: an event edited, then
    // its hash and every later one redone with the unkeyed function, the head and the file's checksum too.
    const lines = gunzipSync(readFileSync(backupFile)).toString().split('\n');
    const start = lines.indexOf(JSON.stringify({ table: 'audit_events' }));
    const end = lines.findIndex((l, i) => i > start && l.startsWith('{"end":"audit_events"'));
    const rows = lines.slice(start + 1, end).map((l) => JSON.parse(l).row as Record<string, unknown> & { id: number; hash: string });
    expect(rows.length).toBeGreaterThan(2);
    const victim = rows[1];
    victim.action = 'sop_deleted';
    let previous = rows[0].hash;
    for (const row of rows.slice(1)) {
      const { rows: digest } = await source.pool!.query<{ hash: string }>(
        'select audit_event_digest($1, $2, $3, $4, $5, $6, $7::jsonb, $8::timestamptz) as hash',
        [previous, row.id, row.actor_id, row.action, row.entity_type, row.entity_id, JSON.stringify(row.metadata), row.created_at],
      );
      previous = row.hash = digest[0].hash;
    }
    for (const [i, row] of rows.entries()) lines[start + 1 + i] = JSON.stringify({ row });
    const head = lines.findIndex((l, i) => i > lines.indexOf(JSON.stringify({ table: 'audit_chain' })) && l.startsWith('{"row":'));
    lines[head] = JSON.stringify({ row: { ...JSON.parse(lines[head]).row, hash: previous } });
    redoAuditChecksum(lines);
    const forged = path.join(work, 'rechained.backup');
    writeFileSync(forged, gzipSync(lines.join('\n')));

    const before = await snapshot(target);
    const refused = restoreBackup(target.pool!, forged, { fileDir: targetFiles, force: true });
    await expect(refused).rejects.toBeInstanceOf(RestoreRefusedError);
    await expect(refused).rejects.toThrow(
      new RegExp(
        `audit trail in rechained.backup does not verify: its hash chain breaks at event ${victim.id} under audit key ${auditKey(TEST_AUDIT_KEY).fingerprint}`,
      ),
    );
    expect(await snapshot(target)).toEqual(before);

    // The genuine backup, restored by a server holding another key, is refused naming both keys.
    const other = setAuditKey('another-installation-audit-key-0123456789abcdef');
    try {
      await expect(restoreBackup(target.pool!, backupFile, { fileDir: targetFiles, force: true })).rejects.toThrow(
        `was chained with audit key ${auditKey(TEST_AUDIT_KEY).fingerprint}, not this server's key ${other.fingerprint}`,
      );
    } finally {
      setAuditKey(TEST_AUDIT_KEY);
    }
    expect(await snapshot(target)).toEqual(before);
  });

  it('a damaged backup changes neither the database nor the file store, and says in one sentence what is wrong', async () => {
    const good = readFileSync(backupFile);
    const lines = gunzipSync(good).toString().split('\n');
    const edited = (change: (lines: string[]) => void) => {
      const copy = [...lines];
      change(copy);
      return gzipSync(copy.join('\n'));
    };
    const fileStart = lines.findIndex((l) => l.startsWith('{"file":'));
    const fileEnd = lines.findIndex((l, i) => i > fileStart && l.startsWith('{"endFile":'));
    const auditRow = lines.findIndex((l, i) => i > lines.indexOf(JSON.stringify({ table: 'audit_events' })) && l.startsWith('{"row":'));
    expect(auditRow).toBeGreaterThan(0);
    const variants: [string, Buffer, RegExp][] = [
      ['truncated', good.subarray(0, Math.floor(good.length * 0.6)), /cut short|incomplete/],
      ['not gzip', Buffer.from('%PDF-1.7 not a backup at all'), /not an SOP Harbor backup/],
      ['another gzip', gzipSync('{"hello":"world"}\n'), /not an SOP Harbor backup/],
      ['a line that is not JSON', edited((l) => l.splice(3, 0, '{"row":{"id":')), /damaged/],
      ['bad checksum', edited((l) => (l[fileStart + 1] = JSON.stringify({ chunk: Buffer.from('other bytes').toString('base64') }))), /checksum/],
      ['a stored file missing', edited((l) => l.splice(fileStart, fileEnd - fileStart + 1)), /stored file/],
      ['an edited audit event', edited((l) => (l[auditRow] = l[auditRow].replace(/"action":"[a-z_]+"/, '"action":"sop_deleted"'))), /audit trail/],
      ['an audit event removed', edited((l) => l.splice(auditRow, 1)), /audit trail/],
      // The file's checksum recomputed after the edit: the hash chain still shows it.
      [
        'an audit event edited with the checksum redone',
        edited((l) => {
          l[auditRow] = l[auditRow].replace(/"action":"[a-z_]+"/, '"action":"sop_deleted"');
          redoAuditChecksum(l);
        }),
        /audit trail in damaged-.* does not verify: its hash chain breaks at event \d+/,
      ],
    ];
    // Something restored before the damaged part must not stay behind: the target starts empty of these bytes.
    if (targetFiles) rmSync(targetFiles, { recursive: true, force: true });
    await target.pool!.query('truncate stored_file_chunks');
    const filesBefore = storeListing(targetFiles);
    const before = await snapshot(target);
    for (const [name, bytes, reason] of variants) {
      const damaged = path.join(work, `damaged-${name.replaceAll(' ', '-')}.backup`);
      writeFileSync(damaged, bytes);
      const attempt = restoreBackup(target.pool!, damaged, { fileDir: targetFiles, force: true });
      await expect(attempt, name).rejects.toBeInstanceOf(RestoreRefusedError);
      const message = await attempt.catch((err: Error) => err.message);
      expect(message, name).toMatch(reason);
      // One sentence: no stack, no second line.
      expect(message, name).not.toMatch(/\n|\bat [\w.]+ \(|Error:/);
      expect(await snapshot(target), name).toEqual(before);
      expect(storeListing(targetFiles), name).toEqual(filesBefore);
    }
  });
});

/** Writes the audit trail's end line again with the checksum of its rows as they now are. */
function redoAuditChecksum(lines: string[]) {
  const start = lines.indexOf(JSON.stringify({ table: 'audit_events' }));
  const end = lines.findIndex((l, i) => i > start && l.startsWith('{"end":"audit_events"'));
  const checksum = auditChecksum();
  for (const line of lines.slice(start + 1, end)) checksum.add(JSON.parse(line).row);
  lines[end] = JSON.stringify({ end: 'audit_events', checksum: checksum.digest() });
}

/** Every file under the store's folder with its size ([] for a store kept as rows). */
function storeListing(dir: string | null): string[] {
  if (!dir || !existsSync(dir)) return [];
  const found: string[] = [];
  const visit = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) visit(full);
      else found.push(`${path.relative(dir, full)} ${statSync(full).size}`);
    }
  };
  visit(dir);
  return found.sort();
}
