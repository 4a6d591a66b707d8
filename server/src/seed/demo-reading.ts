import { sql } from 'drizzle-orm';
import type { SessionUser } from '../../../common/contracts/auth';
import type { Db } from '../db/client';
import { attest } from '../features/attestations/attestations.service';
import { readsSop, versionInForce } from '../features/reading/audience-filter.service';
import type { Rows } from '../db/rows';

const HOUR = 60 * 60 * 1000;

/**
 * Attests, for each crew member with a department, about two thirds of the versions in force
 * they must read (by department or by position), through the attestation service (audit events included), so that the reading
 * screens show both work done and work outstanding. The choice is fixed by the ids, so every
 * demo database looks the same.
 */
export async function seedDemoReading(db: Db, people: SessionUser[]): Promise<number> {
  let attested = 0;
  for (const [index, person] of people.entries()) {
    if (person.role !== 'user' || person.departmentId === null) continue;
    const { rows } = (await db.execute(sql`
      select e.id as version_id, e.approved_at from users u left join departments ud on ud.id = u.department_id
      cross join sops s ${versionInForce}
      where u.id = ${person.id} and ${readsSop()} order by s.id`)) as Rows<{ version_id: number; approved_at: string }>;
    for (const [n, row] of rows.entries()) {
      if ((n + index) % 3 === 2) continue;
      await attest(db, person, row.version_id);
      // Read some days after the approval, never in the future.
      const readAt = Math.min(Date.now() - HOUR, new Date(row.approved_at).getTime() + (1 + ((n + index) % 9)) * 24 * HOUR);
      await db.execute(
        sql`update attestations set attested_at = ${new Date(readAt).toISOString()}::timestamptz where user_id = ${person.id} and version_id = ${row.version_id}`,
      );
      attested += 1;
    }
  }
  return attested;
}
