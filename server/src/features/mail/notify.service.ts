/**
 * Notification e-mail: the one place that turns an event into messages. The bell needs no
 * writing (it is read from the data each time), so an event that makes a bell item appear
 * calls `notify` beside the change, inside the same transaction: the mail jobs exist exactly
 * when the change does, and a refused or failed change queues nothing. Sending is the mail
 * job's; nothing here waits for the mail server.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MailKind } from '../../../../common/contracts/notification-preferences';
import type { LanguageCode } from '../../../../common/languages';
import type { Db } from '../../db/client';
import { type Mail, type MailWords, mailWords } from '../../lib/mail-words';
import { type MailConfig, queueMail } from './mailer.service';

/**
 * How mail links reach this server: PUBLIC_URL and nothing else. A request's Host header is the
 * sender's to choose (a crew member with `Host: evil.example` would send every approver a link
 * there), so it never goes into a mail; the server refuses to start with SMTP_URL and no
 * PUBLIC_URL (config.ts), and a notifier without one writes paths only.
 */
export interface Notifier {
  readonly mail: MailConfig;
  /** PUBLIC_URL without a trailing slash, when set. */
  readonly publicUrl: string | null;
}

/** Where the links of one event's mail point; null when this server sends no e-mail. */
export type MailLinks = { base: string | null } | null;

export function createNotifier(mail: MailConfig | undefined, publicUrl: string | undefined): Notifier | null {
  return mail ? { mail, publicUrl: publicUrl ? publicUrl.replace(/\/+$/, '') : null } : null;
}

/** Mail caused by a request links to PUBLIC_URL, whatever address the request was sent to. */
export function linksFor(notifier: Notifier | null, _request?: FastifyRequest): MailLinks {
  return notifier ? { base: notifier.publicUrl } : null;
}

/** Mail the server sends by itself (a due review, a failed backup): PUBLIC_URL too. */
export function backgroundLinks(notifier: Notifier | null): MailLinks {
  return notifier ? { base: notifier.publicUrl } : null;
}

export interface Notice {
  kind: MailKind;
  /** `select <user id>`: who the event is for; each then gets it only if they can and want to. */
  to: SQL;
  /** The subject and the message (a sentence or two; the link follows), in the words of the recipient's language. */
  message: (words: MailWords) => Mail;
  /** The screen the link opens, e.g. `/sop/12`. */
  path: string;
}

const isAddress = (value: string) => z.email().safeParse(value).success;

/**
 * Queues one message per person named by `notice.to` who is active, has an e-mail address and
 * has not switched this kind off. Answers how many were queued; call wakeJobRunners() once the
 * transaction has committed.
 */
export async function notify(db: Db, links: MailLinks, notice: Notice): Promise<number> {
  if (!links) return 0;
  const { rows } = (await db.execute(sql`
    select u.email, u.language from users u
    where u.id in (${notice.to}) and u.active and u.deleted_at is null and u.email is not null
      and not exists (select 1 from mail_opt_outs o where o.user_id = u.id and o.kind = ${notice.kind})
    order by u.id`)) as unknown as { rows: { email: string; language: LanguageCode | null }[] };
  // Each message in its recipient's language (English for one who has not chosen one yet),
  // written once per language however many people read it.
  const written = new Map<LanguageCode | null, { subject: string; text: string }>();
  const messageIn = (language: LanguageCode | null) => {
    const known = written.get(language);
    if (known) return known;
    const words = mailWords(language);
    const { subject, text } = notice.message(words);
    const link = links.base ? words.openIt(`${links.base}${notice.path}`) : words.openInApp(notice.path);
    const settings = words.switchOff(links.base ? `${links.base}/account` : words.myAccount);
    const message = { subject, text: `${text}\n\n${link}\n\n${settings}\n` };
    written.set(language, message);
    return message;
  };
  const messages = rows.filter((r) => isAddress(r.email)).map((r) => ({ to: r.email, ...messageIn(r.language) }));
  await queueMail(db, messages);
  return messages.length;
}
