/**
 * Bench data: 5,000 SOPs (by default) with versions, tasks, attachments and search vectors,
 * written in bulk with set-based SQL. `tsx bench/generate.ts [count]` fills the database
 * named by DATABASE_URL or DATA_DIR, like the server would open it.
 */
import { pathToFileURL } from 'node:url';
import { count, sql } from 'drizzle-orm';
import { loadConfig } from '../server/src/config';
import { type Db, openConfiguredDatabase } from '../server/src/db/client';
import { departments, sops, users } from '../server/src/db/schema';
import { createUser } from '../server/src/features/auth/auth.service';
import { refreshAllSearchVectors } from '../server/src/features/sops/sop-search.service';
import { DEMO_DIVISIONS } from '../server/src/seed/demo-catalog';

export const BENCH_USER = { username: 'bench-reader', password: 'bench-reader-password' };

const SUBJECTS = [
  'Lifeboat',
  'Mooring',
  'Bunkering',
  'Galley',
  'Cabin',
  'Muster',
  'Tender',
  'Gangway',
  'Ballast',
  'Garbage',
  'Infirmary',
  'Laundry',
  'Buffet',
  'Embarkation',
  'Pilot',
  'Anchor',
  'Fire Door',
  'Sewage',
  'Provisions',
  'Excursion',
];
const ACTIONS = [
  'Drill',
  'Inspection',
  'Operation',
  'Handling',
  'Checklist',
  'Maintenance',
  'Cleaning',
  'Response',
  'Handover',
  'Audit',
  'Training',
  'Reporting',
];

async function departmentIds(db: Db): Promise<number[]> {
  const existing = await db.select({ id: departments.id }).from(departments);
  if (existing.length) return existing.map((d) => d.id);
  for (const division of DEMO_DIVISIONS) {
    const [parent] = await db.insert(departments).values({ name: division.name, description: division.description }).returning({ id: departments.id });
    for (const child of division.departments) await db.insert(departments).values({ name: child.name, description: child.description, parentId: parent.id });
  }
  return (await db.select({ id: departments.id }).from(departments)).map((d) => d.id);
}

async function ownerIds(db: Db): Promise<number[]> {
  const existing = await db.select({ id: users.id }).from(users);
  if (!existing.some(() => true) || existing.length < 5) {
    for (let i = 1; i <= 10; i += 1) {
      await createUser(
        db,
        {
          username: `bench-owner-${i}`,
          password: 'bench-owner-password',
          email: null,
          firstName: `Owner${i}`,
          lastName: 'Bench',
          role: i % 3 === 0 ? 'approver' : 'user',
        },
        null,
      );
    }
  }
  return (await db.select({ id: users.id }).from(users)).map((u) => u.id);
}

