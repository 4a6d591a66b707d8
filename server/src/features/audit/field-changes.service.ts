import { inArray } from 'drizzle-orm';
import type { AuditFieldChange, AuditFieldValue } from '../../../../common/contracts/audit';
import type { Db } from '../../db/client';
import { departments } from '../../db/schema';

/**
 * What an edit changed, field by field, with the value before and after. Only the fields the
 * caller names are compared, and a field the edit left out (`undefined`) is not changed: so a
 * password, its hash or anything else never named cannot reach the trail.
 */
export function fieldChanges<K extends string>(
  labels: Record<K, string>,
  before: NoInfer<Record<K, AuditFieldValue>>,
  after: NoInfer<Partial<Record<K, AuditFieldValue | undefined>>>,
): AuditFieldChange[] {
  const changes: AuditFieldChange[] = [];
  for (const field of Object.keys(labels) as K[]) {
    const to = after[field];
    if (to === undefined || same(before[field], to)) continue;
    changes.push({ field, label: labels[field], from: before[field], to });
  }
  return changes;
}

const same = (a: AuditFieldValue, b: AuditFieldValue) => JSON.stringify(a) === JSON.stringify(b);

/** Department ids as the names a person reads in the trail ('Deck → Hotel'); null stays null. */
export async function departmentNames(db: Db, ids: (number | null | undefined)[]): Promise<(id: number | null | undefined) => string | null | undefined> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  const rows = wanted.length ? await db.select({ id: departments.id, name: departments.name }).from(departments).where(inArray(departments.id, wanted)) : [];
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return (id) => (id === undefined ? undefined : id === null ? null : (names.get(id) ?? `#${id}`));
}
