/**
 * Every action the audit trail records, by its stored name, with the part of the work it
 * belongs to. The server types `recordAudit` with it and the client's label table is keyed by
 * it, so a new action cannot be recorded without a label a person can read.
 */
const AUDIT_ACTION_AREAS = {
  sop_created: 'procedures',
  sop_updated: 'procedures',
  sop_details_changed: 'procedures',
  sop_version_created: 'procedures',
  attachment_uploaded: 'procedures',
  sop_submitted: 'procedures',
  sop_step_approved: 'procedures',
  sop_approved: 'procedures',
  sop_changes_requested: 'procedures',
  sop_rejected: 'procedures',
  co_approver_added: 'procedures',
  sop_review_comment_added: 'procedures',
  sop_review_confirmed: 'procedures',
  sop_attested: 'procedures',
  reading_reminded: 'procedures',
  sop_emailed: 'procedures',
  controlled_copy_printed: 'procedures',
  sop_withdrawn: 'procedures',
  translation_added: 'procedures',
  translation_approved: 'procedures',
  sop_deleted: 'procedures',
  approval_route_updated: 'procedures',
  manual_created: 'procedures',
  manual_structure_changed: 'procedures',
  manual_controlled_copy_printed: 'procedures',
  circular_created: 'procedures',
  circular_acknowledged: 'procedures',
  absence_set: 'own account',
  absence_cleared: 'own account',
  daily_program_uploaded: 'published files',
  daily_program_deleted: 'published files',
  itinerary_uploaded: 'published files',
  itinerary_deleted: 'published files',
  department_created: 'administration',
  department_updated: 'administration',
  department_deleted: 'administration',
  position_created: 'administration',
  position_updated: 'administration',
  template_created: 'administration',
  template_updated: 'administration',
  template_deleted: 'administration',
  user_created: 'administration',
  user_registered: 'own account',
  user_approved: 'administration',
  user_updated: 'administration',
  user_deactivated: 'administration',
  user_deleted: 'administration',
  user_password_reset: 'administration',
  password_changed: 'own account',
  email_verified: 'own account',
  passkey_registered: 'own account',
  passkey_removed: 'own account',
  passkeys_removed: 'administration',
  sso_signed_in: 'own account',
  user_created_by_sso: 'own account',
  sso_identity_linked: 'administration',
  sso_identity_unlinked: 'administration',
  registration_opened: 'administration',
  registration_closed: 'administration',
  sso_accounts_allowed: 'administration',
  sso_accounts_refused: 'administration',
  signatures_required: 'administration',
  signatures_not_required: 'administration',
  vessel_registered: 'administration',
  fleet_message_refused: 'fleet',
  fleet_message_retried: 'administration',
  fleet_message_discarded: 'administration',
} as const satisfies Record<string, 'procedures' | 'published files' | 'own account' | 'administration' | 'fleet'>;

export type AuditAction = keyof typeof AUDIT_ACTION_AREAS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_AREAS) as AuditAction[];

/**
 * What an administrator does in the Administration Center: accounts, departments, templates,
 * settings, the vessel register and the fleet's set-aside messages. The Admin page's activity
 * card shows these, not the crew's reading and writing of procedures.
 */
export const ADMIN_ACTIONS = AUDIT_ACTIONS.filter((action) => AUDIT_ACTION_AREAS[action] === 'administration');
