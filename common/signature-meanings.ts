/**
 * What a signature says the signer did. Outside the zod contracts, so the screens that show
 * signatures do not load zod; the contracts build their enums from these lists.
 */

/** How a decision on a step counts: the meaning recorded with the signer. */
export const SIGNATURE_MEANINGS = ['approved', 'reviewed', 'changes_requested', 'rejected'] as const;
export type SignatureMeaning = (typeof SIGNATURE_MEANINGS)[number];

/** Every meaning a signature can carry: a step's decision, or an attestation ('read_and_understood'). */
export const SIGNED_MEANINGS = [...SIGNATURE_MEANINGS, 'read_and_understood'] as const;
export type SignedMeaning = (typeof SIGNED_MEANINGS)[number];

/** The meanings in words, as the history timeline and the signature page print them. */
export const SIGNATURE_MEANING_LABELS: Record<SignedMeaning, string> = {
  approved: 'Approved',
  reviewed: 'Reviewed',
  changes_requested: 'Changes requested',
  rejected: 'Rejected',
  read_and_understood: 'Read and understood',
};
