import { and, asc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AbsenceInput, AbsenceState } from '../../../../common/contracts/absences';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { Db } from '../../db/client';
import { absences, users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { DECIDING_ROLES } from '../approvals/approval-routes.service';
import { fullNameOf } from '../../db/people';
import { todayUtc } from '../../lib/dates';

const delegate = alias(users, 'delegate');

/** The caller's absence, and the absences not yet ended that name the caller as delegate. */
export async function getAbsenceState(db: Db, actor: SessionUser): Promise<z.output<typeof AbsenceState>> {
  const today = todayUtc();
  const rows = await db
    .select({
      userId: absences.userId,
      from: absences.startsOn,
      to: absences.endsOn,
      delegateId: absences.delegateId,
      delegateName: fullNameOf(delegate),
      absentName: fullNameOf(users),
    })
    .from(absences)
    .innerJoin(users, eq(users.id, absences.userId))
    .innerJoin(delegate, eq(delegate.id, absences.delegateId))
    .where(or(eq(absences.userId, actor.id), and(eq(absences.delegateId, actor.id), gte(absences.endsOn, today), isNull(users.deletedAt))))
    .orderBy(asc(absences.startsOn), asc(absences.userId));
  const active = (r: { from: string; to: string }) => r.from <= today && today <= r.to;
  const own = rows.find((r) => r.userId === actor.id);
  return {
    absence: own ? { from: own.from, to: own.to, delegate: { userId: own.delegateId, name: own.delegateName }, active: active(own) } : null,
    delegatedToMe: rows
      .filter((r) => r.delegateId === actor.id)
      .map((r) => ({ from: r.from, to: r.to, absent: { userId: r.userId, name: r.absentName }, active: active(r) })),
  };
}

/** Sets (or replaces) the caller's absence: the delegate an active approver or admin, not the caller. */
export async function setAbsence(db: Db, actor: SessionUser, input: z.output<typeof AbsenceInput>) {
  if (input.delegateId === actor.id) throw badRequest('You cannot be your own delegate; choose someone else');
  if (input.to < todayUtc()) throw badRequest('This absence has already ended; the last day must be today or later');
  const [person] = await db
    .select({ name: fullNameOf(users) })
    .from(users)
    .where(and(eq(users.id, input.delegateId), eq(users.active, true), isNull(users.deletedAt), inArray(users.role, DECIDING_ROLES)));
  if (!person) throw badRequest('The delegate must be an active approver or administrator');
  const row = { userId: actor.id, delegateId: input.delegateId, startsOn: input.from, endsOn: input.to, updatedAt: new Date() };
  await db.transaction(async (tx) => {
    await tx.insert(absences).values(row).onConflictDoUpdate({ target: absences.userId, set: row });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'absence_set',
      entityType: 'user',
      entityId: actor.id,
      metadata: { from: input.from, to: input.to, delegateId: input.delegateId, delegate: person.name },
    });
  });
  return getAbsenceState(db, actor);
}

/** Ends the caller's absence now (or removes one planned); nothing to remove is not an error. */
export async function clearAbsence(db: Db, actor: SessionUser) {
  await db.transaction(async (tx) => {
    const removed = await tx.delete(absences).where(eq(absences.userId, actor.id)).returning();
    if (removed.length) {
      const [was] = removed;
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'absence_cleared',
        entityType: 'user',
        entityId: actor.id,
        metadata: { from: was.startsOn, to: was.endsOn, delegateId: was.delegateId },
      });
    }
  });
  return getAbsenceState(db, actor);
}
