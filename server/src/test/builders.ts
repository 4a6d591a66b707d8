import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../../common/contracts/auth';
import type { Role } from '../../../common/roles';
import { INITIAL_STATUS, type SopStatus, SUBMITTED_STATUS } from '../../../common/sop-lifecycle';
import { type AuditEventInput, appendAuditEvent } from '../db/audit-chain';
import { currentAuditKey } from '../db/audit-key';
import type { Db } from '../db/client';
import { appSettings, approvalTasks, departments, sopVersions, sops } from '../db/schema';
import { createUser } from '../features/auth/auth.service';

/**
 * Rows written straight to the tables, for tests that are not about creating them: a user, a
 * department, an SOP with its first version. Tests import them through ./factories.
 */

let counter = 0;
/** A number no other call in this test file gets: for unique names. */
export const next = () => ++counter;

export const TEST_PASSWORD = 'correct-horse-battery';

/** An account with the role; the name is unique per call unless given. */
export async function buildUser(
  db: Db,
  values: Partial<Omit<SessionUser, 'id'>> & { role?: Role; password?: string } = {},
): Promise<SessionUser & { password: string }> {
  const n = next();
  const role = values.role ?? 'user';
  const password = values.password ?? TEST_PASSWORD;
  const user = await createUser(
    db,
    {
      username: values.username ?? `${role}${n}${Math.random().toString(36).slice(2, 6)}`,
      password,
      email: values.email ?? null,
      firstName: values.firstName === undefined ? `First${n}` : values.firstName,
      lastName: values.lastName === undefined ? `Last${n}` : values.lastName,
      role,
    },
    null,
  );
  return { ...user, password };
}

/** A division, or a department under `parentId`. */
export async function buildDepartment(db: Db, name = `Department ${next()}`, parentId: number | null = null) {
  const [row] = await db.insert(departments).values({ name, parentId }).returning();
  return row;
}

/** The usual test fleet: Marine (with Deck and Engine under it) and Hotel; their ids. */
export async function buildMarineAndHotel(db: Db) {
  const marine = (await buildDepartment(db, 'Marine')).id;
  const deck = (await buildDepartment(db, 'Deck', marine)).id;
  const engine = (await buildDepartment(db, 'Engine', marine)).id;
  const hotel = (await buildDepartment(db, 'Hotel')).id;
  return { marine, deck, engine, hotel };
}

export interface BuildSopOptions {
  /** A new department unless given. */
  departmentId?: number;
  /** A new user (role user) unless given. */
  ownerId?: number;
  title?: string;
  versionNumber?: string;
  content?: string;
  status?: SopStatus;
  /** Who submitted the version (the owner unless given); null for a draft never submitted, with no task. */
  submittedBy?: number | null;
  submittedAt?: Date;
  taskCreatedAt?: Date;
}

/**
 * An SOP with one version, submitted for approval with a pending task unless submittedBy is
 * null. Its department and owner are created when not given.
 */
export async function buildSop(db: Db, given: BuildSopOptions = {}) {
  const opts = {
    ...given,
    departmentId: given.departmentId ?? (await buildDepartment(db)).id,
    ownerId: given.ownerId ?? (await buildUser(db)).id,
  };
  const title = opts.title ?? `Mooring procedure ${next()}`;
  const submittedBy = opts.submittedBy === undefined ? opts.ownerId : opts.submittedBy;
  const [sop] = await db
    .insert(sops)
    .values({
      title,
      departmentId: opts.departmentId,
      ownerId: opts.ownerId,
      status: opts.status ?? (submittedBy === null ? INITIAL_STATUS : SUBMITTED_STATUS),
    })
    .returning();
  const [version] = await db
    .insert(sopVersions)
    .values({
      sopId: sop.id,
      versionNumber: opts.versionNumber ?? '1.0',
      content: opts.content ?? '# Purpose\n\nSecure the vessel alongside.',
      changelog: 'Initial version',
      createdBy: opts.ownerId,
      submittedBy,
      submittedAt: submittedBy === null ? null : (opts.submittedAt ?? new Date()),
    })
    .returning();
  await db.update(sops).set({ latestVersionId: version.id }).where(eq(sops.id, sop.id));
  const task =
    submittedBy === null
      ? null
      : (
          await db
            .insert(approvalTasks)
            .values({ versionId: version.id, ...(opts.taskCreatedAt ? { createdAt: opts.taskCreatedAt } : {}) })
            .returning()
        )[0];
  return { sop, version, task };
}

/** Self-registration opened, as an administrator would (a new installation starts closed). */
export async function openRegistration(db: Db) {
  await db
    .insert(appSettings)
    .values({ key: 'registration_open', value: true })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: true } });
}

/** Events written to the trail as the app appends them (chained with the test key), dated when `createdAt` is given. */
export async function buildAuditEvents(db: Db, given: BuiltAuditEvent | BuiltAuditEvent[]) {
  for (const event of Array.isArray(given) ? given : [given]) {
    await appendAuditEvent(db, currentAuditKey(), { actorId: null, entityId: null, metadata: {}, ...event });
  }
}
type BuiltAuditEvent = Partial<AuditEventInput> & Pick<AuditEventInput, 'action' | 'entityType'>;
