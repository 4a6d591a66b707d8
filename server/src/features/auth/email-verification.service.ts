import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionUser } from '../../../../common/contracts/auth';
import type { EmailVerificationState } from '../../../../common/contracts/email-verification';
import { EMAIL_LINK_HOURS, type EmailCheckResult, VERIFY_EMAIL_PATH } from '../../../../common/email-check';
import type { Db } from '../../db/client';
import { emailVerifications, users } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { queueMail } from '../mail/mailer.service';
import type { MailLinks } from '../mail/notify.service';
import { recordAudit } from '../audit/audit.service';
import { chargeAttempt, minutesText } from './login-throttle.service';

/**
 * A self-registered account's address was typed by whoever registered it, so it never links a
 * single sign-on account by itself (decision 058) until the person opens a link mailed to it.
 * Only the token's SHA-256 is stored: a copy of the database opens no account's link.
 */
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const isAddress = (value: string) => z.email().safeParse(value).success;

/**
 * Mails a fresh link to the account's address (links from PUBLIC_URL only, decision 055); an
 * earlier link that was not used stops working. Nothing is sent without mail or PUBLIC_URL, or
 * without a valid address. Answers whether a message was queued; call wakeJobRunners() once the
 * caller's transaction has committed.
 */
export async function mailVerificationLink(db: Db, links: MailLinks, user: Pick<SessionUser, 'id' | 'email'>): Promise<boolean> {
  if (!links?.base || !user.email || !isAddress(user.email)) return false;
  const token = randomBytes(32).toString('base64url');
  await db.delete(emailVerifications).where(and(eq(emailVerifications.userId, user.id), isNull(emailVerifications.usedAt)));
  await db.delete(emailVerifications).where(lt(emailVerifications.expiresAt, new Date(Date.now() - 30 * DAY_MS)));
  await db.insert(emailVerifications).values({
    tokenSha256: sha256(token),
    userId: user.id,
    email: user.email,
    expiresAt: new Date(Date.now() + EMAIL_LINK_HOURS * HOUR_MS),
  });
  const url = `${links.base}${VERIFY_EMAIL_PATH}?token=${token}`;
  await queueMail(db, [
    {
      to: user.email,
      subject: 'Confirm your e-mail address for SOP Harbor',
      text: `Open this link to confirm that ${user.email} is your address in SOP Harbor:\n\n${url}\n\nThe link works once, for ${EMAIL_LINK_HOURS} hours. If you did not register, ignore this message.\n`,
    },
  ]);
  return true;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Opens a mailed link: once, before it expires, and only while the account still has the
 * address it was sent to. The account's address is then trusted, audited as `email_verified`.
 * The link is marked used by one statement, so two clicks at once confirm once.
 */
export async function verifyEmailToken(db: Db, token: string): Promise<EmailCheckResult> {
  if (!token) return 'email_link_invalid';
  const hash = sha256(token);
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailVerifications)
      .set({ usedAt: new Date() })
      .where(and(eq(emailVerifications.tokenSha256, hash), isNull(emailVerifications.usedAt), sql`${emailVerifications.expiresAt} > now()`))
      .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
    if (!link) {
      const [kept] = await tx.select().from(emailVerifications).where(eq(emailVerifications.tokenSha256, hash));
      return !kept ? 'email_link_invalid' : kept.usedAt ? 'email_link_used' : 'email_link_expired';
    }
    const [account] = await tx
      .select({ username: users.username, trusted: users.emailTrusted })
      .from(users)
      .where(and(eq(users.id, link.userId), eq(sql`lower(${users.email})`, link.email.toLowerCase()), isNull(users.deletedAt)))
      .for('update');
    if (!account) return 'email_link_changed';
    if (account.trusted) return 'email_verified';
    await tx.update(users).set({ emailTrusted: true, updatedAt: sql`now()` }).where(eq(users.id, link.userId));
    await recordAudit(tx, {
      actorId: link.userId,
      action: 'email_verified',
      entityType: 'user',
      entityId: link.userId,
      metadata: { name: account.username, email: link.email },
    });
    return 'email_verified';
  });
}

/** What My Account shows: the address, whether it is confirmed, and whether a link can be mailed. */
export async function verificationState(db: Db, links: MailLinks, userId: number): Promise<EmailVerificationState> {
  const [row] = await db.select({ email: users.email, trusted: users.emailTrusted }).from(users).where(eq(users.id, userId));
  return { email: row?.email || null, confirmed: !!row?.trusted, canSend: !!links?.base };
}

/** Links asked for from My Account: three, then a growing wait (a minute, doubling); forgotten after an hour. */
const askRule = (userId: number) => [{ key: `email-link:user:${userId}`, free: 3, forgetAfterS: 60 * 60 }];

/** The signed-in person asks for a new link: refused, with nothing sent, when it could not help. */
export async function askForVerificationMail(db: Db, links: MailLinks, actor: SessionUser): Promise<void> {
  const state = await verificationState(db, links, actor.id);
  if (!state.canSend) throw conflict(NO_MAIL_MESSAGE);
  if (!state.email) throw badRequest('Your account has no e-mail address. An administrator can add one.');
  if (state.confirmed) throw conflict('Your e-mail address is already confirmed.');
  await chargeAttempt(db, askRule(actor.id), (minutes) => `A link was sent a moment ago. Check your mail, or ask again in ${minutesText(minutes)}.`);
  await mailVerificationLink(db, links, { id: actor.id, email: state.email });
}

export const NO_MAIL_MESSAGE =
  'This server sends no e-mail, so your address cannot be confirmed by mail. An administrator can link your single sign-on account.';
