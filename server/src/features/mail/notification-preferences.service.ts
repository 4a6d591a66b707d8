import { and, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import {
  MAIL_KIND_LABELS,
  type MailKind,
  mailKindsFor,
  type NotificationPreferences,
  type UpdateNotificationPreferences,
} from '../../../../common/contracts/notification-preferences';
import type { Db } from '../../db/client';
import { mailOptOuts } from '../../db/schema';
import { badRequest } from '../../http/errors';

/** The caller's switches, one per kind they can receive at all: on unless switched off. */
export async function notificationPreferences(db: Db, actor: SessionUser, configured: boolean): Promise<NotificationPreferences> {
  const off = new Set((await db.select({ kind: mailOptOuts.kind }).from(mailOptOuts).where(eq(mailOptOuts.userId, actor.id))).map((r) => r.kind));
  return {
    configured,
    email: actor.email || null,
    kinds: mailKindsFor(actor).map((kind) => ({ kind, enabled: !off.has(kind) })),
  };
}

/** Switches kinds on or off; a kind the caller can never receive is refused, and nothing changes. */
export async function updateNotificationPreferences(db: Db, actor: SessionUser, input: UpdateNotificationPreferences, configured: boolean) {
  const allowed = mailKindsFor(actor);
  const entries = Object.entries(input) as [MailKind, boolean][];
  const foreign = entries.find(([kind]) => !allowed.includes(kind));
  if (foreign) throw badRequest(`"${MAIL_KIND_LABELS[foreign[0]]}" e-mail is never sent to you`);
  const off = entries.filter(([, enabled]) => !enabled).map(([kind]) => kind);
  const on = entries.filter(([, enabled]) => enabled).map(([kind]) => kind);
  await db.transaction(async (tx) => {
    if (off.length)
      await tx
        .insert(mailOptOuts)
        .values(off.map((kind) => ({ userId: actor.id, kind })))
        .onConflictDoNothing();
    if (on.length) await tx.delete(mailOptOuts).where(and(eq(mailOptOuts.userId, actor.id), inArray(mailOptOuts.kind, on)));
  });
  return notificationPreferences(db, actor, configured);
}
