import type { AuditFieldChange, AuditFieldValue } from '@common/contracts/audit';
import { humanizeAction } from '@/lib/format';

/** What each recorded action reads as in the audit log: the thing, then what happened to it. */
const ACTION_WORDS: Record<string, string> = {
  sop_created: 'SOP created',
  sop_updated: 'SOP details edited',
  sop_details_changed: 'SOP details changed while in force',
  sop_withdrawn: 'SOP withdrawn',
  user_approved: 'Account approved',
  sop_deleted: 'SOP deleted',
  sop_version_created: 'SOP new version',
  sop_submitted: 'SOP submitted for approval',
  sop_approved: 'SOP approved',
  sop_changes_requested: 'SOP changes requested',
  sop_rejected: 'SOP rejected',
  sop_review_confirmed: 'SOP periodic review confirmed',
  sop_review_comment_added: 'SOP review comment',
  attachment_uploaded: 'File added',
  controlled_copy_printed: 'Controlled copy printed',
  daily_program_uploaded: 'Daily program uploaded',
  daily_program_deleted: 'Daily program deleted',
  itinerary_uploaded: 'Itinerary uploaded',
  itinerary_deleted: 'Itinerary deleted',
  department_created: 'Department created',
  department_updated: 'Department edited',
  department_deleted: 'Department deleted',
  template_created: 'Template created',
  template_updated: 'Template edited',
  template_deleted: 'Template deleted',
  user_created: 'User created',
  user_registered: 'User registered',
  user_updated: 'User edited',
  user_deactivated: 'User deactivated',
  user_deleted: 'User deleted',
  user_password_reset: 'Password reset by an admin',
  password_changed: 'Password changed',
  registration_opened: 'Registration opened',
  registration_closed: 'Registration closed',
  sso_signed_in: 'Signed in with single sign-on',
  user_created_by_sso: 'User created at first single sign-on',
  sso_accounts_allowed: 'Single sign-on creates accounts',
  sso_accounts_refused: 'Single sign-on refuses new people',
  signatures_required: 'Signatures required',
  signatures_not_required: 'Signatures no longer required',
};

const ENTITY_WORDS: Record<string, string> = {
  sop: 'SOP',
  attachment: 'File',
  daily_program: 'Daily program',
  itinerary: 'Itinerary',
  department: 'Department',
  template: 'Template',
  user: 'User',
  settings: 'Settings',
};

/** Sentence case for a name no list above knows yet ('cargo_loaded' -> 'Cargo loaded'). */
const sentence = (name: string) => {
  const words = humanizeAction(name);
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const wordsFrom = (table: Record<string, string>) => (name: string) => (Object.hasOwn(table, name) ? table[name] : sentence(name));

export const auditActionWords = wordsFrom(ACTION_WORDS);
export const auditEntityWords = wordsFrom(ENTITY_WORDS);

/** A value before or after an edit as a person reads it: 'Yes', 'mooring, lines', '(none)'. */
function valueWords(value: AuditFieldValue): string {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return '(none)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** One changed field: 'Department: Deck → Hotel'. */
export const changeWords = (change: AuditFieldChange) => `${change.label}: ${valueWords(change.from)} → ${valueWords(change.to)}`;
