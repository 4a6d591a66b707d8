import { and, eq, gt, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { queueMail } from './mailer.service';
import { recordAudit } from '../audit/audit.service';

/** Messages one person may send through 'Send Email' in an hour (each recipient is one message). */
export const SOP_EMAIL_HOURLY_LIMIT = 20;

const fullName = (u: SessionUser) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;

/** The body as sent: who sent it (the app's address is only the envelope), their text, and the SOP's link. */
export function sopEmailText(sender: SessionUser, message: string, link: string | null): string {
  const from = sender.email ? `${fullName(sender)} <${sender.email}>` : fullName(sender);
  return `${from} sent you this message through SOP Harbor:\n\n${message}\n\n${link ? `Open the SOP: ${link}\n` : ''}`;
}

/**
 * 'Send Email': one message per recipient, from the app's address with the sender named in the
 * body and as Reply-To, linking to the SOP, audited (`sop_emailed`, how many recipients) and
 * limited to SOP_EMAIL_HOURLY_LIMIT messages per person and hour (429 beyond). The count and the
 * queueing happen under one lock per person, so requests sent together cannot pass it.
 */
export async function sendSopEmail(
  db: Db,
  sender: SessionUser,
  sop: { id: number; title: string },
  input: { recipients: string[]; subject: string; message: string },
  link: string | null,
): Promise<number> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sop_email'), ${sender.id})`);
    const [{ sent }] = await tx
      .select({ sent: sql<number>`coalesce(sum((${auditEvents.metadata}->>'recipients')::int), 0)::int` })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'sop_emailed'), eq(auditEvents.actorId, sender.id), gt(auditEvents.createdAt, sql`now() - interval '1 hour'`)));
    if (Number(sent) + input.recipients.length > SOP_EMAIL_HOURLY_LIMIT) {
      const left = Math.max(0, SOP_EMAIL_HOURLY_LIMIT - Number(sent));
      throw new HttpError(
        429,
        `You can send at most ${SOP_EMAIL_HOURLY_LIMIT} messages an hour through SOP Harbor, and ${left === 0 ? 'none are' : `only ${left} ${left === 1 ? 'is' : 'are'}`} left now; try again later.`,
        'rate_limited',
      );
    }
    const text = sopEmailText(sender, input.message, link);
    await queueMail(
      tx,
      input.recipients.map((to) => ({ to, subject: input.subject, text, ...(sender.email ? { replyTo: sender.email } : {}) })),
    );
    await recordAudit(tx, {
      actorId: sender.id,
      action: 'sop_emailed',
      entityType: 'sop',
      entityId: sop.id,
      metadata: { title: sop.title, recipients: input.recipients.length, subject: input.subject },
    });
  });
  return input.recipients.length;
}
