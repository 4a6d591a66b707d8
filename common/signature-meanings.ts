/**
 * What a signature says the signer did, in words; attesting is always 'read_and_understood'.
 * Outside the zod contracts, so the screens that show signatures do not load zod.
 */
export const SIGNATURE_MEANING_LABELS = {
  approved: 'Approved',
  reviewed: 'Reviewed',
  changes_requested: 'Changes requested',
  rejected: 'Rejected',
  read_and_understood: 'Read and understood',
} as const;
