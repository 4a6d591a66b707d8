import { z } from 'zod';
import { type Action, type Actor, roleMay } from '../permissions';

/** The kinds of notification the server also sends by e-mail (a subset of the bell's kinds). */
export const MAIL_KINDS = ['approval', 'changes_requested', 'reading', 'reading_reminder', 'review_due', 'backup_failed', 'suggestion_answered'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * Who can receive each kind at all, by the permission table: a switch for mail a person can
 * never get would be a control that does nothing. Owner rules count (any author may own an
 * SOP that is sent back or falls due).
 */
const MAIL_KIND_ACTION: Record<MailKind, Action> = {
  approval: 'approval.decide',
  changes_requested: 'sop.submit',
  reading: 'sop.read',
  reading_reminder: 'sop.read',
  review_due: 'sop.edit',
  backup_failed: 'backups.manage',
  suggestion_answered: 'suggestions.make',
};

export const mailKindsFor = (actor: Actor): MailKind[] => MAIL_KINDS.filter((kind) => roleMay(actor, MAIL_KIND_ACTION[kind]));

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  approval: 'An approval task is waiting for me',
  changes_requested: 'Changes are requested on my SOP',
  reading: 'New required reading',
  reading_reminder: 'Reminders when my required reading is nearly due, due, or overdue',
  review_due: 'A periodic review of my SOP is due',
  backup_failed: 'A scheduled backup failed',
  suggestion_answered: 'My suggestion for a change is answered',
};

/** GET and PUT /api/account/notification-preferences: whether mail goes out, to which address, and each kind's switch. */
export const NotificationPreferences = z.object({
  /** The server sends e-mail (SMTP_URL is set). */
  configured: z.boolean(),
  /** The address mail goes to; null: the person gets none. */
  email: z.string().nullable(),
  kinds: z.array(z.object({ kind: z.enum(MAIL_KINDS), enabled: z.boolean() })),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** PUT body: the switches to change, e.g. `{ reading: false }`; kinds left out stay as they are. */
export const UpdateNotificationPreferences = z
  .partialRecord(
    z.enum(MAIL_KINDS, { error: (issue) => `"${String(issue.input)}" is not a kind of notification e-mail` }),
    z.boolean({ error: 'Each switch must be true or false' }),
  )
  .refine((switches) => Object.keys(switches).length > 0, 'Name at least one kind of notification e-mail');
export type UpdateNotificationPreferences = z.infer<typeof UpdateNotificationPreferences>;
