/**
 * E-mail through nodemailer to the SMTP server of SMTP_URL, always from a `mail` job: a
 * request only queues messages (one job per recipient), so a dead server or a refused address
 * never holds a request or a decision. A server that is down or answers 4xx is tried again
 * with a growing delay; a 5xx answer (no such mailbox, say) ends that one message.
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { enqueueJob } from '../../jobs/job-queue';
import { type JobHandler, PermanentJobError } from '../../jobs/job-runner';

export const MAIL_JOB = 'mail';
/** Tries per message: with the runner's doubling delay (5 s first) the last is about 2.5 minutes after the first. */
const MAIL_ATTEMPTS = 6;

export interface MailConfig {
  /** smtp://user:pass@host:port or smtps://… */
  url: string;
  /** The From address, e.g. `SOP Harbor <sop@example.com>`. */
  from: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Where answers go: the person who sent it through the app, not the app's own address. */
  replyTo?: string;
}

/** Queues one message per recipient; call wakeJobRunners() once the caller's transaction has committed. */
export async function queueMail(db: Db, messages: OutgoingMail[]) {
  for (const message of messages) {
    await enqueueJob(db, { kind: MAIL_JOB, key: randomUUID(), payload: { ...message }, maxAttempts: MAIL_ATTEMPTS });
  }
}

export function mailJob(config: MailConfig): JobHandler {
  const transport = nodemailer.createTransport(config.url);
  return {
    async run(payload) {
      try {
        await transport.sendMail({
          from: config.from,
          to: String(payload.to),
          subject: String(payload.subject),
          text: String(payload.text),
          ...(typeof payload.replyTo === 'string' ? { replyTo: payload.replyTo } : {}),
        });
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode;
        if (code !== undefined && code >= 500) throw new PermanentJobError(`The mail server refused the message to ${payload.to}: ${(err as Error).message}`);
        throw err;
      }
    },
  };
}
