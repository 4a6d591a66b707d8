export const SOP_STATUSES = ['draft', 'submitted', 'in_review', 'changes_requested', 'approved', 'published', 'archived'] as const;
export type SopStatus = (typeof SOP_STATUSES)[number];

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'changes_requested'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
