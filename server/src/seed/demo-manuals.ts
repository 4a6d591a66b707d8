import { asc, inArray, isNull, and } from 'drizzle-orm';
import type { Db } from '../db/client';
import { departments, manualChapters, manuals, manualSections, sops } from '../db/schema';

/**
 * The demo line's three manuals, built from the demo SOPs: each chapter takes the SOPs of its
 * departments (in use, by title), so the manuals hold what the demo holds however many SOPs
 * were seeded.
 */
export const DEMO_MANUALS: { code: string; title: string; chapters: { title: string; departments: string[] }[] }[] = [
  {
    code: 'SMS',
    title: 'Safety Management System manual',
    chapters: [
      { title: 'Safety and environmental policy', departments: ['Safety & Environment'] },
      { title: 'Environmental protection', departments: ['Environmental Compliance'] },
      { title: 'Medical emergencies and public health', departments: ['Medical', 'Medical Centre'] },
    ],
  },
  {
    code: 'FOM',
    title: 'Fleet Operations manual',
    chapters: [
      { title: 'Marine operations', departments: ['Marine'] },
      { title: 'Deck and navigation', departments: ['Deck'] },
      { title: 'Engineering', departments: ['Engine'] },
    ],
  },
  {
    code: 'HOM',
    title: 'Hotel manual',
    chapters: [
      { title: 'Hotel operations', departments: ['Hotel'] },
      { title: 'Housekeeping', departments: ['Housekeeping'] },
      { title: 'Food and beverage', departments: ['Food & Beverage'] },
      { title: 'Guest services', departments: ['Guest Services'] },
    ],
  },
];

export async function seedDemoManuals(db: Db): Promise<number> {
  const departmentRows = await db.select({ id: departments.id, name: departments.name }).from(departments);
  const idOf = new Map(departmentRows.map((d) => [d.name, d.id]));
  for (const manual of DEMO_MANUALS) {
    const [row] = await db.insert(manuals).values({ code: manual.code, title: manual.title }).returning({ id: manuals.id });
    let position = 0;
    for (const chapter of manual.chapters) {
      const ids = chapter.departments.flatMap((name) => idOf.get(name) ?? []);
      const members = ids.length
        ? await db
            .select({ id: sops.id })
            .from(sops)
            .where(and(inArray(sops.departmentId, ids), isNull(sops.withdrawnAt)))
            .orderBy(asc(sops.title))
        : [];
      if (!members.length) continue;
      const [c] = await db.insert(manualChapters).values({ manualId: row.id, position: ++position, title: chapter.title }).returning({ id: manualChapters.id });
      await db.insert(manualSections).values(members.map((m, at) => ({ chapterId: c.id, position: at + 1, sopId: m.id })));
    }
  }
  return DEMO_MANUALS.length;
}
