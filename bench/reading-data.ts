/**
 * Required-reading bench data: 5,000 users in the demo departments, 2,000 published SOPs
 * (every third with a second version in force), 500,000 attestations of versions in the
 * users' audiences and 50,000 suggestions for change, written in bulk with set-based SQL. The two accounts the bench signs in
 * with are made with createUser so they can sign in; the rest cannot (their hash is a dummy).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/src/db/client';
import { departments } from '../server/src/db/schema';
import { createUser } from '../server/src/features/auth/auth.service';
import { DEMO_DIVISIONS } from '../server/src/seed/demo-catalog';

export const READING_SIZES = { users: 5000, sops: 2000, attestations: 500_000, suggestions: 50_000 };
export const BENCH_READER = { username: 'bench-crew', password: 'bench-crew-password' };
export const BENCH_APPROVER = { username: 'bench-office', password: 'bench-office-password' };

async function demoDepartments(db: Db): Promise<number[]> {
  for (const division of DEMO_DIVISIONS) {
    const [parent] = await db.insert(departments).values({ name: division.name, description: division.description }).returning({ id: departments.id });
    for (const child of division.departments) await db.insert(departments).values({ name: child.name, description: child.description, parentId: parent.id });
  }
  return (await db.select({ id: departments.id }).from(departments).orderBy(departments.id)).map((d) => d.id);
}

/** Fills an empty database; returns how long it took in ms. */
export async function generateReadingData(db: Db, sizes = READING_SIZES): Promise<number> {
  const startedAt = performance.now();
  const deptIds = await demoDepartments(db);
  // A department under a division (the demo's second row is the first division's first department).
  const readerDept = deptIds[1];
  const reader = await createUser(db, { ...BENCH_READER, email: null, firstName: 'Bench', lastName: 'Crew', role: 'user' }, null);
  const office = await createUser(db, { ...BENCH_APPROVER, email: null, firstName: 'Bench', lastName: 'Office', role: 'approver' }, null);
  const deptArray = `array[${deptIds.join(',')}]`;
  const n = deptIds.length;

  await db.transaction(async (tx) => {
    await tx.execute(sql`update users set department_id = ${readerDept} where id in (${reader.id}, ${office.id})`);
    // Every 40th without a department, every 97th deactivated, every 50th an approver.
    await tx.execute(
      sql.raw(`
      insert into users (username, password, first_name, last_name, role, department_id, active)
      select 'crew-' || g, 'not-a-password-hash', 'First' || g, 'Last' || (g % 977), case when g % 50 = 0 then 'approver' else 'user' end::role,
        case when g % 40 = 0 then null else (${deptArray})[1 + g % ${n}] end, g % 97 <> 0
      from generate_series(1, ${sizes.users - 2}) g`),
    );
    const owners = `(select array_agg(id) from (select id from users order by id limit 200) o)`;
    await tx.execute(
      sql.raw(`
      insert into sops (title, department_id, owner_id, status, review_frequency, created_at, updated_at)
      select 'Fleet procedure No. ' || g, (${deptArray})[1 + (g * 7) % ${n}], (${owners})[1 + g % 200], 'published',
        case when g % 4 = 0 then 12 end, now() - interval '500 days', now() - (g % 300) * interval '1 day'
      from generate_series(1, ${sizes.sops}) g`),
    );
    await tx.execute(sql`
      insert into sop_versions (sop_id, version_number, content, changelog, created_by, submitted_by, submitted_at, approved_by, approved_at, created_at)
      select s.id, '1.0', '# ' || s.title || E'\n1. Check the station\n2. Record the result', 'Initial version', s.owner_id, s.owner_id,
        s.created_at, ${office.id}, now() - interval '400 days' + (s.id % 300) * interval '1 day', s.created_at
      from sops s`);
    await tx.execute(sql`
      insert into sop_versions (sop_id, version_number, content, changelog, created_by, submitted_by, submitted_at, approved_by, approved_at, created_at)
      select s.id, '2.0', '# ' || s.title || E'\n1. Check the station twice\n2. Record the result', 'Second check added', s.owner_id, s.owner_id,
        s.updated_at, ${office.id}, s.updated_at, s.updated_at
      from sops s where s.id % 3 = 0`);
    await tx.execute(sql`update sops set latest_version_id = (select max(id) from sop_versions v where v.sop_id = sops.id)`);
    // Attestations of versions in each user's audience (its department or its division's SOPs),
    // old versions included, spread by a hash so every user has some outstanding.
    await tx.execute(
      sql.raw(`
      insert into attestations (user_id, version_id, attested_at)
      select u.id, v.id, v.approved_at + ((u.id + v.id) % 30) * interval '1 hour'
      from users u
      join departments ud on ud.id = u.department_id
      join sops s on s.department_id = u.department_id or s.department_id = ud.parent_id
      join sop_versions v on v.sop_id = s.id
      where (u.id * 7919 + v.id * 104729) % 100 < 75
      limit ${sizes.attestations}`),
    );
    // Suggestions for change from active crew on versions in force, a quarter each open,
    // accepted, declined and done, over the past 60 days: the bell and the dashboard count them.
    await tx.execute(
      sql.raw(`
      with people as (select array_agg(id order by id) as ids, count(*)::int as n from users where active and role = 'user'),
        procedures as (select array_agg(id order by id) as ids, count(*)::int as n from sops)
      insert into suggestions (sop_id, version_id, text, status, reply, user_id, created_at, triaged_by, triaged_at)
      select s.id, s.latest_version_id, 'Suggestion ' || g || ': the second step should name the station.',
        (array['open', 'accepted', 'declined', 'done'])[1 + g % 4], case when g % 4 = 2 then 'Kept as it is: the station is on the plan.' end,
        p.ids[1 + (g * 31) % p.n], now() - (g % 60) * interval '1 day',
        case when g % 4 <> 0 then ${office.id} end, case when g % 4 <> 0 then now() - (g % 60) * interval '1 day' + interval '2 hours' end
      from generate_series(1, ${sizes.suggestions}) g, people p, procedures pr
      join sops s on true
      where s.id = pr.ids[1 + g % pr.n]`),
    );
  });
  await db.execute(sql`analyze`);
  return performance.now() - startedAt;
}
