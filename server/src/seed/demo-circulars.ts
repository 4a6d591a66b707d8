import { inArray } from 'drizzle-orm';
import type { SessionUser } from '../../../common/contracts/auth';
import { DECISION } from '../../../common/sop-lifecycle';
import type { Db } from '../db/client';
import { departments, positions } from '../db/schema';
import { decideTask } from '../features/approvals/decide-task.service';
import { createCircular } from '../features/circulars/circulars.service';
import { submitSop } from '../features/sops/sop-lifecycle.service';

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The demo line's two fleet circulars (decision 078): one for deck officers by position, one for the galleys by department. */
export const DEMO_CIRCULARS = [
  {
    title: 'Mooring lines after a parting incident',
    content:
      '# What happened\n\nA mooring line parted during berthing; nobody was hurt.\n\n# What to do\n\n1. Inspect every mooring line before arrival and record it\n2. Keep everyone out of the snap-back zones while lines are under load\n3. Report any line with chafing to the Chief Officer at once',
    positions: ['Captain', 'Chief Officer', 'Bosun'],
    departments: [] as string[],
    dueInDays: 10,
  },
  {
    title: 'Galley hood nozzles replaced: new fire suppression check',
    content:
      '# Change\n\nThe galley hood fire suppression nozzles are replaced fleet-wide.\n\n# What to do\n\n1. Check the nozzle caps at the start of every service\n2. Never cover a nozzle with foil or trays',
    positions: [] as string[],
    departments: ['Food & Beverage'],
    dueInDays: 5,
  },
];

/** Drafts, submits and issues the demo circulars: `issuer` writes them, `approver` approves them. */
export async function seedDemoCirculars(db: Db, issuer: SessionUser, approver: SessionUser): Promise<number> {
  for (const circular of DEMO_CIRCULARS) {
    const positionIds = circular.positions.length
      ? (await db.select({ id: positions.id }).from(positions).where(inArray(positions.name, circular.positions))).map((p) => p.id)
      : [];
    const departmentIds = circular.departments.length
      ? (await db.select({ id: departments.id }).from(departments).where(inArray(departments.name, circular.departments))).map((d) => d.id)
      : [];
    const { id } = await createCircular(db, issuer, {
      title: circular.title,
      content: circular.content,
      vesselCodes: [],
      positionIds,
      departmentIds,
      dueDate: day(circular.dueInDays),
      expiresAt: day(90),
    });
    const { taskId } = await submitSop(db, issuer, id);
    await decideTask(db, approver, taskId, { status: DECISION.approve, comments: 'Issued to the fleet.' });
  }
  return DEMO_CIRCULARS.length;
}
