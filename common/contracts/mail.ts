import { z } from 'zod';
import { count, multiLine, singleLine } from './fields';

/** GET /api/mail: whether this server sends e-mail (SMTP_URL), and as whom. */
export const MailStatus = z.object({ configured: z.boolean(), from: z.string().nullable() });
export type MailStatus = z.infer<typeof MailStatus>;

export const MAX_EMAIL_RECIPIENTS = 50;

/** The addresses typed in 'Recipients', split at commas, semicolons and spaces. */
export const splitRecipients = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((r) => r.trim())
    .filter(Boolean);

/** POST /api/sops/:id/email: the SOP page's 'Send Email', sent by the server. */
export const SendSopEmailInput = z.object({
  recipients: z
    .string()
    .transform(splitRecipients)
    .pipe(
      z
        .array(z.email({ error: (issue) => `"${issue.input}" is not an e-mail address` }))
        .min(1, 'Enter at least one recipient')
        .max(MAX_EMAIL_RECIPIENTS, `At most ${MAX_EMAIL_RECIPIENTS} recipients at once`),
    ),
  subject: singleLine('Subject').max(200, 'Subject must be at most 200 characters'),
  message: multiLine('Message').max(20_000, 'Message must be at most 20000 characters'),
});
export type SendSopEmailInput = z.input<typeof SendSopEmailInput>;

export const SendSopEmailResult = z.object({ queued: count });

export const MAIL_NOT_CONFIGURED = 'E-mail is not configured: set SMTP_URL on the server to send messages.';