/** Adds `total` SOPs; returns how long it took in ms. */
export async function generateBenchData(db: Db, total = 5000): Promise<number> {
  const startedAt = performance.now();
  const deptIds = await departmentIds(db);
  const owners = await ownerIds(db);
  const subjects = `array[${SUBJECTS.map((s) => `'${s}'`).join(',')}]`;
  const actions = `array[${ACTIONS.map((s) => `'${s}'`).join(',')}]`;
  const deptArray = `array[${deptIds.join(',')}]`;
  const ownerArray = `array[${owners.join(',')}]`;

  await db.transaction(async (tx) => {
    // Statuses by g % 5: draft, submitted, published, changes_requested, published with a newer draft.
    await tx.execute(
      sql.raw(`
      insert into sops (title, department_id, category, summary, tags, owner_id, status, created_at, updated_at)
      select
        (${subjects})[1 + g % ${SUBJECTS.length}] || ' ' || (${actions})[1 + (g / ${SUBJECTS.length}) % ${ACTIONS.length}] || ' No. ' || g,
        (${deptArray})[1 + g % ${deptIds.length}],
        (array['Emergency','Operations','Safety','Hygiene','Service','Environment'])[1 + g % 6],
        'Procedure ' || g || ' for the ' || lower((${subjects})[1 + g % ${SUBJECTS.length}]) || ' team, reviewed yearly.',
        array[lower((${subjects})[1 + g % ${SUBJECTS.length}]), 'bench', 'fleet-' || (g % 7)],
        (${ownerArray})[1 + g % ${owners.length}],
        (array['draft','submitted','published','changes_requested','draft'])[1 + g % 5]::sop_status,
        now() - (g % 365) * interval '1 day',
        now() - (g % 90) * interval '1 hour'
      from generate_series(1, ${total}) g`),
    );
    await tx.execute(
      sql.raw(`
      insert into sop_versions (sop_id, version_number, content, changelog, created_by, approved_at, created_at)
      select s.id, '1.0',
        '# ' || s.title || E'\\n## Purpose\\n' || s.summary || E'\\n## Procedure\\n' ||
          string_agg((n + 1) || '. Check the ' || lower((${subjects})[1 + (s.id + n) % ${SUBJECTS.length}]) || ' station and record the result in the log', E'\\n'),
        'Initial version', s.owner_id, case when s.status = 'published' or s.id % 5 = 0 then now() end, s.created_at
      from sops s cross join generate_series(0, 11) n
      where s.latest_version_id is null
      group by s.id`),
    );
    await tx.execute(
      sql.raw(`
      insert into sop_versions (sop_id, version_number, content, changelog, created_by, created_at)
      select s.id, '1.1', v.content || E'\\n## Revision notes\\n- Updated after the fleet audit', 'Updated version', s.owner_id, s.updated_at
      from sops s join sop_versions v on v.sop_id = s.id
      where s.latest_version_id is null and (s.id % 5 = 0 and s.status = 'draft' or s.id % 5 = 1)`),
    );
    await tx.execute(sql`update sops set latest_version_id = (select max(id) from sop_versions v where v.sop_id = sops.id) where latest_version_id is null`);
    await tx.execute(sql`
      update sop_versions v set submitted_by = s.owner_id, submitted_at = s.updated_at
      from sops s where s.latest_version_id = v.id and s.status in ('submitted', 'changes_requested')`);
    await tx.execute(sql`
      insert into approval_tasks (version_id, status)
      select latest_version_id, case when status = 'submitted' then 'pending'::approval_status else 'changes_requested'::approval_status end
      from sops where status in ('submitted', 'changes_requested')
        and not exists (select 1 from approval_tasks t where t.version_id = sops.latest_version_id)`);
    // A small text attachment on every third latest version. Its bytes go into database
    // chunks; with files on disk the next open moves them there.
    await tx.execute(sql`
      with files as (
        select s.id, s.latest_version_id as version_id, convert_to(rpad('checklist ' || s.id, 64, '.'), 'UTF8') as data
        from sops s where s.id % 3 = 0 and not exists (select 1 from attachments a where a.version_id = s.latest_version_id)
      ),
      stored as (
        insert into stored_files (sha256, size) select encode(sha256(data), 'hex'), length(data) from files
        on conflict do nothing returning sha256
      ),
      chunks as (
        insert into stored_file_chunks (sha256, seq, data)
        select encode(sha256(data), 'hex'), 0, data from files where encode(sha256(data), 'hex') in (select sha256 from stored)
      )
      insert into attachments (version_id, filename, original_name, mime_type, size, sha256)
      select version_id, 'bench-' || id || '.txt', 'checklist-' || id || '.txt', 'text/plain', 64, encode(sha256(data), 'hex') from files`);
    // Their text as the server's extraction keeps it. Without it the server extracts all of them
    // when it starts, each extraction a write that moves the data version: the list's cached
    // answer was then rebuilt throughout the 'steady state' runs.
    await tx.execute(sql`
      insert into file_texts (sha256, status, text, search_vector)
      select f.sha256, 'ready', t.text, strip(to_tsvector('english', t.text))
      from stored_files f cross join lateral (select convert_from(c.data, 'UTF8') as text from stored_file_chunks c where c.sha256 = f.sha256 and c.seq = 0) t
      where f.sha256 in (select sha256 from attachments where filename like 'bench-%')
      on conflict (sha256) do nothing`);
    await refreshAllSearchVectors(tx);
  });
  await db.execute(sql`analyze`);
  return performance.now() - startedAt;
}

export async function sopCount(db: Db): Promise<number> {
  const [{ value }] = await db.select({ value: count() }).from(sops);
  return value;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const total = Number(process.argv[2] ?? 5000);
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const ms = await generateBenchData(database.db, total);
  console.log(`Generated ${total} SOPs in ${(ms / 1000).toFixed(1)} s; the database now holds ${await sopCount(database.db)}.`);
  await database.close();
}
