/**
 * The stable machine codes every error answer carries beside its person-readable `message`.
 * A client switches on the code and shows the message; the message may be reworded, the
 * code may not. The general codes follow the HTTP status (one per status); the specific
 * ones name a case a client must tell apart from others with the same status. Kept apart from
 * the zod contracts (errors.ts builds the error body from it) so the client's shell reads the
 * list without loading zod (decision 027).
 */
export const ERROR_CODES = [
  // One per status (the default when nothing more specific applies).
  'validation', // 400
  'unauthorized', // 401: no session, or it ended
  'forbidden', // 403
  'not_found', // 404
  'conflict', // 409
  'too_large', // 413
  'unsupported_type', // 415
  'rate_limited', // 429
  'server_error', // 500
  'busy', // 503
  'bad_request', // any other 4xx
  // Specific cases.
  'invalid_credentials', // 401 at sign-in: wrong name or password (not an ended session)
  'registration_closed', // 403 at registration
  'awaiting_approval', // 403 at sign-in: a self-registered account an administrator has not approved yet
  'cross_site', // 403: a request from another site
  'own_submission', // 403: deciding on a version one submitted oneself
  'own_translation', // 403: approving a translation one added oneself
  'duplicate', // 409: a name or number that is already taken
  'concurrent_change', // 409: another change met this one; retrying may succeed
  'already_decided', // 409: the approval task was decided meanwhile
  'under_review', // 409: the SOP is waiting for an approver's decision
  'stale_version', // 409: the version is approved or superseded and cannot change
  'new_version_needed', // 409: changes were requested on the latest version; a new version must be saved before submitting again
  'not_published', // 409: nothing published to act on: only a published version can be attested, or confirmed by a periodic review
  'preview_failed', // 422: the preview could not be generated (never retried)
  'not_in_force', // 409: a controlled copy is printed only from the version in force
  'not_pdf', // 409: a controlled copy is made only from a PDF
  'unreadable_document', // 422: the file could not be stamped, read as a table or converted for the reader
  'preview_unavailable', // 422: no table preview for this kind of file (.xls); it still downloads
  'office_only', // 409 on a ship: the office owns this record; the change is made ashore
  'ship_only', // 409 ashore: only a ship's copy does this (a vessel's acknowledgement of a circular)
  'unavailable', // 503 from /healthz: the database cannot be reached
  'not_on_step', // 403: the approval task's current step is for other approvers
  'already_signed', // 409: the caller already decided on this version (nobody decides twice)
  'withdraw_instead', // 409: an SOP that has had a version in force is withdrawn, never deleted
  'withdrawn', // 409: the SOP was withdrawn; it is kept in the archive and cannot change
  'already_reminded', // 409: the person was reminded of their reading today already (once a day)
  'signature_failed', // 401: an electronic signature was required and missing, or its password or passkey did not verify
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
