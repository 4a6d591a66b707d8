import type { AuditAction } from '@common/audit-actions';
import type { MailKind } from '@common/contracts/notification-preferences';
import type { SignedMeaning } from '@common/signature-meanings';
import { msg } from '@lingui/core/macro';
import { lookUp, translatedTable } from './labels';

/**
 * The words of the tables only some screens show (the audit log, an SOP's history, the recent
 * activity, the mail switches), apart from labels.ts: that module is part of every page's first
 * script, and these sixty sentences are not needed to draw the first screen.
 */

/** Each audit event as a person reads it, the thing named where the action alone could be anything's. */
export const EVENT_LABELS: Record<AuditAction, string> = translatedTable<AuditAction>({
  sop_created: msg`SOP created`,
  sop_updated: msg`SOP details edited`,
  sop_details_changed: msg`SOP details changed while in force`,
  sop_version_created: msg`New version added`,
  attachment_uploaded: msg`File added`,
  sop_submitted: msg`Submitted for approval`,
  sop_step_approved: msg`Review step approved`,
  sop_approved: msg`SOP approved`,
  sop_changes_requested: msg`Changes requested`,
  sop_rejected: msg`SOP rejected`,
  co_approver_added: msg`Co-approver added`,
  sop_review_comment_added: msg`Review comment added`,
  sop_review_confirmed: msg`Periodic review confirmed`,
  sop_attested: msg`Read and attested`,
  reading_reminded: msg`Reminded to read`,
  sop_emailed: msg`SOP sent by e-mail`,
  controlled_copy_printed: msg`Controlled copy printed`,
  sop_withdrawn: msg`SOP withdrawn`,
  translation_added: msg`Translation added`,
  translation_approved: msg`Translation approved`,
  sop_deleted: msg`SOP deleted`,
  approval_route_updated: msg`Review route changed`,
  manual_created: msg`Manual created`,
  manual_structure_changed: msg`Manual chapters and sections arranged`,
  manual_controlled_copy_printed: msg`Manual printed as a controlled copy`,
  circular_created: msg`Circular drafted`,
  circular_details_changed: msg`Circular's audience or days changed`,
  circular_acknowledged: msg`Circular acknowledged for the vessel`,
  suggestion_made: msg`Change suggested`,
  suggestion_triaged: msg`Suggestion answered`,
  review_template_saved: msg`Master's review template changed`,
  master_review_signed: msg`Master's review signed`,
  review_finding_answered: msg`Review finding answered`,
  absence_set: msg`Absence and delegate set`,
  absence_cleared: msg`Absence ended`,
  daily_program_uploaded: msg`Daily program uploaded`,
  daily_program_deleted: msg`Daily program deleted`,
  itinerary_uploaded: msg`Itinerary uploaded`,
  itinerary_deleted: msg`Itinerary deleted`,
  department_created: msg`Department created`,
  department_updated: msg`Department edited`,
  department_deleted: msg`Department deleted`,
  position_created: msg`Position created`,
  position_updated: msg`Position edited`,
  template_created: msg`Template created`,
  template_updated: msg`Template edited`,
  template_deleted: msg`Template deleted`,
  user_created: msg`User created`,
  user_registered: msg`User registered`,
  user_approved: msg`Account approved`,
  user_updated: msg`User edited`,
  user_deactivated: msg`User deactivated`,
  user_deleted: msg`User deleted`,
  user_password_reset: msg`Password reset by an admin`,
  password_changed: msg`Password changed`,
  email_verified: msg`E-mail address confirmed`,
  passkey_registered: msg`Passkey added`,
  passkey_removed: msg`Passkey removed`,
  passkeys_removed: msg`Passkeys removed by an admin`,
  sso_signed_in: msg`Signed in with single sign-on`,
  user_created_by_sso: msg`User created at first single sign-on`,
  sso_identity_linked: msg`Single sign-on identity linked`,
  sso_identity_unlinked: msg`Single sign-on identity unlinked`,
  registration_opened: msg`Registration opened`,
  registration_closed: msg`Registration closed`,
  sso_accounts_allowed: msg`Single sign-on creates accounts`,
  sso_accounts_refused: msg`Single sign-on refuses new people`,
  signatures_required: msg`Signatures required`,
  signatures_not_required: msg`Signatures no longer required`,
  vessel_registered: msg`Vessel registered`,
  fleet_message_refused: msg`Message from a ship set aside`,
  fleet_message_retried: msg`Set-aside ship message retried`,
  inspection_pack_made: msg`Inspection pack made`,
  fleet_message_discarded: msg`Set-aside ship message discarded`,
});

/** The kinds of record an event is about. */
const ENTITY_LABELS: Record<string, string> = translatedTable({
  sop: msg`SOP`,
  attachment: msg`File`,
  daily_program: msg`Daily program`,
  itinerary: msg`Itinerary`,
  department: msg`Department`,
  template: msg`Template`,
  manual: msg`Manual`,
  user: msg`User`,
  settings: msg`Settings`,
  vessel: msg`Vessel`,
});

export const eventLabel = (action: string): string => lookUp(EVENT_LABELS, action);
export const entityLabel = (entityType: string): string => lookUp(ENTITY_LABELS, entityType);

export const SIGNATURE_MEANING_LABELS: Record<SignedMeaning, string> = translatedTable<SignedMeaning>({
  approved: msg`Approved`,
  reviewed: msg`Reviewed`,
  changes_requested: msg`Changes requested`,
  rejected: msg`Rejected`,
  read_and_understood: msg`Read and understood`,
});
export const MAIL_KIND_LABELS: Record<MailKind, string> = translatedTable<MailKind>({
  approval: msg`An approval task is waiting for me`,
  changes_requested: msg`Changes are requested on my SOP`,
  reading: msg`New required reading`,
  reading_reminder: msg`Reminders when my required reading is nearly due, due, or overdue`,
  review_due: msg`A periodic review of my SOP is due`,
  backup_failed: msg`A scheduled backup failed`,
  suggestion_answered: msg`My suggestion for a change is answered`,
});
